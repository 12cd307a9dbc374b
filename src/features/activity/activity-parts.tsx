// Parts the activity pages share: the hero of an activity (title, subtitle, period, phase), its rules, the gates that
// send a visitor to log in or open an account (remembering the activity: backToActivityPage), and the page's tabs.
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import type { ActivitySummary } from '@/lib/api-types/activity';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/activity';
import { getLocale, localizedText } from '@/locales/i18n';
import { rememberActivityPage } from '@/platform/activity-return';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import './activity.scss';
import { businessNowMs } from '@/platform/business-clock';

/** A Shanghai date of an ISO instant: 2026-12-01. */
export function shanghaiDay(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The last day of an activity that ends at `iso` (its end instant minus a moment). */
export function lastDayOf(iso: string): string {
  return shanghaiDay(new Date(new Date(iso).getTime() - 1).toISOString());
}

export function textOf(zh: string, en: string): string {
  return localizedText(zh, en);
}

export function ActivityHero({ activity, children }: { activity: ActivitySummary; children?: React.ReactNode }) {
  return (
    <View className='act-hero' data-phase={activity.phase}>
      <Text className='act-hero__tag'>{t(`activity.phase.${activity.phase}`)}</Text>
      <View role='heading' aria-level={1} className='act-hero__title'>
        <Text>{textOf(activity.title, activity.title_en)}</Text>
      </View>
      {activity.subtitle ? <Text className='act-hero__subtitle'>{textOf(activity.subtitle, activity.subtitle_en)}</Text> : null}
      <Text className='act-hero__meta'>
        {t('activity.period', { start: shanghaiDay(activity.starts_at), end: lastDayOf(activity.ends_at) })} ·{' '}
        {t('activity.participants', { n: activity.participants })}
      </Text>
      {children}
    </View>
  );
}

export function ActivityRules({ activity }: { activity: ActivitySummary }) {
  if (activity.rules.length === 0) return null;
  return (
    <View className='act-card act-rules'>
      <Text className='act-card__title'>{t('activity.rules')}</Text>
      {activity.rules.map((rule, i) => (
        <Text key={i} className='act-text act-rules__item'>
          {i + 1}. {textOf(rule.text, rule.text_en)}
        </Text>
      ))}
    </View>
  );
}

/** Log in, then come back here (the login's redirect and backToActivityPage). */
export function goLogin(): void {
  const here = currentSpecUrl();
  rememberActivityPage(here);
  void startLogin({ redirect: here });
}

/** Open an account, then come back here. */
export function goOpenAccount(): void {
  const here = currentSpecUrl();
  rememberActivityPage(here);
  void navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }));
}

export function LoginGate({ text, open = false }: { text?: string; open?: boolean }) {
  return (
    <View className='act-card act-gate'>
      <Text className='act-text act-gate__text'>{text ?? (open ? t('activity.openFirst') : t('activity.loginFirst'))}</Text>
      <Button type='primary' block className='act-gate__button' onClick={open ? goOpenAccount : goLogin}>
        {open ? t('activity.open') : t('activity.login')}
      </Button>
    </View>
  );
}

export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: Array<{ key: K; label: string }>;
  active: K;
  onChange: (key: K) => void;
}) {
  return (
    <View className='act-tabs'>
      {tabs.map((tab) => (
        <Text
          key={tab.key}
          className={`act-tabs__tab${tab.key === active ? ' act-tabs__tab--active' : ''}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </Text>
      ))}
    </View>
  );
}

/**
 * Today in Shanghai on the business clock (the date picker's default and bound): the demo server's moved clock when the
 * page carries one, as the server reads dates — the device's date offered a day the server had not reached (the asset
 * proof refused 2026-11-29 on a demo started at BUSINESS_DATE=2026-02-13).
 */
export function shanghaiToday(): string {
  return shanghaiDay(new Date(businessNowMs()).toISOString());
}

export const isEnglish = () => getLocale() === 'en-US';
