// Discovery endpoints beyond the public Danjuan ones: the auto-invest ranking (/rank-xq/auto-invest) and index
// fund picking (/index-mass). Answers are built by market/discover-views.ts once per market snapshot and served
// as ready JSON from the market cache, like fund.ts.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTO_INVEST_PERIODS, AUTO_INVEST_TYPES } from '../domain/auto-invest-simulation';
import { ApiError } from '../http/envelope';
import { answerCached, answerFound } from '../http/market-answers';
import { ResultCode } from '../http/result-codes';
import { Decimal, IndexCode, NullableDecimal, NullableString, readSchemas, StringEnum } from '../http/schemas';
import { autoInvestView, categoriesView, indexFundsView } from '../market/discover-views';

const schemaFor = readSchemas('discover');

const discoverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = app.marketCache;

  app.get(
    '/djapi/fund/rank/auto-invest',
    {
      schema: schemaFor(
        'Ranking by simulated auto-invest return: 1,000 CNY on the first trading day of each month, dividends reinvested, no fees',
        Type.Object({
          period: Type.String(),
          start_date: Type.String(),
          end_date: Type.String(),
          months: Type.Integer(),
          first_buy_date: NullableString,
          monthly_amount: Decimal,
          items: Type.Array(
            Type.Object({
              fd_code: Type.String(),
              fd_name: Type.String(),
              sf_type: Type.String(),
              type_desc: Type.String(),
              auto_invest_return: Decimal,
              invested_amount: Decimal,
              final_value: Decimal,
              final_shares: Decimal,
              lump_sum_return: NullableDecimal,
              unit_nav: NullableDecimal,
              nav_date: NullableString,
              sale_status: Type.String(),
            }),
          ),
          current_page: Type.Integer(),
          size: Type.Integer(),
          total_items: Type.Integer(),
          total_pages: Type.Integer(),
        }),
        {
          querystring: Type.Object({
            period: StringEnum(AUTO_INVEST_PERIODS, 'simulation length: 1y 2y 3y 5y'),
            type: Type.Optional(
              Type.Union(
                AUTO_INVEST_TYPES.map((t) => Type.Literal(t)),
                { description: '1 stock, 2 bond, 3 hybrid, 5 index, 6 FOF, 11 QDII' },
              ),
            ),
            page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
            size: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
          }),
        },
      ),
    },
    (request, reply) => {
      const { period, type, page, size } = request.query;
      return answerCached(cache, reply, `auto-invest:${period}:${type ?? ''}:${page}:${size}`, (snap) =>
        autoInvestView(cache, app.db, snap, { period, type, page, size }),
      );
    },
  );

  const IndexSummary = Type.Object({
    index_code: Type.String(),
    name: Type.String(),
    description: Type.String(),
    region: Type.String(),
    fund_count: Type.Integer(),
    close: NullableDecimal,
    date: NullableString,
    percent_1y: NullableDecimal,
    pe_percentile: NullableDecimal,
  });

  app.get(
    '/djapi/index-mass/categories',
    {
      schema: schemaFor(
        'Indices with tracking funds, by category (broad, sector, strategy, overseas, bond)',
        Type.Object({
          categories: Type.Array(Type.Object({ key: Type.String(), indices: Type.Array(IndexSummary) })),
        }),
      ),
    },
    (_request, reply) => answerCached(cache, reply, 'index-mass:categories', (snap) => categoriesView(snap)),
  );

  app.get(
    '/djapi/index-mass/:index_code/funds',
    {
      schema: schemaFor(
        'Funds tracking an index with fees, size and the tracking error computed from the last year of NAVs',
        Type.Object({
          index_code: Type.String(),
          name: Type.String(),
          description: Type.String(),
          category: Type.String(),
          percent_1y: NullableDecimal,
          pe_percentile: NullableDecimal,
          tracking_from: Type.String(),
          funds: Type.Array(
            Type.Object({
              fd_code: Type.String(),
              fd_name: Type.String(),
              share_class: NullableString,
              found_date: Type.String(),
              total_asset: Decimal,
              manage_fee: Decimal,
              custody_fee: Decimal,
              sales_service_fee: Decimal,
              annual_fee: Decimal,
              declare_rate: Decimal,
              declare_rate_discounted: Decimal,
              tracking_error: NullableDecimal,
              tracking_days: Type.Integer(),
              unit_nav: NullableDecimal,
              nav_date: NullableString,
              nav_grl1y: NullableDecimal,
              sale_status: Type.String(),
            }),
          ),
        }),
        { params: Type.Object({ index_code: IndexCode }) },
      ),
    },
    (request, reply) => {
      const raw = request.params.index_code;
      const code = raw.toUpperCase();
      return answerFound(
        cache,
        reply,
        `index-mass:funds:${code}`,
        (snap) => {
          const index = snap.indices.get(code);
          if (!index) throw ApiError.of(ResultCode.NOT_FOUND, 'indexNotFound', 404, { code: raw });
          return index;
        },
        (snap, index) => indexFundsView(app.db, snap, index),
      );
    },
  );
};

export default discoverRoutes;
