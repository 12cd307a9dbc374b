import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Cell, CellGroup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cellgroup/style/css';
import { AmountText } from '@/components/amount-text/amount-text';
import { AutoSwiper } from '@/components/auto-swiper/auto-swiper';
import { DatePickerSheet } from '@/components/date-picker-sheet/date-picker-sheet';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { InfoBanner } from '@/components/info-banner/info-banner';
import { Marquee } from '@/components/marquee/marquee';
import { PercentText } from '@/components/percent-text/percent-text';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { TradePasswordDialog } from '@/components/trade-password-dialog/trade-password-dialog';
import { DATE_PICKER_DEMO_MIN } from '@/lib/constants';
import { FUND_SAMPLES } from '@/lib/fund-samples';
import { specUrl } from '@/lib/routes';
import { getLocale } from '@/locales/i18n';
import { chooseLocale } from '@/platform/locale-preference';
import { t } from '@/locales/demo';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell } from '../shell/page-shell';
import { demoShortcutLinks } from './demo-links';
import './index.scss';

/** The demo's trade password (documented on the page): anything else is "wrong". */
export const DEMO_TRADE_PASSWORD = '123456';
/** A pretend verification round trip, so the dialog's loading state is visible. */
export const DEMO_VERIFY_MS = 300;

type PasswordOutcome = 'correct' | 'mismatch' | null;

/** A titled, full-width area for widgets that need the whole row (a Cell squeezes them). */
function DemoBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View className='demo-page__block demo-page__block--titled'>
      <Text className='demo-page__block-title'>{title}</Text>
      {children}
    </View>
  );
}

// /n/demo: the developer demo page (docs/PRODUCT.md §2): every shared widget live, the shortcut links, the fund samples.
export default function DemoPage() {
  const [, setLocaleShown] = useState(getLocale());
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [outcome, setOutcome] = useState<PasswordOutcome>(null);
  const [dateOpen, setDateOpen] = useState(false);
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const verifyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (verifyTimer.current !== null) clearTimeout(verifyTimer.current);
    },
    [],
  );

  const switchLocale = (): void => {
    const next = getLocale() === 'zh-CN' ? 'en-US' : 'zh-CN';
    // Remembered like the header menu's switch (platform/locale-preference.ts).
    chooseLocale(next);
    setLocaleShown(next);
  };

  const passwordError = t('demo.password.error', { reason: t('demo.password.reasonMismatch') });

  const verifyPassword = (password: string): void => {
    setVerifying(true);
    verifyTimer.current = setTimeout(() => {
      verifyTimer.current = null;
      setVerifying(false);
      if (password === DEMO_TRADE_PASSWORD) {
        setOutcome('correct');
        setPasswordOpen(false);
        showToast(t('demo.password.correct'), { type: 'success' });
      } else {
        setOutcome('mismatch');
      }
    }, DEMO_VERIFY_MS);
  };

  const openPassword = (): void => {
    setOutcome(null);
    setPasswordOpen(true);
  };

  const outcomeText = outcome === 'correct' ? t('demo.password.correct') : outcome === 'mismatch' ? passwordError : null;

  return (
    <PageShell title={t('demo.title')} className='demo-page'>
      <View className='demo-page__head'>
        <Text className='demo-page__title'>{t('demo.title')}</Text>
        <Button size='small' fill='outline' onClick={switchLocale}>
          {t('demo.switchLocale')}
        </Button>
      </View>

      <CellGroup title={t('demo.section.widgets')}>
        <View className='demo-page__block'>
          <InfoBanner>{t('demo.banner.info')}</InfoBanner>
          <InfoBanner type='warning' closable>
            {t('demo.banner.warning')}
          </InfoBanner>
          <InfoBanner type='error'>{t('demo.banner.error')}</InfoBanner>
          <InfoBanner type='success'>{t('demo.banner.success')}</InfoBanner>
        </View>

        <View className='demo-page__block'>
          <Marquee>{t('demo.marquee')}</Marquee>
        </View>

        <View className='demo-page__block'>
          <AutoSwiper height={120}>
            {[1, 2, 3].map((n) => (
              <View key={n} className={`demo-page__slide demo-page__slide--${n}`}>
                <Text>{t('demo.swiper.slide', { n })}</Text>
              </View>
            ))}
          </AutoSwiper>
        </View>

        <DemoBlock title={t('demo.numbers.title')}>
          <View className='demo-page__numbers'>
            <AmountText value='1234.56' sign />
            <AmountText value='-78.9' sign />
            <AmountText value='123456789' colored={false} />
            <PercentText value='3.456' sign />
            <PercentText value='-1.2' sign />
            <PercentText value='0' sign />
          </View>
        </DemoBlock>

        <Cell
          title={t('demo.password.open')}
          description={
            <View>
              <View>{t('demo.password.hint')}</View>
              {outcomeText ? <View className='demo-page__result'>{t('demo.password.result', { result: outcomeText })}</View> : null}
            </View>
          }
          extra={
            <Button size='small' type='primary' onClick={openPassword}>
              {t('demo.password.open')}
            </Button>
          }
        />
        <TradePasswordDialog
          visible={passwordOpen}
          payee={t('demo.password.payee')}
          amount='1000'
          loading={verifying}
          // The dialog clears the dots itself when verification ends with it still open.
          error={outcome === 'mismatch' ? passwordError : undefined}
          onComplete={verifyPassword}
          onCancel={() => setPasswordOpen(false)}
        />

        <Cell
          title={t('demo.datePicker.open', { min: DATE_PICKER_DEMO_MIN })}
          description={pickedDate ? t('demo.datePicker.picked', { date: pickedDate }) : undefined}
          extra={
            <Button size='small' onClick={() => setDateOpen(true)}>
              {t('components.datePicker.title')}
            </Button>
          }
        />
        <DatePickerSheet visible={dateOpen} min={DATE_PICKER_DEMO_MIN} onConfirm={setPickedDate} onClose={() => setDateOpen(false)} />

        <DemoBlock title={t('demo.empty.title')}>
          <EmptyBox />
        </DemoBlock>
        <DemoBlock title={t('demo.error.title')}>
          <ErrorBox onRetry={() => showToast(t('demo.error.retried'))} refreshable />
        </DemoBlock>
        <DemoBlock title={t('demo.skeleton.title')}>
          <SkeletonList items={2} />
        </DemoBlock>
        <DemoBlock title={t('demo.pullRefresh.title')}>
          <PullRefresh onRefresh={async () => setRefreshes((n) => n + 1)}>
            <View className='demo-page__pull'>{t('demo.pullRefresh.count', { n: refreshes })}</View>
          </PullRefresh>
        </DemoBlock>
      </CellGroup>

      <CellGroup title={t('demo.section.links')}>
        {demoShortcutLinks().map((link) => (
          <Cell key={link.name} className='demo-page__link' title={link.url} clickable onClick={() => void navigateToSpecUrl(link.url)} />
        ))}
      </CellGroup>

      <CellGroup title={t('demo.section.fundSamples')}>
        {FUND_SAMPLES.map((sample) => {
          const url = specUrl('fundDetail', { fundcode: sample.code });
          return <Cell key={sample.code} title={t(sample.labelKey)} extra={url} clickable onClick={() => void navigateToSpecUrl(url)} />;
        })}
      </CellGroup>
    </PageShell>
  );
}
