// The read-only sections of the fund detail page. Numbers come as decimal strings and are shown through the
// lib formatters (never float arithmetic); rises red, falls green (PercentText).
import { useState, type ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Tag } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/tag/style/css';
import { InfoBanner } from '@/components/info-banner/info-banner';
import { PercentText } from '@/components/percent-text/percent-text';
import { ErrorBox } from '@/components/error-box/error-box';
import { formatNav, formatPercent, formatTerm, formatUnitAmountText, formatYiAmount, fundTypeName } from '@/lib/format';
import { t } from '@/locales/fund';
import type { FundDetail, FundSummary, ManagerItem, RateRow, StageRow, TradeDates } from '@/lib/api-types/fund';
import { useRemote } from '@/components/use-remote/use-remote';
import { useElderWording } from '@/platform/elder-mode';
import { getAutoInvestYields, MONEY_MARKET_TYPE } from './api';
import { amountBracket, holdingBracket, platformRateText, rateText } from './fees';
import type { FundNotice, FundState } from './fund-state';
import { hasLived, STAGE_PERIODS } from './periods';

export function Section({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <View className='fund-section' data-testid={testId}>
      <Text className='fund-section__title'>{title}</Text>
      {children}
    </View>
  );
}

/** One figure of the header: a value over its label. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <View className='fund-header__figure' data-testid={testId}>
      {children}
      <Text className='fund-header__label'>{label}</Text>
    </View>
  );
}

/**
 * Name, tags and the key figures, by what the fund is: a money-market fund its 7-day yield and income per 10,000
 * shares; a fund being raised its subscription window and expected founding (no NAV, no size yet); a liquidated or
 * delisted fund its last NAV and return since launch, dated; any other its unit and accumulated NAV, day change
 * and one-year return (since launch when it is younger than a year).
 */
export function FundHeader({ fund, state }: { fund: FundSummary; state: FundState }) {
  const w = useElderWording();
  const d = fund.fund_derived;
  const money = fund.type === MONEY_MARKET_TYPE;
  const building = fund.sale_status === 'building';
  const lived1y = hasLived('1y', fund.found_date, d.end_date);
  let figures: ReactNode;
  if (building) {
    figures = (
      <>
        <Figure label={t('fund.header.subscribeWindow')} testId='subscribe-window'>
          <Text className='fund-header__value fund-header__value--small'>
            {fund.subscribe_start ?? '--'} ~ {fund.subscribe_end ?? '--'}
          </Text>
        </Figure>
        <Figure label={t('fund.header.expectedFound')} testId='expected-found'>
          <Text className='fund-header__value fund-header__value--small'>{fund.found_date}</Text>
        </Figure>
      </>
    );
  } else if (money) {
    figures = (
      <>
        <Figure label={w('fund.header.yield7d')} testId='yield-7d'>
          <PercentText className='fund-header__value' value={d.yield_7d} />
        </Figure>
        <Figure label={w('fund.header.income10k')}>
          <Text className='fund-header__value' data-testid='income-per-10k'>
            {formatNav(d.income_per_10k)}
          </Text>
        </Figure>
      </>
    );
  } else {
    figures = (
      <>
        <Figure label={state.ended ? t('fund.header.lastNav') : w('fund.header.unitNav')} testId='unit-nav'>
          <Text className='fund-header__value'>{formatNav(d.unit_nav)}</Text>
        </Figure>
        <Figure label={w('fund.header.accNav')} testId='acc-nav'>
          <Text className='fund-header__value'>{formatNav(d.unit_acc_nav)}</Text>
        </Figure>
        {state.ended ? (
          <Figure label={t('fund.stage.base')}>
            <PercentText className='fund-header__value' value={d.nav_grbase} sign />
          </Figure>
        ) : (
          <>
            <Figure label={w('fund.header.dayChange')}>
              <PercentText className='fund-header__value' value={d.nav_grtd} sign />
            </Figure>
            <Figure label={lived1y ? t('fund.header.oneYear') : t('fund.stage.base')}>
              <PercentText className='fund-header__value' value={lived1y ? d.nav_grl1y : d.nav_grbase} sign />
            </Figure>
          </>
        )}
      </>
    );
  }
  return (
    <View className='fund-header' data-testid='fund-header'>
      <View className='fund-header__title'>
        <Text className='fund-header__name'>{fund.fd_name}</Text>
        <Text className='fund-header__code'>{fund.fd_code}</Text>
      </View>
      <View className='fund-header__tags'>
        <Tag type='primary' plain>
          {fundTypeName(fund.type_desc)}
        </Tag>
        <Tag type='warning' plain>
          {t(`fund.risk.${fund.risk_level}`)}
        </Tag>
        {building && (
          <Tag type='success' plain>
            {t('fund.header.raising')}
          </Tag>
        )}
      </View>
      <View className='fund-header__figures'>{figures}</View>
      <View className='fund-header__meta'>
        {!building && d.end_date && (
          <Text data-testid='nav-date'>
            {state.ended ? t('fund.header.lastNavDate', { date: d.end_date }) : t('fund.header.navDate', { date: d.end_date })}
          </Text>
        )}
        {fund.tracked_index_name && <Text>{t('fund.header.trackedIndex', { name: fund.tracked_index_name })}</Text>}
      </View>
    </View>
  );
}

/** 基金档案: what the fund is and who runs and keeps it. A fund being raised has no founding date or size yet. */
export function FundProfile({ fund, company }: { fund: FundSummary; company: string | null }) {
  const building = fund.sale_status === 'building';
  const rows: [string, string, string?][] = [
    [t('fund.profile.fullName'), fund.fd_full_name || fund.fd_name],
    [t('fund.profile.type'), fundTypeName(fund.type_desc)],
    building
      ? [t('fund.header.expectedFound'), t('fund.profile.expected', { date: fund.found_date }), 'profile-found']
      : [t('fund.profile.foundDate'), fund.found_date, 'profile-found'],
    [t('fund.profile.size'), building ? t('fund.profile.raising') : formatUnitAmountText(fund.totshare), 'profile-size'],
    [t('fund.profile.company'), company || fund.keeper_name || '--', 'profile-company'],
    [t('fund.profile.custodian'), fund.trup_name || '--', 'profile-custodian'],
    [t('fund.profile.managers'), fund.manager_name || '--'],
    ...(fund.tracked_index_name ? [[t('fund.profile.trackedIndex'), fund.tracked_index_name] as [string, string]] : []),
    [t('fund.profile.benchmark'), fund.performance_bench_mark || '--'],
  ];
  return (
    <View className='fund-profile' data-testid='fund-profile'>
      {rows.map(([label, value, testId]) => (
        <View className='fund-profile__row' key={label} data-testid={testId}>
          <Text className='fund-profile__label'>{label}</Text>
          <Text className='fund-profile__value'>{value}</Text>
        </View>
      ))}
    </View>
  );
}

export function FundNotices({ notices }: { notices: FundNotice[] }) {
  return (
    <View className='fund-notices' data-testid='fund-notices'>
      {notices.map((n) => (
        <InfoBanner key={n.key} type={n.tone}>
          {t(n.key, n.params)}
        </InfoBanner>
      ))}
    </View>
  );
}

/**
 * Stage returns over the periods the fund has lived (a period older than the fund, or one the answer leaves
 * empty, is not shown). A liquidated or delisted fund shows only its return since launch up to its last NAV:
 * recent periods and ranks measured from a frozen NAV would mislead.
 */
export function StagePerformance({
  rows,
  foundDate,
  asOf,
  ended = false,
}: {
  rows: StageRow[];
  foundDate?: string;
  asOf?: string | null;
  ended?: boolean;
}) {
  const shown = rows.filter((row) => {
    const key = STAGE_PERIODS[row.period_time];
    if (row.self_nav == null) return false;
    if (ended) return key === 'base';
    return key === undefined || hasLived(key, foundDate, asOf);
  });
  return (
    <>
      <View className='fund-table' role='table' data-testid='stage-table'>
        <View className='fund-table__row fund-table__row--head' role='row'>
          <View role='columnheader'>
            <Text>{t('fund.stage.period')}</Text>
          </View>
          <View role='columnheader'>
            <Text>{t('fund.stage.return')}</Text>
          </View>
          <View role='columnheader'>
            <Text>{t('fund.stage.benchmark')}</Text>
          </View>
          {!ended && (
            <View role='columnheader'>
              <Text>{t('fund.stage.rank')}</Text>
            </View>
          )}
        </View>
        {shown.map((row) => {
          const key = STAGE_PERIODS[row.period_time];
          return (
            <View className='fund-table__row' role='row' key={row.period_time} data-testid='stage-row' data-period={key}>
              <View role='cell'>
                <Text>{key ? t(`fund.stage.${key}`) : row.period_time}</Text>
              </View>
              <View role='cell'>
                <PercentText value={row.self_nav} sign />
              </View>
              <View role='cell'>
                <PercentText value={row.standard_index_nav} sign />
              </View>
              {!ended && (
                <View role='cell'>
                  <Text>{row.self_nav_rank ?? '--'}</Text>
                </View>
              )}
            </View>
          );
        })}
      </View>
      {ended && asOf && <Text className='fund-section__note'>{t('fund.stage.endedNote', { date: asOf })}</Text>}
    </>
  );
}

/**
 * 定投回测: what a monthly 100 CNY plan would have returned over 1, 2, 3 years, normal and smart. Computed on demand (a
 * tap), so a shared fund link's first screen still asks the network nothing.
 */
export function AutoInvestYields({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size='small' fill='outline' type='primary' data-testid='aip-yields-open' onClick={() => setOpen(true)}>
        {t('fund.aip.show')}
      </Button>
    );
  }
  return <AutoInvestYieldTable code={code} />;
}

function AutoInvestYieldTable({ code }: { code: string }) {
  const yields = useRemote(() => getAutoInvestYields(code), [code]);
  if (yields.status === 'loading') return <Text className='fund-section__note'>{t('fund.aip.loading')}</Text>;
  if (yields.status === 'error' || !yields.data) return <ErrorBox onRetry={yields.retry} />;
  const rows = yields.data.recent_yields;
  const smart = rows.some((r) => r.max_itg !== null);
  return (
    <View data-testid='aip-yields'>
      <View className='fund-table' role='table'>
        <View className='fund-table__row fund-table__row--head' role='row'>
          <View role='columnheader'>
            <Text>{t('fund.aip.duration')}</Text>
          </View>
          <View role='columnheader'>
            <Text>{t('fund.aip.normal')}</Text>
          </View>
          {smart ? (
            <View role='columnheader'>
              <Text>{t('fund.aip.smart')}</Text>
            </View>
          ) : null}
        </View>
        {rows.map((row) => (
          <View className='fund-table__row' role='row' key={row.duration}>
            <View role='cell'>
              <Text>{t(`fund.aip.${row.duration === '近1年' ? '1y' : row.duration === '近2年' ? '2y' : '3y'}`)}</Text>
            </View>
            <View role='cell'>
              <PercentText value={row.normal} sign />
            </View>
            {smart ? <View role='cell'>{row.max_itg === null ? <Text>--</Text> : <PercentText value={row.max_itg} sign />}</View> : null}
          </View>
        ))}
      </View>
      <Text className='fund-section__note'>{t('fund.aip.note')}</Text>
    </View>
  );
}

/** Fee tables; `redeemOnly` (purchases suspended: holders may still sell) leaves the purchase table out. */
export function FeeTables({ detail, building, redeemOnly = false }: { detail: FundDetail; building: boolean; redeemOnly?: boolean }) {
  const rates = detail.fund_rates;
  const buyRows = building ? rates.subscribe_rate_table : rates.declare_rate_table;
  const discount = building ? '1' : rates.declare_discount;
  return (
    <View className='fund-fees' data-testid='fee-tables'>
      {!redeemOnly && <PurchaseFees rows={buyRows} discount={discount} building={building} />}
      <RedeemAndRunningFees detail={detail} />
    </View>
  );
}

function PurchaseFees({ rows: buyRows, discount, building }: { rows: RateRow[]; discount: string; building: boolean }) {
  return (
    <>
      <Text className='fund-fees__caption'>{building ? t('fund.fees.subscribe') : t('fund.fees.purchase')}</Text>
      <View className='fund-table' role='table' data-testid='purchase-fees'>
        <View className='fund-table__row fund-table__row--head' role='row'>
          <View role='columnheader'>
            <Text>{t('fund.fees.amount')}</Text>
          </View>
          <View role='columnheader'>
            <Text>{t('fund.fees.original')}</Text>
          </View>
          <View role='columnheader'>
            <Text>{t('fund.fees.platform')}</Text>
          </View>
        </View>
        {buyRows.length === 0 && (
          <View className='fund-table__row' role='row'>
            <View role='cell'>
              <Text>{t('fund.fees.none')}</Text>
            </View>
          </View>
        )}
        {buyRows.map((row) => {
          const original = rateText(row);
          const platform = platformRateText(row, discount);
          return (
            <View className='fund-table__row' role='row' key={`${row.lower_bound}`}>
              <View role='cell'>
                <Text>{amountBracket(row)}</Text>
              </View>
              <View role='cell'>
                <Text className={platform !== original ? 'fund-fees__struck' : ''}>{original}</Text>
              </View>
              <View role='cell'>
                <Text className='fund-fees__platform'>{platform}</Text>
              </View>
            </View>
          );
        })}
      </View>
    </>
  );
}

function RedeemAndRunningFees({ detail }: { detail: FundDetail }) {
  const rates = detail.fund_rates;
  return (
    <>
      <Text className='fund-fees__caption'>{t('fund.fees.redeem')}</Text>
      <View className='fund-table' role='table' data-testid='redeem-fees'>
        <View className='fund-table__row fund-table__row--head' role='row'>
          <View role='columnheader'>
            <Text>{t('fund.fees.holding')}</Text>
          </View>
          <View role='columnheader'>
            <Text>{t('fund.fees.rate')}</Text>
          </View>
        </View>
        {rates.withdraw_rate_table.map((row) => (
          <View className='fund-table__row' role='row' key={`${row.lower_bound}`}>
            <View role='cell'>
              <Text>{holdingBracket(row)}</Text>
            </View>
            <View role='cell'>
              <Text>{rateText(row)}</Text>
            </View>
          </View>
        ))}
      </View>
      <Text className='fund-fees__caption'>{t('fund.fees.operation')}</Text>
      <View className='fund-table' role='table' data-testid='operation-fees'>
        {rates.other_rate_table.map((row) => (
          <View className='fund-table__row' role='row' key={row.name}>
            <View role='cell'>
              <Text>{operationName(row.name)}</Text>
            </View>
            <View role='cell'>
              <Text>{rateText(row)}</Text>
            </View>
          </View>
        ))}
      </View>
    </>
  );
}

function operationName(name: string): string {
  if (name.includes('管理')) return t('fund.fees.management');
  if (name.includes('托管')) return t('fund.fees.custody');
  if (name.includes('销售服务')) return t('fund.fees.salesService');
  return name;
}

const ALLOCATION_KEYS: Record<string, string> = { 股票: 'stock', 债券: 'bond', 现金: 'cash', 其他: 'other' };

export function Allocation({ detail }: { detail: FundDetail }) {
  const position = detail.fund_position;
  return (
    <View data-testid='allocation'>
      {position.chart_list.length > 0 && (
        <View className='fund-allocation'>
          <View className='fund-allocation__bar'>
            {position.chart_list.map((part) => (
              <View
                key={part.type_desc}
                className='fund-allocation__part'
                style={{ width: `${Math.max(0, Number(part.percent))}%`, background: part.color }}
              />
            ))}
          </View>
          <View className='fund-allocation__legend'>
            {position.chart_list.map((part) => (
              <View key={part.type_desc} className='fund-allocation__item'>
                <View className='fund-allocation__dot' style={{ background: part.color }} />
                <Text>
                  {ALLOCATION_KEYS[part.type_desc] ? t(`fund.allocation.${ALLOCATION_KEYS[part.type_desc]}`) : part.type_desc}{' '}
                  {formatPercent(part.percent)}
                </Text>
              </View>
            ))}
          </View>
          {position.enddate && <Text className='fund-section__note'>{t('fund.allocation.source', { source: position.enddate })}</Text>}
        </View>
      )}
      <Text className='fund-fees__caption'>{t('fund.holdings.title')}</Text>
      {position.stock_list.length === 0 ? (
        <Text className='fund-section__note'>{t('fund.holdings.empty')}</Text>
      ) : (
        <View className='fund-table' role='table' data-testid='holdings'>
          <View className='fund-table__row fund-table__row--head' role='row'>
            <View role='columnheader'>
              <Text>{t('fund.holdings.name')}</Text>
            </View>
            <View role='columnheader'>
              <Text>{t('fund.holdings.percent')}</Text>
            </View>
          </View>
          {position.stock_list.map((s) => (
            <View className='fund-table__row' role='row' key={s.code}>
              <View role='cell'>
                <Text>
                  {s.name} <Text className='fund-section__note'>{s.code}</Text>
                </Text>
              </View>
              <View role='cell'>
                <Text>{formatPercent(s.percent)}</Text>
              </View>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

export function Managers({ managers }: { managers: ManagerItem[] }) {
  if (managers.length === 0) return <Text className='fund-section__note'>{t('fund.managers.empty')}</Text>;
  return (
    <View data-testid='managers'>
      {managers.map((m) => (
        <View key={m.indi_id} className='fund-manager'>
          <View className='fund-manager__head'>
            <Text className='fund-manager__name'>{m.name}</Text>
            <Text className='fund-section__note'>{t('fund.managers.workYears', { years: m.work_year })}</Text>
          </View>
          <Text className='fund-section__note'>
            {t('fund.managers.since', { date: m.post_date_text })} · {t('fund.managers.term', { term: formatTerm(m.cp_term) })}
          </Text>
          <View className='fund-manager__return'>
            <Text>{t('fund.managers.termReturn')}</Text>
            <PercentText value={m.cp_rate} sign />
          </View>
          <Text className='fund-section__note'>
            {t('fund.managers.funds', { count: m.fund_count, size: formatYiAmount(m.fund_total_nav) })}
          </Text>
        </View>
      ))}
    </View>
  );
}

export function TradeDateSteps({ dates, building }: { dates: TradeDates; building: boolean }) {
  const w = useElderWording();
  return (
    <View className='fund-dates' data-testid='trade-dates'>
      <View className='fund-dates__step'>
        <Text>
          {building
            ? t('fund.dates.subscribe', { date: dates.trade_date })
            : t('fund.dates.order', { date: dates.trade_date, cutoff: dates.cut_off_time })}
        </Text>
      </View>
      <View className='fund-dates__step'>
        <Text>{w('fund.dates.confirm', { date: dates.buy_confirm_date })}</Text>
      </View>
      <View className='fund-dates__step'>
        <Text>{t('fund.dates.query', { date: dates.buy_query_date })}</Text>
      </View>
      {!building && (
        <Text className='fund-section__note'>
          {t('fund.dates.sell', { confirm: dates.sale_confirm_date, arrive: dates.sale_query_date })}
        </Text>
      )}
    </View>
  );
}

/** A section whose call failed: a small error box whose retry reloads the page's data. */
export function SectionError({ onRetry }: { onRetry: () => void }) {
  return <ErrorBox onRetry={onRetry} />;
}
