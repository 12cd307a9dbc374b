// /xjb (issue 13 §1): the cash-management product 现金宝 — balance (total, available, unavailable), yesterday's and
// cumulative income, the 7-day yield and per-10k income with their 30/90-day chart, deposit (转入) and withdrawal
// (转出: 快速取现 or 普通取现), the orders on their way, the income day by day, the rule pages. Every figure is the
// server's decimal string, shown as it comes.
import { useMemo, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { AmountText } from '@/components/amount-text/amount-text';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { FigureRow, type FigureLook } from '@/components/figure-cell/figure-cell';
import { ErrorBox } from '@/components/error-box/error-box';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { usePagedList } from '@/components/use-remote/use-paged-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { isZeroDecimal, parseDecimal } from '@/lib/decimal';
import { formatAmount, formatShares } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/cash';
import type { CashSummary } from '@/lib/api-types/cash';
import { navigateToSpecUrl } from '@/platform/navigation';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { purchaseErrorText, resultCodeOf } from '@/components/purchase/purchase-errors';
import { ActionBar, ActionButton, Disclosure } from '@/components/purchase/purchase-parts';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { LinkTiles } from '@/components/a11y/link-tile';
import { YIELD_PERIODS, getCashIncome, getCashSummary, getCashYields, type YieldPeriod } from './api';
import { cashChartRows, type CashFigure } from './cash-chart-elements';
import { CashChart } from './cash-chart';
import { CASH_RESULT } from './cash-errors';
import { CashGate, CashOrderRow } from './cash-parts';
import { DepositForm, TransferResult, WithdrawForm, type Finished } from './cash-transfer';
import './cash.scss';

/** Who is looking, as the account store knows it (the page passes it in). */
export interface CashAccess {
  status: 'unknown' | 'loggedIn' | 'anonymous';
  /** The account can trade (opened, trade password set); null while unknown. */
  openTrade: boolean | null;
}

/** What the screen shows: the product, a form, or a form's outcome. */
export type CashView = 'home' | 'deposit' | 'withdraw';

export interface CashScreenProps {
  access: CashAccess;
  /** `/xjb?action=deposit|withdraw` opens the form at once. */
  initialView?: CashView;
}

const go = (url: string) => () => void navigateToSpecUrl(url);

/** The summary's income, side by side. */
const INCOME_FIGURE: FigureLook = {
  row: 'cash-summary__split cash-summary__split--income',
  cell: 'cash-summary__cell',
  label: 'cash-summary__cell-label',
  value: 'cash-summary__income',
};

function nonZero(text: string | null | undefined): boolean {
  const value = text === null || text === undefined ? null : parseDecimal(text);
  return value !== null && !isZeroDecimal(value);
}

const LoginGate = () => <CashGate kind='login' here={specUrl('xjb')} loginDesc />;
const OpenGate = () => <CashGate kind='open' here={specUrl('xjb')} />;

/** Gates first (logged in, account opened), then the product on `GET /djapi/xjb/summary`. */
export function CashScreen({ access, initialView = 'home' }: CashScreenProps) {
  if (access.status === 'unknown') return <SkeletonList items={3} rows={2} />;
  if (access.status === 'anonymous') return <LoginGate />;
  if (access.openTrade === false) return <OpenGate />;
  return <CashLoaded initialView={initialView} />;
}

function CashLoaded({ initialView }: { initialView: CashView }) {
  const summary = useRemote(() => getCashSummary(), []);
  const [view, setView] = useState<CashView>(initialView);
  const [finished, setFinished] = useState<Finished | null>(null);
  /** Bumped after a deposit or withdrawal (and on pull-to-refresh): the income list loads again. */
  const [generation, setGeneration] = useState(0);

  if (summary.status === 'loading') {
    return (
      <View data-testid='cash-loading'>
        <SkeletonList items={1} rows={3} />
        <SkeletonList items={2} rows={2} />
      </View>
    );
  }
  if (summary.status === 'error') {
    const code = resultCodeOf(summary.error);
    if (code === CASH_RESULT.notLoggedIn) return <LoginGate />;
    if (code === CASH_RESULT.accountNotOpened) return <OpenGate />;
    return (
      <View data-testid='cash-error'>
        <ErrorBox title={purchaseErrorText(summary.error)} onRetry={summary.retry} />
      </View>
    );
  }

  const home = () => {
    setFinished(null);
    setView('home');
  };
  const done = (outcome: Finished) => {
    setFinished(outcome);
    setGeneration((n) => n + 1);
    void summary.refresh();
  };

  if (finished) return <TransferResult finished={finished} onDone={home} />;
  if (view === 'deposit') return <DepositForm summary={summary.data} onBack={home} onDone={done} />;
  if (view === 'withdraw') return <WithdrawForm summary={summary.data} onBack={home} onDone={done} />;
  return (
    <PullRefresh
      onRefresh={async () => {
        setGeneration((n) => n + 1);
        await summary.refresh();
      }}
    >
      <CashHome
        data={summary.data}
        generation={generation}
        // 转入 inside a native app is its own quick recharge (docs/BRIDGE.md), elsewhere our deposit form.
        onDeposit={() => openInsteadInNativeApp('quickRecharge') || setView('deposit')}
        onWithdraw={() => setView('withdraw')}
      />
    </PullRefresh>
  );
}

function CashHome(props: { data: CashSummary; generation: number; onDeposit: () => void; onWithdraw: () => void }) {
  const w = useElderWording();
  const { data, generation } = props;
  const nothing = !nonZero(data.total) && data.in_progress.length === 0 && !nonZero(data.total_income);
  return (
    <View className='cash-page' data-testid='cash-screen'>
      <View className='cash-card cash-summary' data-testid='cash-summary'>
        <Text className='cash-summary__name'>{data.fd_name ? t('cash.summary.fund', { name: data.fd_name, code: data.fd_code }) : ''}</Text>
        <Text className='cash-summary__label'>{t('cash.summary.total')}</Text>
        <Text className='cash-summary__total' data-testid='cash-total'>
          {formatAmount(data.total)}
        </Text>
        <View className='cash-summary__split'>
          <View className='cash-summary__cell' data-testid='cash-available'>
            <Text className='cash-summary__cell-label'>{t('cash.summary.available')}</Text>
            <Text className='cash-summary__cell-value'>{formatAmount(data.available)}</Text>
          </View>
          <View
            {...roleProps('link')}
            className='cash-summary__cell cash-summary__cell--link'
            data-testid='cash-unavailable'
            onClick={go(specUrl('xjbUnavailableAmount'))}
          >
            <Text className='cash-summary__cell-label'>{`${t('cash.summary.unavailable')} ›`}</Text>
            <Text className='cash-summary__cell-value'>{formatAmount(data.unavailable)}</Text>
          </View>
        </View>
        <FigureRow
          look={INCOME_FIGURE}
          figures={[
            {
              label: data.yesterday_income_date
                ? t('cash.summary.incomeOn', { date: data.yesterday_income_date.slice(5) })
                : w('cash.summary.yesterdayIncome'),
              gain: data.yesterday_income,
              testId: 'cash-yesterday',
            },
            { label: t('cash.summary.totalIncome'), gain: data.total_income, testId: 'cash-total-income' },
          ]}
        />
      </View>

      <YieldCard data={data} />

      {nothing ? (
        <View className='cash-card' data-testid='cash-empty'>
          <EmptyBox title={t('cash.empty.title')} description={t('cash.empty.desc')}>
            <Button type='primary' size='small' onClick={props.onDeposit} data-testid='cash-empty-deposit'>
              {t('cash.action.deposit')}
            </Button>
          </EmptyBox>
        </View>
      ) : null}

      {data.in_progress.length > 0 ? (
        <View className='cash-card cash-card--list' data-testid='cash-in-progress'>
          <Text className='cash-card__title'>{t('cash.inProgress.title')}</Text>
          {data.in_progress.map((item) => (
            <CashOrderRow key={item.order_id} item={item} />
          ))}
        </View>
      ) : null}

      <IncomeList generation={generation} />

      <LinkTiles
        className='cash-links'
        itemClassName='cash-links__item'
        links={[
          { testId: 'cash-link-trade-rules', text: t('cash.rules.tradeTitle'), onClick: go(specUrl('xjbTradeRules')) },
          { testId: 'cash-link-withdrawal-rules', text: t('cash.rules.withdrawalTitle'), onClick: go(specUrl('xjbWithdrawalRules')) },
        ]}
      />

      <Disclosure testId='cash-disclosure' lines={[t('cash.disclosure.fund'), w('cash.disclosure.past')]} />

      <ActionBar className='cash-bar'>
        <ActionButton testId='cash-withdraw' fill='outline' text={t('cash.action.withdraw')} onClick={props.onWithdraw} />
        <ActionButton testId='cash-deposit' text={t('cash.action.deposit')} onClick={props.onDeposit} />
      </ActionBar>
    </View>
  );
}

/** The latest 7-day yield and per-10k income, and their chart over 30 or 90 days (public figures). */
function YieldCard({ data }: { data: CashSummary }) {
  const w = useElderWording();
  const [figure, setFigure] = useState<CashFigure>('yield');
  const [days, setDays] = useState<YieldPeriod>(30);
  const yields = useRemote(() => getCashYields(days), [days], { keepPreviousData: true });
  const points = yields.status === 'ready' ? yields.data.items : null;
  const rows = useMemo(() => (points ? cashChartRows(points, figure) : []), [points, figure]);
  return (
    <View className='cash-card cash-yield' data-testid='cash-yield'>
      <View className='cash-yield__figures' role='tablist' aria-label={t('cash.yield.chartLabel')}>
        <View
          className={`cash-yield__figure${figure === 'yield' ? ' cash-yield__figure--on' : ''}`}
          data-testid='cash-seven-day-yield'
          {...roleProps('tab')}
          aria-selected={figure === 'yield'}
          onClick={() => setFigure('yield')}
        >
          <Text className='cash-yield__label'>{w('cash.yield.sevenDay')}</Text>
          <Text className='cash-yield__value'>{data.seven_day_yield === null ? '--' : `${data.seven_day_yield}%`}</Text>
        </View>
        <View
          className={`cash-yield__figure${figure === 'per10k' ? ' cash-yield__figure--on' : ''}`}
          data-testid='cash-per-10k'
          {...roleProps('tab')}
          aria-selected={figure === 'per10k'}
          onClick={() => setFigure('per10k')}
        >
          <Text className='cash-yield__label'>{w('cash.yield.per10k')}</Text>
          <Text className='cash-yield__value cash-yield__value--plain'>{data.per_10k_income ?? '--'}</Text>
        </View>
      </View>
      {data.yield_date ? <Text className='cash-muted cash-yield__date'>{t('cash.yield.asOf', { date: data.yield_date })}</Text> : null}
      <View className='cash-yield__periods' role='tablist'>
        {YIELD_PERIODS.map((period) => (
          <View
            key={period}
            {...roleProps('tab')}
            aria-selected={period === days}
            className={`cash-yield__period${period === days ? ' cash-yield__period--on' : ''}`}
            data-testid={`cash-period-${period}`}
            onClick={() => setDays(period)}
          >
            <Text>{t('cash.yield.days', { days: period })}</Text>
          </View>
        ))}
      </View>
      {yields.status === 'error' ? <ErrorBox title={purchaseErrorText(yields.error)} onRetry={yields.retry} /> : null}
      {yields.status === 'loading' ? <View className='cash-chart__placeholder' role='status' aria-busy='true' /> : null}
      {points && rows.length === 0 ? <Text className='cash-muted'>{t('cash.yield.none')}</Text> : null}
      {rows.length > 0 ? (
        <View data-testid='cash-chart' data-figure={figure} data-days={days} data-points={rows.length}>
          <CashChart
            rows={rows}
            figure={figure}
            label={w(figure === 'yield' ? 'cash.yield.chartYield' : 'cash.yield.chartPer10k', { days })}
            testId='cash-chart-canvas'
          />
        </View>
      ) : null}
    </View>
  );
}

const DAY_MS = 86_400_000;

/**
 * Calendar days a distribution covers: up to the next distribution (the row above, newest first); the newest row of
 * a Friday covers the weekend. A holiday's span shows once the next distribution is in.
 */
export function coveredDays(date: string, newer: string | undefined): number {
  const day = Date.parse(`${date}T00:00:00Z`);
  if (newer) return Math.max(1, Math.round((Date.parse(`${newer}T00:00:00Z`) - day) / DAY_MS));
  return new Date(day).getUTCDay() === 5 ? 3 : 1;
}

/** One row per day income was paid, newest first, page by page (a Friday's covers the weekend). */
function IncomeList({ generation }: { generation: number }) {
  const w = useElderWording();
  const list = usePagedList((page) => getCashIncome(page), [generation]);
  return (
    <View className='cash-card cash-card--list' data-testid='cash-income'>
      <Text className='cash-card__title'>{t('cash.income.title')}</Text>
      {list.status === 'loading' ? <SkeletonList items={3} rows={1} /> : null}
      {list.status === 'error' ? <ErrorBox title={purchaseErrorText(list.error)} onRetry={list.retry} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <Text className='cash-muted cash-income__empty' data-testid='cash-income-empty'>
          {t('cash.income.empty')}
        </Text>
      ) : null}
      {list.items.map((row, index) => (
        <View key={row.date} className='cash-income__row' data-testid='cash-income-row' data-date={row.date}>
          <View className='cash-income__main'>
            <Text className='cash-income__date'>
              {row.date}
              {coveredDays(row.date, list.items[index - 1]?.date) > 1 ? (
                <Text className='cash-tag cash-income__covers' data-testid='cash-income-covers'>
                  {t('cash.income.covers', { days: coveredDays(row.date, list.items[index - 1]?.date) })}
                </Text>
              ) : null}
            </Text>
            <Text className='cash-income__how'>
              {w('cash.income.how', { shares: formatShares(row.shares), per10k: row.income_per_10k })}
            </Text>
          </View>
          <AmountText value={row.income} sign className='cash-income__value' />
        </View>
      ))}
      {list.hasMore || list.moreFailed ? (
        <View {...roleProps('button')} className='cash-income__more' data-testid='cash-income-more' onClick={() => void list.loadMore()}>
          <Text>{list.moreFailed ? t('cash.income.retryMore') : t('cash.income.more')}</Text>
        </View>
      ) : null}
    </View>
  );
}
