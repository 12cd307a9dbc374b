import { View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { useRemote } from '@/components/use-remote/use-remote';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/fund';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import type { RiskLevel } from '@/lib/api-types/account';
import type { FundSummary } from '@/lib/api-types/fund';
import { useElderWording } from '@/platform/elder-mode';
import type { FundState } from './fund-state';
import { fundSymbol, heldVolume } from './api';
import { startPurchase } from './start-purchase';
import { useWatchlist } from './watchlist-store';

export interface FundAccount {
  loggedIn: boolean;
  /** The account can trade (docs/PRODUCT.md §3 open_trade); null while unknown. */
  openTrade: boolean | null;
  /** The investor's assessed risk tolerance (C1–C5) and whether the assessment has expired (the fund page's notice). */
  riskLevel?: RiskLevel | null;
  riskExpired?: boolean;
}

export function FundActions({ fund, state, account }: { fund: FundSummary; state: FundState; account: FundAccount }) {
  const w = useElderWording();
  const symbol = fundSymbol(fund.fd_code);
  const watched = useWatchlist((s) => s.items.some((i) => i.symbol === symbol));
  // A holder may sell from here: ask only when the account can trade (nothing held, or any failure: no button).
  const canTrade = account.loggedIn && account.openTrade === true;
  const held = useRemote(() => (canTrade ? heldVolume(fund.fd_code) : Promise.resolve(false)), [fund.fd_code, canTrade]);
  const toggleFund = useWatchlist((s) => s.toggleFund);

  const onWatch = async () => {
    try {
      const now = await toggleFund(fund.fd_code, fund.fd_name, account.loggedIn);
      showToast(t(now ? 'fund.watch.added' : 'fund.watch.removed'));
    } catch {
      showToast(t('fund.watch.failed'));
    }
  };

  // A liquidated or delisted fund is gone for good: the button says so (not "not buyable for now"), and it is not
  // offered for watching; one already watched keeps 已自选 so it can be taken off the list.
  const endedLabel = fund.sale_status === 'closed' ? t('fund.action.closed') : t('fund.action.delisted');
  const buyLabel =
    state.buy === 'subscribe'
      ? t('fund.action.subscribe')
      : state.buy === 'buy'
        ? t('fund.action.buy')
        : state.ended
          ? endedLabel
          : t('fund.action.unavailable');

  return (
    <View className='fund-actions' data-testid='fund-actions'>
      {state.ended && !watched ? null : (
        <Button className='fund-actions__watch' fill='outline' size='large' onClick={() => void onWatch()} data-testid='watch-button'>
          {watched ? t('fund.action.unwatch') : t('fund.action.watch')}
        </Button>
      )}
      {state.autoInvest && (
        <Button
          className='fund-actions__auto'
          fill='outline'
          type='primary'
          size='large'
          onClick={() => void navigateToSpecUrl(specUrl('autoInvestCreate', { fundcode: fund.fd_code }))}
          data-testid='auto-invest-button'
        >
          {w('fund.action.autoInvest')}
        </Button>
      )}
      {held.status === 'ready' && held.data ? (
        <Button
          className='fund-actions__sell'
          fill='outline'
          type='primary'
          size='large'
          onClick={() => void navigateToSpecUrl(specUrl('sell', { fundcode: fund.fd_code }))}
          data-testid='sell-button'
        >
          {t('fund.action.sell')}
        </Button>
      ) : null}
      <Button
        className='fund-actions__buy'
        type='primary'
        size='large'
        disabled={state.buy === 'none'}
        onClick={() => void startPurchase(fund.fd_code, account)}
        data-testid='buy-button'
      >
        {buyLabel}
      </Button>
    </View>
  );
}
