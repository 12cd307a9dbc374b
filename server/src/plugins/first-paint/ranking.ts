import type { FilterItem, FilterPage } from '../../../../src/lib/api-types/fund';
import { formatAmount, formatNav, fundTypeName } from '../../../../src/lib/format';
import { t } from '../../../../src/locales/i18n';
import { answerData, escapeHtml, pageFirstPaint, percentText, pullRefresh, riskDisclosure, text, type PaintContext } from './frame';

// The first paint of the rankings (/rank-xq/index, /rank-xq/qdii) and of screening (/rn/fund/filter): what
// src/features/discover/fund-screen.tsx `FundRanking` draws for a link without screens of its own — the row of
// screen tabs (filter-bar.tsx), the fund count, the risk disclosure, then the first page of funds by one-year
// return (fund-list.tsx `FundRow`, all of the inlined page: the screen may be tall) and the list's footer.

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

function filterTab(label: string, isSet: boolean): string {
  return (
    `<div class="discover-filterbar__tab${isSet ? ' discover-filterbar__tab--set' : ''}">` +
    `${text('discover-filterbar__text', label)}${text('discover-filterbar__arrow', '▾')}</div>`
  );
}

/** filter-bar.tsx: the period tab shows its choice; the others (at their defaults) their names. */
function filterBar(screens: boolean): string {
  const tabs = screens
    ? [
        filterTab(t('discover.filter.type'), false),
        filterTab(t(`discover.period.${DEFAULT_PERIOD}`), true),
        filterTab(t('discover.filter.size'), false),
        filterTab(t('discover.filter.age'), false),
      ]
    : [filterTab(t(`discover.period.${DEFAULT_PERIOD}`), true)];
  return `<div class="discover-filterbar">${tabs.join('')}</div>`;
}

/** fund-list.tsx `FundRow` with fund-screen.tsx's facts and figure. */
function fundRow(item: FilterItem, rank: number): string {
  const facts = [
    fundTypeName(item.type_desc),
    item.sf_type === MONEY_MARKET_TYPE && item.income_per_10k != null
      ? t('discover.list.income10k', { value: formatNav(item.income_per_10k) })
      : t('discover.list.nav', { nav: formatNav(item.unit_nav) }),
    ...(item.total_asset ? [t('discover.list.size', { size: formatAmount(item.total_asset) })] : []),
    ...(item.found_date ? [t('discover.list.found', { date: item.found_date })] : []),
  ];
  return (
    `<div class="discover-fund" data-code="${escapeHtml(item.fd_code)}">${text('discover-fund__rank', String(rank))}` +
    `<div class="discover-fund__main">${text('discover-fund__name', item.fd_name)}<div class="discover-fund__facts">` +
    `${text('discover-fund__code', item.fd_code)}${facts.map((fact) => text('discover-fund__fact', fact)).join('')}</div></div>` +
    `<div class="discover-fund__value">${percentText(item.yield, { sign: true })}${text('discover-fund__caption', t(`discover.period.${DEFAULT_PERIOD}`))}</div>` +
    `</div>`
  );
}

export function rankingFirstPaint(ctx: PaintContext, answers: Record<string, unknown>, page: RankingPage): string {
  if (SCREEN_PARAMS.some((name) => ctx.query[name] !== undefined)) return '';
  const list = answerData<FilterPage>(answers, page.listUrl);
  if (!list || !Array.isArray(list.items) || list.items.length === 0) return '';
  const footer =
    1 < (list.total_pages ?? 0)
      ? `<div class="discover-more-retry">${text('', t('discover.list.more'))}</div>`
      : text('discover-list__end', t('discover.list.noMore'));
  const body =
    `<div class="discover-ranking">${filterBar(page.screens)}<div class="discover-list">` +
    pullRefresh(
      text('discover-count', t('discover.filter.count', { count: list.total_items ?? 0 })) +
        riskDisclosure() +
        list.items.map((item, index) => fundRow(item, index + 1)).join('') +
        footer,
    ) +
    `</div></div>`;
  return pageFirstPaint(ctx, { title: page.title, body });
}
