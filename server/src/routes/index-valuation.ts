// Index valuation table (/djmodule/value-center), valuation detail, PE/PB history and daily K-line.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/envelope';
import { answerCached, answerFound } from '../http/market-answers';
import { ResultCode } from '../http/result-codes';
import { Decimal, IndexCode, NullableDecimal, readSchemas, StringEnum } from '../http/schemas';
import {
  HISTORY_DAYS,
  KLINE_PERIODS,
  klineView,
  valuationDetailView,
  valuationHistoryView,
  valuationTableView,
} from '../market/index-views';
import type { IndexRecord, MarketSnapshot } from '../market/market-cache';

/** The index of `rawCode` (any case) in the snapshot, or the 404 answer; `needValuation`: 404 too without PE/PB data. */
function indexIn(snap: MarketSnapshot, rawCode: string, needValuation: boolean): IndexRecord {
  const index = snap.indices.get(rawCode.toUpperCase());
  if (!index) throw ApiError.of(ResultCode.NOT_FOUND, 'indexNotFound', 404, { code: rawCode });
  if (needValuation && !index.has_valuation) throw ApiError.of(ResultCode.NOT_FOUND, 'indexNoValuation', 404, { code: rawCode });
  return index;
}

const ValuationItem = Type.Object({
  index_code: Type.String(),
  name: Type.String(),
  pe: Decimal,
  pe_percentile: Decimal,
  pb: Decimal,
  pb_percentile: Decimal,
  roe: Decimal,
  yeild: Decimal,
  eva_type: StringEnum(['low', 'mid', 'high'] as const),
  eva_type_int: Type.Integer(),
  date: Type.String(),
  ts: Type.Integer(),
  begin_at: Type.String(),
  category: Type.String(),
  region: Type.String(),
  // Further fields of the real Danjuan row (numbers where Danjuan sends numbers):
  id: Type.Integer(),
  ttype: Type.String({ description: "'1' broad, '2' strategy, '3' sector, '4' overseas, '5' bond" }),
  url: Type.String({ description: 'page of the tracking fund with the smallest tracking error, or empty' }),
  bond_yeild: Type.Number({ description: "ten-year government bond yield of the index's market, ratio" }),
  begin_at_ts: Type.Integer({ description: 'begin_at as ms since 1970 (Danjuan sends begin_at so)' }),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  peg: Type.Union([Type.Number(), Type.Null()]),
  pb_flag: Type.Boolean(),
  pe_over_history: Type.Number({ description: '1 − pe_percentile' }),
  pb_over_history: Type.Number({ description: '1 − pb_percentile' }),
});

const schemaFor = readSchemas('index');
const CodeParams = Type.Object({ index_code: IndexCode });

const indexValuationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = app.marketCache;

  /** An index-keyed read: the ready envelope when fresh (synchronously), else looked up, built and cached. */
  const answerIndex = (
    reply: FastifyReply,
    rawCode: string,
    needValuation: boolean,
    key: string,
    build: (snap: MarketSnapshot, index: IndexRecord) => unknown,
  ) => answerFound(cache, reply, key, (snap) => indexIn(snap, rawCode, needValuation), build);

  app.get(
    '/djapi/index_eva/dj',
    {
      schema: schemaFor(
        'Index valuation table: PE/PB and their percentiles over the history, low (< 30 %) / mid / high (> 70 %)',
        Type.Object({
          items: Type.Array(ValuationItem),
          low_percentile: Decimal,
          high_percentile: Decimal,
          current_page: Type.Integer(),
          size: Type.Integer(),
          total_items: Type.Integer(),
          total_pages: Type.Integer(),
        }),
      ),
    },
    (_request, reply) => answerCached(cache, reply, 'index_eva', (snap) => valuationTableView(snap)),
  );

  app.get(
    '/djapi/index_eva/detail/:index_code',
    {
      schema: schemaFor(
        'Valuation of one index and the index funds tracking it (tracking error, fees, size)',
        Type.Object({
          index_code: Type.String(),
          name: Type.String(),
          description: Type.String(),
          has_valuation: Type.Boolean(),
          valuation: Type.Union([ValuationItem, Type.Null()]),
          funds: Type.Array(
            Type.Object({
              fd_code: Type.String(),
              fd_name: Type.String(),
              tracking_error: NullableDecimal,
              manage_fee: Decimal,
              custody_fee: Decimal,
              sales_service_fee: Decimal,
              total_asset: Decimal,
              unit_nav: NullableDecimal,
              nav_grl1y: NullableDecimal,
              sale_status: Type.String(),
            }),
          ),
        }),
        { params: CodeParams },
      ),
    },
    (request, reply) =>
      answerIndex(reply, request.params.index_code, false, `index_detail:${request.params.index_code.toUpperCase()}`, (snap, index) =>
        valuationDetailView(snap, index),
      ),
  );

  for (const metric of ['pe', 'pb'] as const) {
    app.get(
      `/djapi/index_eva/${metric}_history/:index_code`,
      {
        schema: schemaFor(
          `${metric.toUpperCase()} history with danger / median / opportunity lines (70th, 50th, 30th percentiles)`,
          Type.Object({
            index_code: Type.String(),
            day: Type.String(),
            [`index_eva_${metric}_growths`]: Type.Array(Type.Object({ ts: Type.Integer(), date: Type.String(), [metric]: Decimal })),
            horizontal_lines: Type.Array(Type.Object({ line_name: Type.String(), line_value: Decimal, line_color: Type.String() })),
          }),
          {
            params: CodeParams,
            querystring: Type.Object({ day: Type.Optional(StringEnum(HISTORY_DAYS, 'window: 1y 3y 5y 10y all (default all)')) }),
          },
        ),
      },
      (request, reply) => {
        const { index_code: code } = request.params as { index_code: string };
        const { day = 'all' } = request.query as { day?: (typeof HISTORY_DAYS)[number] };
        return answerIndex(reply, code, true, `${metric}_history:${code.toUpperCase()}:${day}`, (_snap, index) =>
          valuationHistoryView(index, metric, day),
        );
      },
    );
  }

  app.get(
    '/djapi/index/kline/:index_code',
    {
      schema: schemaFor(
        'Index K-line (OHLC and volume), daily or aggregated weekly / monthly, the last `count` bars',
        Type.Object({
          symbol: Type.String(),
          name: Type.String(),
          period: Type.String(),
          items: Type.Array(
            Type.Object({
              date: Type.String(),
              timestamp: Type.Integer(),
              open: Decimal,
              high: Decimal,
              low: Decimal,
              close: Decimal,
              volume: Type.Integer(),
              chg: NullableDecimal,
              percent: NullableDecimal,
            }),
          ),
        }),
        {
          params: CodeParams,
          querystring: Type.Object({
            period: Type.Optional(StringEnum(KLINE_PERIODS, 'bar size (default day)')),
            count: Type.Integer({ minimum: 1, maximum: 3000, default: 250 }),
          }),
        },
      ),
    },
    (request, reply) => {
      const { period = 'day', count } = request.query;
      return answerIndex(
        reply,
        request.params.index_code,
        false,
        `kline:${request.params.index_code.toUpperCase()}:${period}:${count}`,
        (_snap, index) => klineView(index, period, count),
      );
    },
  );
};

export default indexValuationRoutes;
