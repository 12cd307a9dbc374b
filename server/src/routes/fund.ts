// Public fund read endpoints in the public Danjuan shapes (docs/DATA.md lists them).
// Bodies come from the market cache (app.marketCache) as ready JSON: fund data changes once a day.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, EnvelopeOf, ErrorEnvelope } from '../http/envelope';
import { answerCached, answerFound, sendDataText } from '../http/market-answers';
import { ResultCode } from '../http/result-codes';
import { Decimal, FundCode, NullableDecimal, NullableString, readSchemas, StringEnum } from '../http/schemas';
import {
  achievementView,
  assetPercentView,
  fundDerivedFull,
  fundDetailView,
  fundSummaryView,
  FILTER_ORDER_KEYS,
  growthView,
  GROWTH_DAYS,
  managerListView,
  navHistoryView,
  screenedFilterView,
  tradeDateView,
} from '../market/fund-views';
import type { MarketSnapshot } from '../market/market-cache';
import { SEARCH_LIMIT, SEARCH_PAGE_MAX, searchPage } from '../market/search-index';

/** Danjuan filter type codes: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII. */
const FILTER_TYPES = [1, 2, 3, 4, 5, 6, 11] as const;

/** The fund of `code` in the snapshot, or the 404 answer. */
function fundIn(snap: MarketSnapshot, code: string) {
  const fund = snap.funds.get(code);
  if (!fund) throw ApiError.of(ResultCode.NOT_FOUND, 'fundNotFound', 404, { code });
  return fund;
}

const FundDerived = Type.Object({
  fd_code: Type.String(),
  end_date: NullableString,
  unit_nav: Decimal,
  unit_acc_nav: Decimal,
  nav_grtd: NullableDecimal,
  nav_grl1w: NullableDecimal,
  nav_grl1m: NullableDecimal,
  nav_grl3m: NullableDecimal,
  nav_grl6m: NullableDecimal,
  nav_grlty: NullableDecimal,
  nav_grl1y: NullableDecimal,
  nav_grl2y: NullableDecimal,
  nav_grl3y: NullableDecimal,
  nav_grl5y: NullableDecimal,
  nav_grbase: NullableDecimal,
  srank_l1w: NullableString,
  srank_l1m: NullableString,
  srank_l3m: NullableString,
  srank_l6m: NullableString,
  srank_lty: NullableString,
  srank_l1y: NullableString,
  srank_l2y: NullableString,
  srank_l3y: NullableString,
  srank_l5y: NullableString,
  srank_base: NullableString,
  maxdd_l1y: NullableDecimal,
  income_per_10k: NullableDecimal,
  yield_7d: NullableDecimal,
});

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** The derived answer with the real one's further fields (GET /djapi/fund/derived, fund_derived of the summary). */
const FundDerivedFull = Type.Object({
  ...FundDerived.properties,
  nav_growth: Type.Union([Decimal, Type.Null()], { description: 'unit NAV change of the last day, yuan' }),
  fd_type: Type.String(),
  aip_grl1y: NullableDecimal,
  aip_grl2y: NullableDecimal,
  itg_aip_grl1y: NullableDecimal,
  itg_aip_grl2y: NullableDecimal,
  annual_performance_list: Type.Array(Type.Object({ period: Type.String(), nav: NullableDecimal, rank: NullableString })),
  first_nav: Type.Boolean(),
  yield_history: Type.Array(Type.Object({ yield: NullableDecimal, name: Type.String() })),
});

const StatusCode = Type.String({ description: "'1' open, '0' closed" });
const HeaderItem = Type.Object({
  data_name: Type.String(),
  data_value_str: Type.String(),
  data_value_number: NullableNumber,
  data_have_colour: Type.Boolean(),
  data_extend: NullableString,
});

const FundSummary = Type.Object({
  fd_code: Type.String(),
  fd_type: Type.String(),
  fd_name: Type.String(),
  fd_full_name: Type.String(),
  type: Type.Integer(),
  type_desc: Type.String(),
  share_class: NullableString,
  found_date: Type.String(),
  fd_status: Type.String({ description: "'0' being raised, '1' in operation, '2' terminated" }),
  declare_status: StatusCode,
  subscribe_status: StatusCode,
  withdraw_status: StatusCode,
  auto_invest_status: StatusCode,
  totshare: Type.String(),
  total_asset: Decimal,
  keeper_code: Type.String(),
  keeper_name: Type.String(),
  manager_name: Type.String(),
  trup_name: Type.String(),
  risk_level: Type.String({ pattern: '^[1-5]$', description: "'1' low … '5' high, a string as in Danjuan" }),
  sale_status: StringEnum([
    'on_sale',
    'not_on_sale',
    'building',
    'conversion',
    'trading_suspended',
    'purchase_suspended',
    'closed',
    'delisted',
  ] as const),
  status_reason: Type.String(),
  can_buy: Type.Boolean(),
  can_sell: Type.Boolean(),
  subscribe_start: NullableString,
  subscribe_end: NullableString,
  ipo_start_date: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since 1970; null when the market has no period for the fund',
  }),
  ipo_end_date: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since 1970; null when the market has no period for the fund',
  }),
  lock_days: Type.Integer(),
  daily_purchase_limit: NullableDecimal,
  min_purchase: Decimal,
  tracked_index_code: NullableString,
  tracked_index_name: NullableString,
  tracking_error: NullableDecimal,
  performance_bench_mark: Type.String(),
  invest_target: Type.String(),
  invest_orientation: Type.String(),
  fund_derived: FundDerivedFull,
  fund_rates: Type.Object({
    subscribe_rate: Decimal,
    declare_rate: Decimal,
    discount: Decimal,
    subscribe_discount: Decimal,
    declare_discount: Decimal,
  }),
  op_fund: Type.Object({ fund_tags: Type.Array(Type.Object({ category: Type.String(), name: Type.String() })) }),
  yield: NullableDecimal,
  yield_name: Type.String(),
  growth_day: Type.String(),
  sales: Type.String(),
  rating_desc: Type.String(),
  follower_count: Type.Integer(),
  status_count: Type.Integer(),
  stock_position_names: Type.String(),
  agent_sell: Type.Boolean(),
  trade_reason: Type.Object({ show_button: Type.Boolean(), withdraw_display: Type.Boolean(), reason: Type.String() }),
  growth_default_period: Type.String(),
  fir_header_base_data: Type.Array(HeaderItem),
  sec_header_base_data: Type.Array(HeaderItem),
  base_data_tip: Type.Array(Type.Object({ title: Type.String(), content: Type.String() })),
  nav_tab_list: Type.Array(
    Type.Object({ nav_tab_name: Type.String(), nav_tab_value: Type.String(), nav_growth: NullableDecimal, nav_tab_extent: NullableString }),
  ),
  display_annual_performance: Type.Boolean(),
  benchmark_index: Type.Array(Type.Object({ symbol: Type.String(), symbol_name: Type.String() })),
  record_version: Type.String(),
});

const RateRow = Type.Object({
  name: Type.String(),
  value: Decimal,
  unit: Type.String(),
  lower_bound: Type.Integer(),
  upper_bound: Type.Union([Type.Integer(), Type.Null()]),
});
const Position = Type.Object({
  stock_percent: Type.Number(),
  bond_percent: Type.Number(),
  cash_percent: Type.Number(),
  other_percent: Type.Number(),
  asset_tot: Type.Number(),
  asset_val: Type.Number(),
  source_mark: Type.String(),
  source: Type.String(),
  enddate: NullableString,
  chart_list: Type.Array(Type.Object({ type_desc: Type.String(), type: Type.String(), percent: Type.Number(), color: Type.String() })),
  stock_list: Type.Array(
    Type.Object({
      name: Type.String(),
      code: Type.String(),
      percent: Type.Number(),
      percent_double: Type.Number(),
      current_price: NullableNumber,
      change_percentage: NullableNumber,
      xq_symbol: Type.String(),
      xq_url: Type.String(),
      change_of_pre_quarter: Type.String(),
      change_of_pre_quarter_type: Type.Integer({ description: '1 new, 2 increased, 3 unchanged, 4 decreased' }),
      industry_label: NullableString,
      amarket: Type.Boolean(),
    }),
  ),
  bond_list: Type.Array(
    Type.Object({
      name: Type.String(),
      code: Type.String(),
      percent: Type.Number(),
      percent_double: Type.Number(),
      xq_symbol: Type.String(),
      xq_url: Type.String(),
      amarket: Type.Boolean(),
    }),
  ),
});
const FundDetail = Type.Object({
  fd_code: Type.String(),
  fund_company: Type.String(),
  fund_position: Position,
  fund_rates: Type.Object({
    fd_code: Type.String(),
    subscribe_rate: Decimal,
    declare_rate: Decimal,
    withdraw_rate: Decimal,
    discount: Decimal,
    subscribe_discount: Decimal,
    declare_discount: Decimal,
    subscribe_rate_table: Type.Array(RateRow),
    declare_rate_table: Type.Array(RateRow),
    withdraw_rate_table: Type.Array(RateRow),
    other_rate_table: Type.Array(RateRow),
  }),
  manager_list: Type.Array(
    Type.Object({
      indi_id: Type.String(),
      name: Type.String(),
      resume: Type.String(),
      college: Type.String(),
      education: Type.String(),
      work_year: Type.String(),
      achievement_list: Type.Array(
        Type.Object({
          fund_code: Type.String(),
          fundsname: Type.String(),
          post_date: Type.String(),
          resi_date: NullableString,
          cp_rate: NullableNumber,
        }),
      ),
    }),
  ),
  fund_date_conf: Type.Object({
    fd_code: Type.String(),
    buy_confirm_date: Type.Integer(),
    buy_query_date: Type.Integer(),
    sale_confirm_date: Type.Integer(),
    sale_query_date: Type.Integer(),
    all_buy_days: Type.Integer(),
    all_sale_days: Type.Integer(),
  }),
});

const schemaFor = readSchemas('fund');
const CodeParams = Type.Object({ code: FundCode });
const FundCodeQuery = Type.Object({ fund_code: FundCode });

const fundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = app.marketCache;

  app.get(
    '/djapi/fund/:code',
    { schema: schemaFor('Fund summary with latest NAV and period returns (fund_derived)', FundSummary, { params: CodeParams }) },
    (request, reply) =>
      answerFound(
        cache,
        reply,
        `fund:${request.params.code}`,
        (snap) => fundIn(snap, request.params.code),
        (snap, f) => fundSummaryView(app.db, snap, f),
      ),
  );

  app.get(
    '/djapi/fund/detail/:code',
    {
      schema: schemaFor('Fund detail: position (allocation, top-10 holdings), fee tables with discount, managers', FundDetail, {
        params: CodeParams,
      }),
    },
    (request, reply) =>
      answerFound(
        cache,
        reply,
        `detail:${request.params.code}`,
        (snap) => fundIn(snap, request.params.code),
        (snap, f) => fundDetailView(app.db, snap, f),
      ),
  );

  app.get(
    '/djapi/fund/derived/:code',
    { schema: schemaFor('Period returns and same-type ranks', FundDerivedFull, { params: CodeParams }) },
    (request, reply) =>
      answerFound(
        cache,
        reply,
        `derived:${request.params.code}`,
        (snap) => fundIn(snap, request.params.code),
        async (snap, f) => (await fundDerivedFull(app.db, snap, f)).view,
      ),
  );

  app.get(
    '/djapi/fund/nav/history/:code',
    {
      schema: schemaFor(
        'Daily NAV history, newest first, paged',
        Type.Object({
          fd_code: Type.String(),
          items: Type.Array(
            Type.Object({
              date: Type.String(),
              nav: Decimal,
              percentage: NullableDecimal,
              value: Decimal,
              income_per_10k: Type.Optional(NullableDecimal),
              yield_7d: Type.Optional(NullableDecimal),
            }),
          ),
          current_page: Type.Integer(),
          size: Type.Integer(),
          total_items: Type.Integer(),
          total_pages: Type.Integer(),
        }),
        {
          params: CodeParams,
          querystring: Type.Object({
            page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
            size: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
          }),
        },
      ),
    },
    (request, reply) => {
      const { page, size } = request.query;
      return answerFound(
        cache,
        reply,
        `nav:${request.params.code}:${page}:${size}`,
        (snap) => fundIn(snap, request.params.code),
        (_snap, f) => navHistoryView(app.db, f, page, size),
      );
    },
  );

  app.get(
    '/djapi/fund/growth/:code',
    {
      schema: schemaFor(
        'Cumulative growth line of the fund and of its benchmark',
        Type.Object({
          fd_code: Type.String(),
          day: Type.String(),
          fund_nav_growth: Type.Array(
            Type.Object({
              date: Type.String(),
              nav: Decimal,
              gr_nav: Decimal,
              percentage: NullableDecimal,
              value: Decimal,
              than_value: NullableDecimal,
              performance_value: NullableDecimal,
              income_per_10k: Type.Optional(NullableDecimal),
              yield_7d: Type.Optional(NullableDecimal),
            }),
          ),
          growth_lines: Type.Array(Type.Object({ line_name: Type.String(), line_key: Type.String(), line_color: Type.String() })),
          performance_remark: Type.String(),
          tip: Type.Array(Type.Object({ title: Type.String(), content: Type.String() })),
        }),
        { params: CodeParams, querystring: Type.Object({ day: StringEnum(GROWTH_DAYS, 'period: 1m 3m 6m ty (this year) 1y 3y 5y all') }) },
      ),
    },
    (request, reply) => {
      const { day } = request.query;
      return answerFound(
        cache,
        reply,
        `growth:${request.params.code}:${day}`,
        (snap) => fundIn(snap, request.params.code),
        (snap, f) => growthView(app.db, snap, f, day),
      );
    },
  );

  app.get(
    '/djapi/fund/order/v2/trade_date',
    {
      schema: schemaFor(
        'Dates of an order placed now: trade date T (15:00 cut-off), confirmation, visibility, redemption cash',
        Type.Object({
          fd_code: Type.String(),
          order_date: Type.String(),
          trade_date: Type.String(),
          cut_off_time: Type.String(),
          buy_confirm_date: Type.String(),
          buy_query_date: Type.String(),
          sale_confirm_date: Type.String(),
          sale_query_date: Type.String(),
          sale_to_cash_query_date: Type.String(),
          if_can_buy: Type.Boolean(),
          if_can_sale: Type.Boolean(),
          if_can_pay_xjb: Type.Boolean(),
          if_can_sale_to_cash: Type.Boolean(),
          withdraw_date: Type.Integer({ description: 'days after confirmation before a redemption is accepted (lock period)' }),
          status_reason: Type.String(),
        }),
        { querystring: Type.Object({ fd_code: FundCode }) },
      ),
    },
    async (request, reply) => {
      // Depends on the clock, so built per request (cheap), not cached.
      const fund = fundIn(await cache.current(), request.query.fd_code);
      return sendDataText(reply, JSON.stringify(tradeDateView(fund, app.clock.now())));
    },
  );

  app.get(
    '/djapi/v2/search',
    {
      schema: {
        tags: ['fund'],
        summary: 'Fund search by code prefix, name or pinyin initials (docs/PRODUCT.md §7)',
        querystring: Type.Object({
          key: Type.String({ maxLength: 50 }),
          source: Type.Optional(Type.String({ maxLength: 20 })),
          xq_access_token: Type.Optional(Type.String({ maxLength: 200 })),
          page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
          size: Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_MAX, default: SEARCH_LIMIT }),
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              key: Type.String(),
              items: Type.Array(Type.Object({ id: Type.String(), stype: Type.String(), scode: Type.String(), sname: Type.String() })),
              current_page: Type.Integer(),
              size: Type.Integer(),
              total_items: Type.Integer({ description: 'every match of the key' }),
              total_pages: Type.Integer(),
            }),
          ),
          400: ErrorEnvelope,
        },
      },
    },
    (request, reply) => {
      const key = request.query.key.trim();
      const { page, size } = request.query;
      // Keyed by the exact trimmed key: the answer echoes it, so "HS" and "hs" are different bodies.
      return answerCached(cache, reply, `search:${key}:${page}:${size}`, (snap) => {
        const found = searchPage(snap, key, page, size);
        return {
          key,
          items: found.items.map((f) => ({ id: f.code, stype: 'funding', scode: f.code, sname: f.name })),
          current_page: page,
          size,
          total_items: found.total,
          total_pages: Math.ceil(found.total / size),
        };
      });
    },
  );

  app.get(
    '/djapi/v3/filter/fund',
    {
      schema: {
        tags: ['fund'],
        summary: 'Fund ranking by period return. type: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII',
        querystring: Type.Object({
          type: Type.Optional(Type.Union(FILTER_TYPES.map((t) => Type.Literal(t)))),
          order_by: StringEnum(FILTER_ORDER_KEYS, 'period: 1w 1m 3m 6m ty 1y 2y 3y 5y base; 7d: 7-day annualised yield (money market)'),
          page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
          size: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
          // Screening (/rn/fund/filter): fund size in 亿元 (100 million CNY) and years since founding, bounds inclusive.
          size_min: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
          size_max: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
          found_years_min: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
          found_years_max: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              items: Type.Array(
                Type.Object({
                  fd_code: Type.String(),
                  fd_name: Type.String(),
                  yield: NullableDecimal,
                  sf_type: Type.String(),
                  type_desc: Type.String(),
                  unit_nav: NullableDecimal,
                  end_date: NullableString,
                  f_type: Type.String(),
                  sale_status: Type.String(),
                  total_asset: Type.Optional(Decimal),
                  found_date: Type.Optional(Type.String()),
                  yield_7d: Type.Optional(NullableDecimal),
                  income_per_10k: Type.Optional(NullableDecimal),
                }),
              ),
              order_by: Type.String(),
              current_page: Type.Integer(),
              size: Type.Integer(),
              total_items: Type.Integer(),
              total_pages: Type.Integer(),
            }),
          ),
          400: ErrorEnvelope,
        },
      },
    },
    (request, reply) => {
      const { type, order_by: orderBy, page, size, ...screen } = request.query;
      const key = `filter:${type ?? ''}:${orderBy}:${page}:${size}:${screen.size_min ?? ''}:${screen.size_max ?? ''}:${screen.found_years_min ?? ''}:${screen.found_years_max ?? ''}`;
      return answerCached(cache, reply, key, (snap) => screenedFilterView(snap, type, orderBy, page, size, screen));
    },
  );

  app.get(
    '/djapi/fundx/base/fund/achievement/:code',
    {
      schema: schemaFor(
        'Yearly and stage performance with max drawdown, benchmark and rank',
        Type.Object({
          fund_code: Type.String(),
          annual_performance_list: Type.Array(
            Type.Object({
              period_time: Type.String(),
              self_nav: Decimal,
              self_max_draw_down: Type.String(),
              standard_index_nav: NullableDecimal,
              standard_index_max_draw_down: NullableString,
              self_nav_rank: NullableString,
            }),
          ),
          stage_performance_list: Type.Array(
            Type.Object({
              period_time: Type.String(),
              self_nav: Decimal,
              self_max_draw_down: Type.String(),
              standard_index_nav: NullableDecimal,
              standard_index_max_draw_down: NullableString,
              self_nav_rank: NullableString,
            }),
          ),
        }),
        { params: CodeParams },
      ),
    },
    (request, reply) =>
      answerFound(
        cache,
        reply,
        `achievement:${request.params.code}`,
        (snap) => fundIn(snap, request.params.code),
        (snap, f) => achievementView(app.db, snap, f),
      ),
  );

  app.get(
    '/djapi/fundx/base/fund/record/asset/percent',
    {
      schema: schemaFor(
        'Latest quarterly asset allocation and top-10 holdings',
        Type.Object({
          fund_code: Type.String(),
          ...Position.properties,
          important_list_show: Type.Integer(),
          end_date_str: Type.String(),
        }),
        { querystring: FundCodeQuery },
      ),
    },
    (request, reply) =>
      answerFound(
        cache,
        reply,
        `asset:${request.query.fund_code}`,
        (snap) => fundIn(snap, request.query.fund_code),
        (snap, f) => assetPercentView(app.db, snap, f),
      ),
  );

  app.get(
    '/djapi/fundx/base/fund/record/manager/list',
    {
      schema: schemaFor(
        'Managers of the fund (post_status 1 current, 0 former; absent = all)',
        Type.Object({
          fund_code: Type.String(),
          current_page: Type.Integer(),
          size: Type.Integer(),
          total_items: Type.Integer(),
          total_pages: Type.Integer(),
          items: Type.Array(
            Type.Object({
              indi_id: Type.String(),
              name: Type.String(),
              resume: Type.String(),
              college: Type.String(),
              education: Type.String(),
              work_year: Type.String(),
              post_date: Type.Integer({ description: 'ms since 1970' }),
              post_date_text: Type.String(),
              resi_date_text: NullableString,
              post_status: Type.Integer(),
              post_name: Type.Integer(),
              cp_term: Type.String(),
              cp_rate: NullableNumber,
              performance_year: NullableNumber,
              fund_count: Type.Integer(),
              fund_total_nav: Decimal,
            }),
          ),
        }),
        { querystring: Type.Object({ fund_code: FundCode, post_status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) }) },
      ),
    },
    (request, reply) => {
      const { fund_code: code, post_status: postStatus } = request.query;
      return answerFound(
        cache,
        reply,
        `managers:${code}:${postStatus ?? ''}`,
        (snap) => fundIn(snap, code),
        (snap, f) => managerListView(app.db, snap, f, postStatus),
      );
    },
  );
};

export default fundRoutes;
