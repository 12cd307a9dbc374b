import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { specUrl } from '@/lib/routes';
import type { IndexFunds } from '@/lib/api-types/discover';
import { t } from '@/locales/aip';
import { navigateToSpecUrl } from '@/platform/navigation';
import { purchaseErrorText } from '@/components/purchase/purchase-errors';
import { Disclosure } from '@/components/purchase/purchase-parts';
import { roleProps } from '@/components/a11y/role-props';
import { TEASER_INDEX_CODE, getIndexFunds } from './api';
import { BacktestCard } from './aip-parts';
import './aip.scss';

const go = (url: string) => () => void navigateToSpecUrl(url);
const FUND_CODE = /^\d{6}$/;
const TEASER_AMOUNT = '1000';
const LISTED_FUNDS = 5;

export interface IntroScreenProps {
  /** The fund the visitor came from (the fund page's 定投 passes `?fd_code=`). */
  fundCode?: string;
}

/** `/autoinvesment/intro`: auto-invest in plain words, a live backtest, and the way in. */
export function IntroScreen({ fundCode }: IntroScreenProps) {
  const named = fundCode && FUND_CODE.test(fundCode) ? fundCode : null;
  const funds = useRemote(() => getIndexFunds(TEASER_INDEX_CODE), []);
  const teaser = named ?? (funds.status === 'ready' ? (funds.data.funds[0]?.fd_code ?? null) : null);
  const teaserName = funds.status === 'ready' ? (funds.data.funds.find((f) => f.fd_code === teaser)?.fd_name ?? null) : null;
  return (
    <View className='aip-page aip-page--plain' data-testid='aip-intro'>
      <View className='aip-hero'>
        <Text className='aip-hero__title'>{t('aip.intro.title')}</Text>
        <Text className='aip-hero__lead'>{t('aip.intro.lead')}</Text>
      </View>

      <View className='aip-card' data-testid='aip-intro-explain'>
        {(['regular', 'average', 'smart'] as const).map((key) => (
          <View key={key} className='aip-point'>
            <Text className='aip-point__title'>{t(`aip.intro.${key}.title`)}</Text>
            <Text className='aip-muted'>{t(`aip.intro.${key}.text`)}</Text>
          </View>
        ))}
      </View>

      {named ? (
        <View className='aip-card aip-cta' data-testid='aip-intro-named'>
          <Text className='aip-muted'>{t('aip.intro.namedFund', { code: named })}</Text>
          <Button type='primary' block onClick={go(specUrl('autoInvestCreate', { fundcode: named }))} data-testid='aip-intro-start'>
            {t('aip.intro.startNamed')}
          </Button>
        </View>
      ) : null}

      {teaser ? (
        <BacktestCard
          code={teaser}
          amount={TEASER_AMOUNT}
          cycle='monthly'
          cycleDay={1}
          smart={false}
          testId='aip-teaser'
          title={t('aip.intro.teaserTitle', { fund: teaserName ?? teaser })}
        />
      ) : funds.status === 'loading' ? (
        <View className='aip-card'>
          <SkeletonList items={1} rows={3} />
        </View>
      ) : null}

      <View className='aip-card' data-testid='aip-intro-funds'>
        <Text className='aip-card__title'>{t('aip.intro.pickTitle')}</Text>
        {funds.status === 'loading' ? (
          <SkeletonList items={3} rows={1} />
        ) : funds.status === 'error' ? (
          <ErrorBox title={purchaseErrorText(funds.error)} onRetry={funds.retry} />
        ) : (
          <FundPicks data={funds.data} />
        )}
        <View className='aip-links'>
          <Text className='aip-link' data-testid='aip-intro-index-mass' onClick={go(specUrl('indexMass'))}>
            {t('aip.intro.indexMass')} ›
          </Text>
          <Text className='aip-link' data-testid='aip-intro-ranking' onClick={go(specUrl('rankAutoInvest'))}>
            {t('aip.intro.ranking')} ›
          </Text>
          <Text className='aip-link' data-testid='aip-intro-plans' onClick={go(specUrl('autoInvestTotalList'))}>
            {t('aip.intro.myPlans')} ›
          </Text>
        </View>
      </View>

      <View className='aip-card'>
        <Text className='aip-card__title'>{t('aip.intro.rulesTitle')}</Text>
        {(['schedule', 'holiday', 'failures', 'control'] as const).map((key) => (
          <Text key={key} className='aip-muted aip-bullet'>
            {t(`aip.intro.rule.${key}`)}
          </Text>
        ))}
      </View>

      <Disclosure testId='aip-disclosure' lines={[t('aip.disclosure.risk'), t('aip.disclosure.past')]} />
    </View>
  );
}

function FundPicks({ data }: { data: IndexFunds }) {
  const funds = data.funds.slice(0, LISTED_FUNDS);
  if (funds.length === 0) return <Text className='aip-muted'>{t('aip.intro.noFunds')}</Text>;
  return (
    <View>
      <Text className='aip-muted'>{t('aip.intro.pickLead', { index: data.name })}</Text>
      {funds.map((fund) => (
        <View
          key={fund.fd_code}
          className='aip-pick'
          data-testid='aip-intro-fund'
          {...roleProps('link')}
          onClick={go(specUrl('autoInvestCreate', { fundcode: fund.fd_code }))}
        >
          <View className='aip-pick__name'>
            <Text className='aip-pick__title'>{fund.fd_name}</Text>
            <Text className='aip-muted aip-inline'>{fund.fd_code}</Text>
          </View>
          <Text className='aip-link aip-inline'>{t('aip.intro.pickAction')} ›</Text>
        </View>
      ))}
    </View>
  );
}
