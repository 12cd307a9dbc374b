import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { safeRedirectTarget, specUrl } from '@/lib/routes';
import { activityReturn } from '@/platform/activity-return';
import { TRADE_OPEN_REFERER } from '@/platform/bridge-enums';
import { t } from '@/locales/account';
import { navigateToSpecUrl } from '@/platform/navigation';
import type { RiskAssessment } from '@/lib/api-types/account';
import { getRiskAssessment } from '../api';
import { useAccountStore } from '../store';
import { CertificationForm } from './certification-form';
import { RequireLogin } from './require-login';
import { RiskQuestionnaire, RiskResultCard } from './risk-questionnaire';
import { TradePasswordSetup } from './trade-password-setup';
import '../account.scss';

// The account pages' bodies: each page under src/pages only reads its params and renders one of these.

export interface FlowParams {
  redirect?: string;
  buyUrl?: string;
  /**
   * Where the opening was started (SPEC's trade-open referers): COMBINATION_PAGE (an advisory portfolio),
   * HIGH_LEVEL_PAGE (its upgrade, 升级投顾). Carried through every step with `redirect`, which it returns to.
   */
  referer?: string;
}

/** The trade-open referers the opening flow knows, each with the line saying where it returns. */
const REFERER_RETURNS: Record<string, 'account.open.returnCombination' | 'account.open.returnUpgrade'> = {
  [TRADE_OPEN_REFERER.COMBINATION_PAGE]: 'account.open.returnCombination',
  [TRADE_OPEN_REFERER.HIGH_LEVEL_PAGE]: 'account.open.returnUpgrade',
};

/** Where a finished step continues: the activity it was started from (backToActivityPage), else `redirect` when it is one of ours, else my money. */
function afterFlow(redirect?: string): string {
  return activityReturn(redirect ? safeRedirectTarget(redirect) : specUrl('myMoney'));
}

function flowQuery({ redirect, buyUrl, referer }: FlowParams): Record<string, string | undefined> {
  return { redirect, buyUrl, referer: referer && REFERER_RETURNS[referer] ? referer : undefined };
}

/** /ccount: what opening takes, and where the user stands. */
export function OpenAccountScreen(params: FlowParams) {
  const status = useAccountStore((s) => s.status);
  const certified = useAccountStore((s) => s.certified);
  const hasTradePassword = useAccountStore((s) => s.hasTradePassword);
  const go = (url: string) => void navigateToSpecUrl(url);
  const certificationUrl = specUrl('certification', {}, { pageId: 6, ...flowQuery(params) });
  const returns = params.referer && params.redirect ? REFERER_RETURNS[params.referer] : undefined;
  return (
    <View className='account-card account-open'>
      <Text className='account-card__title'>{t('account.open.heading')}</Text>
      {returns ? (
        <Text className='account-field__hint' data-testid='account-open-return'>
          {t(returns)}
        </Text>
      ) : null}
      <View className='account-steps'>
        <Text className='account-steps__item'>1. {t('account.open.step1')}</Text>
        <Text className='account-steps__item'>2. {t('account.open.step2')}</Text>
        <Text className='account-steps__item'>3. {t('account.open.step3')}</Text>
      </View>
      {status === 'loggedIn' && certified && hasTradePassword ? (
        <Text className='account-field__hint account-open__done'>{t('account.open.done')}</Text>
      ) : status === 'loggedIn' && certified ? (
        <Button className='account-open__password' type='primary' block onClick={() => go(specUrl('tradePassword', {}, flowQuery(params)))}>
          {t('account.open.continuePassword')}
        </Button>
      ) : (
        <Button className='account-open__start' type='primary' block onClick={() => go(certificationUrl)}>
          {t('account.open.start')}
        </Button>
      )}
      <Text className='account-link account-open__find' onClick={() => go(specUrl('findFundAccount'))}>
        {t('account.open.findAccount')}
      </Text>
    </View>
  );
}

/** /ccount/certification: the real-name and bank-card form, then on to the trade password. */
export function CertificationScreen(params: FlowParams) {
  const certified = useAccountStore((s) => s.certified);
  const next = specUrl('tradePassword', {}, flowQuery(params));
  return (
    <RequireLogin buyUrl={params.buyUrl}>
      {certified ? (
        <View className='account-card'>
          <Text className='account-card__title'>{t('account.cert.already')}</Text>
          <Button className='account-cert__next' type='primary' block onClick={() => void navigateToSpecUrl(next, { replace: true })}>
            {t('account.open.continuePassword')}
          </Button>
        </View>
      ) : (
        <CertificationForm onCertified={() => void navigateToSpecUrl(next, { replace: true })} />
      )}
    </RequireLogin>
  );
}

/** /ccount/trade-password: six digits twice; needs the real-name step first. */
export function TradePasswordScreen(params: FlowParams) {
  const certified = useAccountStore((s) => s.certified);
  const hasTradePassword = useAccountStore((s) => s.hasTradePassword);
  const done = () => void navigateToSpecUrl(afterFlow(params.redirect), { replace: true });
  let body;
  if (hasTradePassword) {
    body = (
      <View className='account-card'>
        <Text className='account-card__title account-tp__already'>{t('account.tp.already')}</Text>
        <Button type='primary' block onClick={done}>
          {t('account.risk.done')}
        </Button>
      </View>
    );
  } else if (!certified) {
    body = (
      <View className='account-card'>
        <Text className='account-card__title account-tp__need-cert'>{t('account.tp.needCert')}</Text>
        <Button
          type='primary'
          block
          onClick={() => void navigateToSpecUrl(specUrl('certification', {}, { pageId: 6, ...flowQuery(params) }))}
        >
          {t('account.open.start')}
        </Button>
      </View>
    );
  } else {
    body = <TradePasswordSetup onDone={done} />;
  }
  return <RequireLogin buyUrl={params.buyUrl}>{body}</RequireLogin>;
}

/** /n/risk-assessment: the current level, why the assessment matters, then the questions. */
export function RiskAssessmentScreen({ redirect }: { redirect?: string }) {
  const [started, setStarted] = useState(false);
  const riskLevel = useAccountStore((s) => s.riskLevel);
  const riskExpired = useAccountStore((s) => s.riskExpired);
  const validUntil = useAccountStore((s) => s.riskValidUntil);
  const toResult = () => void navigateToSpecUrl(specUrl('riskResult', {}, { redirect }), { replace: true });
  return (
    <RequireLogin>
      {started ? (
        <RiskQuestionnaire onAssessed={toResult} />
      ) : (
        <View className='account-card account-risk-start'>
          <Text className='account-card__title'>{t('account.risk.title')}</Text>
          <Text className='account-muted'>{t('account.risk.intro')}</Text>
          <Text className='account-field__hint account-risk-start__status'>
            {riskLevel
              ? `${t('account.my.riskLevel', { level: riskLevel })} · ${t('account.risk.validUntil', { date: validUntil ?? '' })}`
              : riskExpired
                ? t('account.risk.expired')
                : t('account.risk.none')}
          </Text>
          <Button className='account-risk-start__go' type='primary' block onClick={() => setStarted(true)}>
            {riskLevel ? t('account.risk.retake') : t('account.risk.start')}
          </Button>
        </View>
      )}
    </RequireLogin>
  );
}

/** /n/risk-assessment/result: the latest assessment explained, with its validity. */
export function RiskResultScreen({ redirect }: { redirect?: string }) {
  // RequireLogin mounts the body (and so asks) once the visitor is known to be logged in.
  return (
    <RequireLogin>
      <RiskResult redirect={redirect} />
    </RequireLogin>
  );
}

function RiskResult({ redirect }: { redirect?: string }) {
  const loaded = useRemote<RiskAssessment | null>(getRiskAssessment, []);
  const result = loaded.data;
  let body;
  if (loaded.status === 'error') body = <ErrorBox onRetry={loaded.retry} />;
  else if (loaded.status === 'loading') body = <SkeletonList items={1} />;
  else if (result === null || result === undefined) {
    body = (
      <View className='account-card'>
        <Text className='account-card__title'>{t('account.risk.none')}</Text>
        <Button type='primary' block onClick={() => void navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect }), { replace: true })}>
          {t('account.risk.start')}
        </Button>
      </View>
    );
  } else {
    body = (
      <>
        <RiskResultCard result={result} />
        {result.expired ? <Text className='account-error'>{t('account.risk.expired')}</Text> : null}
        <View className='account-entries'>
          <Button
            className='account-risk-result__done'
            type='primary'
            block
            onClick={() => void navigateToSpecUrl(afterFlow(redirect), { replace: true })}
          >
            {t('account.risk.done')}
          </Button>
          <Button block onClick={() => void navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect }), { replace: true })}>
            {t('account.risk.retake')}
          </Button>
        </View>
      </>
    );
  }
  return body;
}
