import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { InfoBanner } from '@/components/info-banner/info-banner';
import { PercentText } from '@/components/percent-text/percent-text';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatNav } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/fund';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { useElderWording } from '@/platform/elder-mode';
import { showToast } from '@/platform/feedback';
import { startLogin } from '@/platform/login';
import { navigateToSpecUrl } from '@/platform/navigation';
import type { FundQuote, WatchItem } from '@/lib/api-types/watchlist';
import { getFundQuotes } from './api';
import { fundCodeOfSymbol, useWatchlist } from './watchlist-store';
import './watchlist.scss';

/** The return column's periods (the quote's field of each). */
export const WATCH_PERIODS = ['1w', '1m', '3m', '6m', 'ty', '1y', '3y', 'base'] as const;
export type WatchPeriod = (typeof WATCH_PERIODS)[number];
const PERIOD_FIELD: Record<WatchPeriod, keyof FundQuote> = {
  '1w': 'nav_grl1w',
  '1m': 'nav_grl1m',
  '3m': 'nav_grl3m',
  '6m': 'nav_grl6m',
  ty: 'nav_grlty',
  '1y': 'nav_grl1y',
  '3y': 'nav_grl3y',
  base: 'nav_grbase',
};
const MONEY_MARKET = '4';

/**
 * The sortable columns, as Tiantian's and Danjuan's watchlists have them: the latest NAV (money-market funds: their
 * income per 10k units), the day's change and the chosen period's return. A money-market fund has no day's change
 * (its NAV stays 1): its 日涨幅 reads "--" and it sorts last there; its 七日年化 is shown, labelled, under its name —
 * a yield is not a day's change, and mixing them made the column's order meaningless (issue 17).
 */
export type WatchSortKey = 'nav' | 'change' | 'return';
export interface WatchSort {
  key: WatchSortKey;
  desc: boolean;
}

/** The figure a column sorts by: what the row shows in it; null (no figure) sorts last. */
export function watchFigure(quote: FundQuote | undefined, key: WatchSortKey, period: WatchPeriod): number | null {
  if (!quote) return null;
  const money = quote.sf_type === MONEY_MARKET;
  const raw =
    key === 'nav'
      ? money
        ? quote.income_per_10k
        : quote.unit_nav
      : key === 'change'
        ? money
          ? null
          : quote.nav_grtd
        : quote[PERIOD_FIELD[period]];
  const n = raw == null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** The funds in the list's order, or sorted by a column (ties and missing figures keep the list's order). */
export function sortWatchlist(
  items: readonly WatchItem[],
  quotes: ReadonlyMap<string, FundQuote>,
  sort: WatchSort | null,
  period: WatchPeriod,
): WatchItem[] {
  if (!sort) return [...items];
  const figure = (item: WatchItem) => watchFigure(quotes.get(fundCodeOfSymbol(item.symbol) ?? ''), sort.key, period);
  return items
    .map((item, index) => ({ item, index, value: figure(item) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      return (sort.desc ? b.value - a.value : a.value - b.value) || a.index - b.index;
    })
    .map((x) => x.item);
}

function FundRow({
  item,
  quote,
  period,
  editing,
  onRemove,
}: {
  item: WatchItem;
  quote: FundQuote | undefined;
  period: WatchPeriod;
  editing: boolean;
  onRemove: () => void;
}) {
  const w = useElderWording();
  const code = fundCodeOfSymbol(item.symbol) as string;
  const money = quote?.sf_type === MONEY_MARKET;
  const name = quote?.fd_name ?? item.name;
  return (
    <View
      className='watchlist__row'
      data-testid='watchlist-row'
      data-code={code}
      onClick={() => {
        if (!editing) void navigateToSpecUrl(specUrl('fundDetail', { fundcode: code }));
      }}
    >
      <View className='watchlist__name'>
        {/* One line, cut with an ellipsis; the whole name for screen readers. */}
        <Text className='watchlist__fund-name' aria-label={name}>
          {name}
        </Text>
        <View className='watchlist__sub'>
          <Text className='watchlist__code'>{code}</Text>
          {money ? (
            <Text className='watchlist__yield' data-testid='watchlist-yield7d'>
              {w('fund.optional.yield7d')} <PercentText value={quote?.yield_7d} />
            </Text>
          ) : null}
        </View>
      </View>
      {editing ? (
        <Button
          size='small'
          fill='outline'
          onClick={(event) => {
            event.stopPropagation();
            onRemove();
          }}
        >
          {t('fund.optional.remove')}
        </Button>
      ) : (
        <>
          <View className='watchlist__cell watchlist__cell--nav' data-testid='watchlist-nav'>
            <Text className='watchlist__figure'>{money ? formatNav(quote?.income_per_10k) : formatNav(quote?.unit_nav)}</Text>
            <Text className='watchlist__caption'>
              {money ? w('fund.optional.income10k') : quote?.end_date ? quote.end_date.slice(5) : '--'}
            </Text>
          </View>
          <View className='watchlist__cell' data-testid='watchlist-change'>
            {money ? <Text className='watchlist__figure watchlist__none'>--</Text> : <PercentText value={quote?.nav_grtd} sign />}
          </View>
          <View className='watchlist__cell' data-testid='watchlist-return'>
            <PercentText value={quote?.[PERIOD_FIELD[period]]} sign />
          </View>
        </>
      )}
    </View>
  );
}

/**
 * A sortable column's header, marked as the valuation table's are: ↕ when not sorted by it, ↓ high to low, ↑ low to
 * high, in the accent colour while it sorts the list.
 */
function SortHead({ label, column, sort, onSort }: { label: string; column: WatchSortKey; sort: WatchSort | null; onSort: () => void }) {
  const active = sort?.key === column;
  return (
    <View
      className={`watchlist__cell watchlist__sort${active ? ' watchlist__sort--active' : ''}${column === 'nav' ? ' watchlist__cell--nav' : ''}`}
      data-testid={`watchlist-sort-${column}`}
      data-sort={active ? (sort.desc ? 'desc' : 'asc') : undefined}
      aria-label={t('fund.optional.sortBy', { column: label })}
      onClick={onSort}
    >
      <Text>{label}</Text>
      <Text className='watchlist__arrow'>{active ? (sort.desc ? '↓' : '↑') : '↕'}</Text>
    </View>
  );
}

function OtherRow({ item, onRemove }: { item: WatchItem; onRemove: () => void }) {
  return (
    <View className='watchlist__row' data-testid='watchlist-row'>
      <View className='watchlist__name'>
        <Text className='watchlist__fund-name'>{item.name}</Text>
        <Text className='watchlist__code'>{item.symbol}</Text>
      </View>
      <Button size='small' fill='outline' onClick={onRemove}>
        {t('fund.optional.remove')}
      </Button>
    </View>
  );
}

/**
 * The watchlist page: funds first, with their latest NAV (and its date; money-market funds: 万份收益), the day's
 * change (money-market funds: "--", their 七日年化 under their name) and a return over a chosen period, sortable by each of the three (a header tap: high to low,
 * low to high, the list's own order); then (logged in) the stocks
 * and indices of the same Xueqiu list. 编辑 shows each row's 删除.
 */
export function WatchlistScreen({ loggedIn, statusKnown }: { loggedIn: boolean; statusKnown: boolean }) {
  const { items, status, load, remove } = useWatchlist();
  // Elder mode: plain words for 最新净值, 日涨幅, 七日年化, 万份收益 and the local-list notice.
  const w = useElderWording();
  const [period, setPeriod] = useState<WatchPeriod>('1m');
  const [sort, setSort] = useState<WatchSort | null>(null);
  const [editing, setEditing] = useState(false);
  const funds = items.filter((i) => fundCodeOfSymbol(i.symbol));
  const others = items.filter((i) => !fundCodeOfSymbol(i.symbol));
  const codes = funds.map((i) => fundCodeOfSymbol(i.symbol) as string);
  const codesKey = [...codes].sort().join(',');
  const quotes = useRemote(() => (codes.length === 0 ? Promise.resolve(new Map<string, FundQuote>()) : getFundQuotes(codes)), [codesKey]);

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

  const here = specUrl('watchlist');
  const quoteMap = quotes.data ?? new Map<string, FundQuote>();
  const shown = sortWatchlist(funds, quoteMap, sort, period);
  // A header tap: sort high to low, then low to high, then back to the list's order.
  const onSort = (key: WatchSortKey) => () =>
    setSort((cur) => (cur?.key !== key ? { key, desc: true } : cur.desc ? { key, desc: false } : null));

  return (
    <View className='watchlist' data-testid='watchlist'>
      <PullRefresh onRefresh={async () => Promise.all([load(loggedIn), quotes.refresh()])}>
        {!loggedIn && (
          <View className='watchlist__local'>
            <InfoBanner>{w('fund.optional.local')}</InfoBanner>
            <Button size='small' type='primary' onClick={() => void startLogin({ redirect: here })}>
              {w('fund.optional.login')}
            </Button>
          </View>
        )}
        {items.length === 0 && (
          <EmptyBox title={t('fund.optional.empty')}>
            <Button size='small' type='primary' onClick={() => void navigateToSpecUrl(specUrl('fundFilter'))}>
              {t('fund.optional.browse')}
            </Button>
          </EmptyBox>
        )}
        {funds.length > 0 && (
          <>
            <View className='watchlist__tools'>
              <View className='watchlist__periods' data-testid='watchlist-periods'>
                {WATCH_PERIODS.map((p) => (
                  <Text
                    key={p}
                    className={`watchlist__period${p === period ? ' watchlist__period--active' : ''}`}
                    aria-selected={p === period}
                    onClick={() => setPeriod(p)}
                  >
                    {t(`fund.optional.period.${p}`)}
                  </Text>
                ))}
              </View>
              <Text className='watchlist__edit' data-testid='watchlist-edit' onClick={() => setEditing(!editing)}>
                {editing ? t('fund.optional.done') : t('fund.optional.edit')}
              </Text>
            </View>
            <View className='watchlist__row watchlist__row--head'>
              <Text className='watchlist__name'>{t('fund.optional.col.name')}</Text>
              {editing ? null : (
                <>
                  <SortHead label={w('fund.optional.col.nav')} column='nav' sort={sort} onSort={onSort('nav')} />
                  <SortHead label={w('fund.optional.col.change')} column='change' sort={sort} onSort={onSort('change')} />
                  <SortHead label={t(`fund.optional.period.${period}`)} column='return' sort={sort} onSort={onSort('return')} />
                </>
              )}
            </View>
            {quotes.status === 'error' ? (
              <View className='watchlist__quote-error' data-testid='watchlist-quote-error' onClick={quotes.retry}>
                <Text>{t('fund.optional.quoteFailed')}</Text>
              </View>
            ) : null}
          </>
        )}
        {shown.map((item) => (
          <FundRow
            key={item.symbol}
            item={item}
            quote={quoteMap.get(fundCodeOfSymbol(item.symbol) ?? '')}
            period={period}
            editing={editing}
            onRemove={() => void onRemove(item.symbol)}
          />
        ))}
        {others.length > 0 && <Text className='watchlist__caption-row'>{t('fund.optional.others')}</Text>}
        {others.map((item) => (
          <OtherRow key={item.symbol} item={item} onRemove={() => void onRemove(item.symbol)} />
        ))}
      </PullRefresh>
    </View>
  );
}
