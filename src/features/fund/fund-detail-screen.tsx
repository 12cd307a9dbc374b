import { DownloadBar } from '@/components/download-bar/download-bar';
import { useEffect, useState, type ReactNode } from 'react';
import { View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import { AfterFirstScreen } from '@/components/deferred-render/deferred-render';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/fund';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { navigateToSpecUrl } from '@/platform/navigation';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { getFundDetailPage, GROWTH_PERIODS, isFundNotFound, MONEY_MARKET_TYPE, type GrowthPeriod } from './api';
import { FundActions, type FundAccount } from './fund-actions';
import { FundChart } from './fund-chart';
import {
  Allocation,
  FeeTables,
  FundHeader,
  FundProfile,
  FundNotices,
  Managers,
  Section,
  SectionError,
  StagePerformance,
  TradeDateSteps,
  AutoInvestYields,
} from './fund-sections';
import { LazyDividends, LazyNavHistory } from './fund-records-lazy';
import { fundState, isFundCode } from './fund-state';
import { hasLived } from './periods';
import { RiskNotice } from './risk-notice';
import { useWatchlist } from './watchlist-store';
import './fund-detail.scss';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';
import type { FundSummary } from '@/lib/api-types/fund';

/** A code that is not a fund: says why, offers the way home (inside a native app, its fund home). */
function NoSuchFund({ text }: { text: string }) {
  return (
    <View className='fund-missing' data-testid='fund-missing'>
      <EmptyBox title={text}>
        <Button type='primary' onClick={() => openInsteadInNativeApp('fundHome') || void navigateToSpecUrl(specUrl('home'))}>
          {t('fund.backHome')}
        </Button>
      </EmptyBox>
    </View>
  );
}

interface FundDetailProps {
  account: FundAccount;
  /** Told the fund's name once it is known: the page titles itself with it (header, browser tab, WeChat's bar). */
  onFundName?: (name: string) => void;
}

function FundDetailBody({ code, account, onFundName }: FundDetailProps & { code: string }) {
  // Summary, detail, stage performance, trade dates and managers; on H5 a shared link has them inlined (boot data).
  const page = useRemote(() => getFundDetailPage(code), [code]);
  const [refreshKey, setRefreshKey] = useState(0);
  const loadWatchlist = useWatchlist((s) => s.load);

  useEffect(() => {
    trackPage(PAGE_CODES.fundDetail);
  }, []);
  useEffect(() => {
    void loadWatchlist(account.loggedIn);
  }, [account.loggedIn, loadWatchlist]);
  const fundName = page.data?.summary.fd_name;
  useEffect(() => {
    if (fundName) onFundName?.(fundName);
  }, [fundName, onFundName]);

  if (page.status === 'loading') return <SkeletonList items={4} rows={3} />;
  if (page.status === 'error') {
    return isFundNotFound(page.error) ? <NoSuchFund text={t('fund.notFound', { code })} /> : <ErrorBox onRetry={page.retry} />;
  }

  const { summary, detail, achievement, tradeDates, managers } = page.data;
  const fund = fundState(summary, detail?.fund_date_conf.buy_confirm_date);
  const building = summary.sale_status === 'building';
  const money = summary.type === MONEY_MARKET_TYPE;
  const asOf = summary.fund_derived.end_date;
  const periods = fund.ended ? (['all'] as const) : chartPeriods(summary);
  // A section's retry asks for the whole page again; what is shown stays until the answers are in.
  const retry = page.retry;
  const refresh = async () => {
    setRefreshKey((n) => n + 1);
    await page.refresh();
  };

  return (
    <View className='fund-detail' data-testid='fund-detail' data-sale-status={summary.sale_status}>
      <PullRefresh onRefresh={refresh}>
        <FundHeader fund={summary} state={fund} />
        <RiskNotice investor={account} fundRisk={summary.risk_level} fundCode={code} />
        <FundNotices notices={fund.notices} />
        {!building && (
          <Section title={t('fund.chart.title')} testId='section-chart'>
            <FundChart
              code={code}
              fundName={summary.fd_name}
              refreshKey={refreshKey}
              periods={periods}
              defaultPeriod={fund.ended ? 'all' : '1y'}
              money={money}
            />
          </Section>
        )}
        {!building && (
          <Section title={fund.ended ? t('fund.stage.titleEnded') : t('fund.stage.title')} testId='section-stage'>
            {achievement ? (
              <StagePerformance rows={achievement.stage_performance_list} foundDate={summary.found_date} asOf={asOf} ended={fund.ended} />
            ) : (
              <SectionError onRetry={retry} />
            )}
          </Section>
        )}
        <AfterFirstScreen>
          {fund.autoInvest && !building && (
            <Section title={t('fund.aip.title')} testId='section-aip'>
              <AutoInvestYields code={code} />
            </Section>
          )}
          {fund.tradeDates && (
            <Section title={t('fund.dates.title')} testId='section-dates'>
              {tradeDates ? <TradeDateSteps dates={tradeDates} building={building} /> : <SectionError onRetry={retry} />}
            </Section>
          )}
          {fund.fees !== 'none' && (
            <Section title={t('fund.fees.title')} testId='section-fees'>
              {detail ? (
                <FeeTables detail={detail} building={building} redeemOnly={fund.fees === 'redeem'} />
              ) : (
                <SectionError onRetry={retry} />
              )}
            </Section>
          )}
          {!building && (
            <Section title={t('fund.allocation.title')} testId='section-allocation'>
              {detail ? <Allocation detail={detail} /> : <SectionError onRetry={retry} />}
            </Section>
          )}
          {!building && (
            <Section title={money ? t('fund.records.moneyTitle') : t('fund.records.navTitle')} testId='section-nav-history'>
              <OnTap label={t('fund.records.showNav')} testId='nav-history-open'>
                <LazyNavHistory code={code} money={money} />
              </OnTap>
            </Section>
          )}
          {!building && !money && (
            <Section title={t('fund.records.dividendTitle')} testId='section-dividends'>
              <OnTap label={t('fund.records.showDividends')} testId='dividends-open'>
                <LazyDividends code={code} />
              </OnTap>
            </Section>
          )}
          <Section title={t('fund.managers.title')} testId='section-managers'>
            {managers ? <Managers managers={managers} /> : <SectionError onRetry={retry} />}
          </Section>
          <Section title={t('fund.profile.title')} testId='section-profile'>
            <FundProfile fund={summary} company={detail?.fund_company ?? null} />
          </Section>
          {/* Below the first screen: the page a shared link opens draws exactly what the server's first paint drew. */}
          <DownloadBar />
          <RiskDisclosure />
        </AfterFirstScreen>
      </PullRefresh>
      <FundActions fund={summary} state={fund} account={account} />
    </View>
  );
}

/** The chart's period tabs the fund has lived, by its founding date and by what the summary answers for each. */
function chartPeriods(summary: FundSummary): GrowthPeriod[] {
  const empty = new Set((summary.nav_tab_list ?? []).filter((tab) => tab.nav_growth == null).map((tab) => tab.nav_tab_value));
  return GROWTH_PERIODS.filter((p) => p === 'all' || (!empty.has(p) && hasLived(p, summary.found_date, summary.fund_derived.end_date)));
}

/** A below-the-fold part that asks the network only once the investor taps to see it (as 定投回测 does). */
function OnTap({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (open) return <>{children}</>;
  return (
    <Button size='small' fill='outline' type='primary' data-testid={testId} onClick={() => setOpen(true)}>
      {label}
    </Button>
  );
}

/** The fund detail page's content: `/funding/{fundcode}`; any other code shape gets a clear page. */
export function FundDetailScreen({ code, account, onFundName }: FundDetailProps & { code: string | undefined }) {
  if (!isFundCode(code)) return <NoSuchFund text={t('fund.invalidCode', { code: code ?? '' })} />;
  return <FundDetailBody key={code} code={code} account={account} onFundName={onFundName} />;
}
