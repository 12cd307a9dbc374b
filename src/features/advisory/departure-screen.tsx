// /n/departure/latest/{advisorPortfolioCode} (issue 23, page codes departure_latest; with ?trading_id= one departure,
// departure_detail): the portfolio's
// latest departure — the advisor's reasoning, its legs in 份, the window to follow it, the investor's follow status —
// and the follow button: one plan order, one ordinary fund order per leg. docs/PRODUCT.md §7.5.
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { usePasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { useRemote } from '@/components/use-remote/use-remote';
import type { DepartureDetail } from '@/lib/api-types/advisory';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/advisory';
import { showToast } from '@/platform/feedback';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import {
  ADVISORY_CODES,
  buyPlan,
  encryptTradePassword,
  errorText,
  getDeparture,
  getLatestDeparture,
  newRequestId,
  resultCodeOf,
} from './api';
import './advisory.scss';

/** The latest departure, or with `tradingId` (`?trading_id=`) one departure of the history (departure_detail). */
export function LatestDepartureScreen({
  code,
  access,
  tradingId,
}: {
  code: string;
  access: { status: 'unknown' | 'loggedIn' | 'anonymous' };
  tradingId?: string;
}) {
  usePageCode(tradingId ? PAGE_CODES.departureDetail : PAGE_CODES.departureLatest);
  const remote = useRemote(() => (tradingId ? getDeparture(code, tradingId) : getLatestDeparture(code)), [code, tradingId, access.status]);
  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error') {
    const code430001 = resultCodeOf(remote.error) === ADVISORY_CODES.kycRequired;
    return (
      <View className='adv-page'>
        <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} />
        {code430001 || access.status === 'anonymous' ? (
          <View className='adv-actions'>
            <Button
              type='primary'
              block
              className='adv-primary'
              onClick={() =>
                access.status === 'anonymous'
                  ? void startLogin({ redirect: currentSpecUrl() })
                  : void navigateToSpecUrl(specUrl('advisorPortfolio', { advisorCode: code }))
              }
            >
              {access.status === 'anonymous' ? t('advisory.login') : t('advisory.kyc.title')}
            </Button>
          </View>
        ) : null}
      </View>
    );
  }
  return <Departure departure={remote.data} onFollowed={remote.refresh} />;
}

function Departure({ departure, onFollowed }: { departure: DepartureDetail; onFollowed: () => Promise<void> }) {
  const password = usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (e) => resultCodeOf(e) === ADVISORY_CODES.wrongPassword,
    errorText,
  });
  const follow = async () => {
    const requestId = await newRequestId('icfollow');
    const outcome = await password.run({ payee: t('advisory.follow.payee', { name: departure.plan_code }) }, (encryptedPassword) =>
      buyPlan({ planCode: departure.plan_code, tradingId: departure.trading_id, encryptedPassword, requestId }),
    );
    if (outcome.ok) {
      const failed = outcome.value.order.sub_order_list
        .flatMap((g) => g.orders)
        .filter((o) => o.status === 'failed')
        .map((o) => t('advisory.order.failed', { name: o.fd_name, reason: o.fail_reason ?? '' }));
      showToast(failed.length > 0 ? failed.join('；') : t('advisory.follow.done'), { type: failed.length > 0 ? undefined : 'success' });
      await onFollowed();
    } else if (!outcome.cancelled) showToast(errorText(outcome.error));
  };
  return (
    <View className='adv-page' data-testid='departure'>
      {password.dialog}
      <View className='adv-hero'>
        <View role='heading' aria-level={1} className='adv-hero__title'>
          <Text>{departure.trade_date}</Text>
        </View>
        <Text className={`adv-status adv-status--${departure.follow_status}`} data-testid='follow-status'>
          {t(`advisory.follow.status.${departure.follow_status}`)}
        </Text>
        <Text className='adv-muted'>
          {departure.window_closes
            ? t('advisory.follow.window', { opens: departure.window_opens, closes: departure.window_closes })
            : t('advisory.follow.windowOpen', { opens: departure.window_opens })}
        </Text>
      </View>
      <View className='adv-card'>
        <Text className='adv-text'>{departure.remark}</Text>
        {departure.trading_elements.map((e, i) => (
          <View key={i} className='adv-row'>
            <Text className='adv-row__name'>{e.fd_name}</Text>
            <Text className={`adv-row__value ${e.action === '022' ? 'adv-up' : 'adv-down'}`}>
              {e.action === '022' ? t('advisory.buyLeg', { n: e.portion }) : t('advisory.sellLeg', { n: e.portion })}
            </Text>
          </View>
        ))}
      </View>
      {departure.follow_status === 'open' ? (
        <View className='adv-actions'>
          <Button type='primary' block className='adv-primary adv-follow' onClick={() => void follow()}>
            {t('advisory.follow.submit')}
          </Button>
        </View>
      ) : null}
      {departure.follow_status === 'not_signed' ? (
        <View className='adv-actions'>
          <Button
            block
            className='adv-secondary'
            onClick={() => void navigateToSpecUrl(specUrl('advisorPortfolio', { advisorCode: departure.plan_code }))}
          >
            {t('advisory.sign.title')}
          </Button>
        </View>
      ) : null}
      <Text className='adv-muted adv-note'>{t('advisory.follow.guide')}</Text>
    </View>
  );
}
