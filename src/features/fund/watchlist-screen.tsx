import { useEffect } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { InfoBanner } from '@/components/info-banner/info-banner';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/fund';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { showToast } from '@/platform/feedback';
import { startLogin } from '@/platform/login';
import { navigateToSpecUrl } from '@/platform/navigation';
import type { WatchItem } from '@/lib/api-types/watchlist';
import { fundCodeOfSymbol, useWatchlist } from './watchlist-store';
import './watchlist.scss';

function Row({ item, onRemove }: { item: WatchItem; onRemove: () => void }) {
  const code = fundCodeOfSymbol(item.symbol);
  return (
    <View className='watchlist__row' data-testid='watchlist-row'>
      <View
        className='watchlist__name'
        onClick={() => {
          if (code) void navigateToSpecUrl(specUrl('fundDetail', { fundcode: code }));
        }}
      >
        <Text>{item.name}</Text>
        <Text className='watchlist__code'>{code ?? item.symbol}</Text>
      </View>
      <Button size='small' fill='outline' onClick={onRemove}>
        {t('fund.optional.remove')}
      </Button>
    </View>
  );
}

/** The watchlist page: funds first, then (logged in) the stocks and indices of the same Xueqiu list. */
export function WatchlistScreen({ loggedIn, statusKnown }: { loggedIn: boolean; statusKnown: boolean }) {
  const { items, status, load, remove } = useWatchlist();

  useEffect(() => {
    trackPage(PAGE_CODES.watchlist);
  }, []);
  useEffect(() => {
    if (statusKnown) void load(loggedIn);
  }, [statusKnown, loggedIn, load]);

  const onRemove = async (symbol: string) => {
    try {
      await remove(symbol, loggedIn);
      showToast(t('fund.watch.removed'));
    } catch {
      showToast(t('fund.watch.failed'));
    }
  };

  if (!statusKnown || status === 'idle' || status === 'loading') return <SkeletonList items={3} rows={1} />;
  if (status === 'error') return <ErrorBox onRetry={() => void load(loggedIn)} />;

  const funds = items.filter((i) => fundCodeOfSymbol(i.symbol));
  const others = items.filter((i) => !fundCodeOfSymbol(i.symbol));
  const here = specUrl('watchlist');

  return (
    <View className='watchlist' data-testid='watchlist'>
      <PullRefresh onRefresh={() => load(loggedIn)}>
        {!loggedIn && (
          <View className='watchlist__local'>
            <InfoBanner>{t('fund.optional.local')}</InfoBanner>
            <Button size='small' type='primary' onClick={() => void startLogin({ redirect: here })}>
              {t('fund.optional.login')}
            </Button>
          </View>
        )}
        {items.length === 0 && <EmptyBox title={t('fund.optional.empty')} />}
        {funds.map((item) => (
          <Row key={item.symbol} item={item} onRemove={() => void onRemove(item.symbol)} />
        ))}
        {others.length > 0 && <Text className='watchlist__caption'>{t('fund.optional.others')}</Text>}
        {others.map((item) => (
          <Row key={item.symbol} item={item} onRemove={() => void onRemove(item.symbol)} />
        ))}
      </PullRefresh>
    </View>
  );
}
