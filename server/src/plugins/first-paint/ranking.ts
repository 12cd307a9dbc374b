import type { AutoInvestItem, AutoInvestPage } from '../../../../src/lib/api-types/discover';
import type { FilterItem, FilterPage } from '../../../../src/lib/api-types/fund';
import type { Paged } from '../../../../src/lib/api-types/paged';
import { formatAmount, formatNav, formatPercent, fundTypeName } from '../../../../src/lib/format';
import { t } from '../../../../src/locales/i18n';
import { answerData, escapeHtml, pageFirstPaint, percentText, pullRefresh, riskDisclosure, text, type PaintContext } from './frame';

// The first paint of the rankings (/rank-xq/index, /rank-xq/qdii) and of screening (/rn/fund/filter): what
// src/features/discover/fund-screen.tsx `FundRanking` draws for a link without screens of its own — the row of
// screen tabs (filter-bar.tsx), the fund count, the risk disclosure, then the first page of funds by one-year
// return (fund-list.tsx `FundRow`, all of the inlined page: the screen may be tall) and the list's footer.
// The auto-invest ranking (/rank-xq/auto-invest) is drawn by the same parts the way
// src/features/discover/auto-invest-ranking.tsx lays them out: its type and period tabs, the simulated plan's rule
// and the disclosure above the list, then its funds by the one-year auto-invest return.

/** The screens a ranking link may carry (`?type=&period=&size=&age=`): with any, the page asks another list. */
const SCREEN_PARAMS = ['type', 'period', 'size', 'age'] as const;

/** The money-market type (src/features/discover/api.ts MONEY_MARKET): its rows show income per 10,000 shares. */
const MONEY_MARKET_TYPE = '4';

/** The period the page ranks by when the link names none (fund-screen.tsx `defaultPeriod`). */
const DEFAULT_PERIOD = '1y';

interface RankingPage {
  /** The page's own title (the header's). */
  title: string;
  /** The inlined list (page-boot.ts), i.e. what the page asks first. */
  listUrl: string;
  /** Screening: the type, size and founding-age tabs besides the period. */
  screens: boolean;
}

/** A ranking's screen tab (filter-bar.tsx): its name, or its choice when set away from its default. */
function filterTab(label: string, isSet: boolean): string {
  return (
    `<div class="discover-filterbar__tab${isSet ? ' discover-filterbar__tab--set' : ''}">` +
    `${text('discover-filterbar__text', label)}${text('discover-filterbar__arrow', '▾')}</div>`
  );
}

function filterBar(tabs: readonly string[]): string {
  return `<div class="discover-filterbar">${tabs.join('')}</div>`;
}

/** filter-bar.tsx: the period tab shows its choice; the others (at their defaults) their names. */
function screenTabs(screens: boolean): string[] {
  const period = filterTab(t(`discover.period.${DEFAULT_PERIOD}`), true);
  return screens
    ? [
        filterTab(t('discover.filter.type'), false),
        period,
        filterTab(t('discover.filter.size'), false),
        filterTab(t('discover.filter.age'), false),
      ]
    : [period];
}

/** fund-list.tsx `FundRow`: rank, name and code with the facts, the ranked figure and its caption. */
function fundRow(row: { code: string; name: string; facts: readonly string[]; value: string; caption: string }, rank: number): string {
  return (
    `<div class="discover-fund" data-code="${escapeHtml(row.code)}">${text('discover-fund__rank', String(rank))}` +
    `<div class="discover-fund__main">${text('discover-fund__name', row.name)}<div class="discover-fund__facts">` +
    `${text('discover-fund__code', row.code)}${row.facts.map((fact) => text('discover-fund__fact', fact)).join('')}</div></div>` +
    `<div class="discover-fund__value">${row.value}${text('discover-fund__caption', row.caption)}</div>` +
    `</div>`
  );
}

/** fund-screen.tsx's facts and figure of a fund ranked by its one-year return. */
function filterRow(item: FilterItem, rank: number): string {
  const facts = [
    fundTypeName(item.type_desc),
    item.sf_type === MONEY_MARKET_TYPE && item.income_per_10k != null
      ? t('discover.list.income10k', { value: formatNav(item.income_per_10k) })
      : t('discover.list.nav', { nav: formatNav(item.unit_nav) }),
    ...(item.total_asset ? [t('discover.list.size', { size: formatAmount(item.total_asset) })] : []),
    ...(item.found_date ? [t('discover.list.found', { date: item.found_date })] : []),
  ];
  return fundRow(
    {
      code: item.fd_code,
      name: item.fd_name,
      facts,
      value: percentText(item.yield, { sign: true }),
      caption: t(`discover.period.${DEFAULT_PERIOD}`),
    },
    rank,
  );
}

/** fund-list.tsx `InfiniteList` with its first page in: the rows under `head`, then "more" or the end. */
function rankedList<T>(list: Paged<T>, head: string, row: (item: T, rank: number) => string): string {
  const footer =
    1 < (list.total_pages ?? 0)
      ? `<div class="discover-more-retry">${text('', t('discover.list.more'))}</div>`
      : text('discover-list__end', t('discover.list.noMore'));
  return `<div class="discover-list">${pullRefresh(head + list.items.map((item, index) => row(item, index + 1)).join('') + footer)}</div>`;
}

/** The inlined first page of a list, when it came back with funds in it. */
function firstPage<T>(answers: Record<string, unknown>, url: string): Paged<T> | null {
  const list = answerData<Paged<T>>(answers, url);
  return list && Array.isArray(list.items) && list.items.length > 0 ? list : null;
}

export function rankingFirstPaint(ctx: PaintContext, answers: Record<string, unknown>, page: RankingPage): string {
  if (SCREEN_PARAMS.some((name) => ctx.query[name] !== undefined)) return '';
  const list = firstPage<FilterItem>(answers, page.listUrl) as FilterPage | null;
  if (!list) return '';
  const head = text('discover-count', t('discover.filter.count', { count: list.total_items ?? 0 })) + riskDisclosure();
  const body = `<div class="discover-ranking">${filterBar(screenTabs(page.screens))}${rankedList(list, head, filterRow)}</div>`;
  return pageFirstPaint(ctx, { title: page.title, body });
}

/** The period the auto-invest ranking opens on (auto-invest-ranking.tsx). */
const AUTO_INVEST_PERIOD = '1y';

/** auto-invest-ranking.tsx's row: the plan's return, what it put in and came to, and a lump sum's return. */
function autoInvestRow(item: AutoInvestItem, rank: number): string {
  return fundRow(
    {
      code: item.fd_code,
      name: item.fd_name,
      facts: [
        fundTypeName(item.type_desc),
        t('discover.rank.autoInvest.value', { invested: item.invested_amount, value: item.final_value }),
        t('discover.rank.autoInvest.lumpSum', { value: formatPercent(item.lump_sum_return, { sign: true }) }),
      ],
      value: percentText(item.auto_invest_return, { sign: true }),
      caption: t('discover.rank.autoInvest.byPeriod', { period: t(`discover.period.${AUTO_INVEST_PERIOD}`) }),
    },
    rank,
  );
}

/**
 * /rank-xq/auto-invest (auto-invest-ranking.tsx): the type tab at its default and the period's choice, the rule of
 * the simulated plan and the disclosure, then the list. The page keeps no screens in its address: any link draws it.
 */
export function autoInvestRankingFirstPaint(ctx: PaintContext, answers: Record<string, unknown>, listUrl: string): string {
  const list = firstPage<AutoInvestItem>(answers, listUrl) as AutoInvestPage | null;
  if (!list) return '';
  const rule = t('discover.rank.autoInvest.rule', {
    amount: list.monthly_amount,
    months: list.months,
    from: list.first_buy_date ?? list.start_date,
    to: list.end_date,
  });
  const tabs = [filterTab(t('discover.filter.type'), false), filterTab(t(`discover.period.${AUTO_INVEST_PERIOD}`), true)];
  const body =
    `<div class="discover-ranking">${filterBar(tabs)}${text('discover-note', rule)}${riskDisclosure()}` +
    `${rankedList(list, '', autoInvestRow)}</div>`;
  return pageFirstPaint(ctx, { title: t('discover.rank.autoInvest.title'), body });
}
