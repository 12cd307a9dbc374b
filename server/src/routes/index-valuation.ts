// Index valuation table (/djmodule/value-center), valuation detail, PE/PB history and daily K-line.
import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, EnvelopeOf, ErrorEnvelope, requestLocale } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import {
  HISTORY_DAYS, KLINE_PERIODS, klineView, valuationDetailView, valuationHistoryView, valuationTableView,
} from '../market/index-views';
import { marketCacheFor, type IndexRecord, type MarketSnapshot } from '../market/market-cache';
import { answerCached, sendBody, sendEnvelope } from './fund';

const IndexCode = Type.String({ pattern: '^[A-Za-z0-9]{2,12}$', description: 'index code as Danjuan writes it, e.g. SH000300, SZ399006, HKHSI, NDX' });
const Decimal = Type.String({ description: 'decimal string' });
const NullableDecimal = Type.Union([Decimal, Type.Null()]);

const messages = {
  indexNotFound: { 'zh-CN': '指数不存在：{code}', 'en-US': 'No index with code {code}' },
  noValuation: { 'zh-CN': '该指数没有估值数据：{code}', 'en-US': 'Index {code} has no valuation data' },
} as const;

function indexError(request: FastifyRequest, key: keyof typeof messages, code: string): ApiError {
  return new ApiError(ResultCode.NOT_FOUND, messages[key][requestLocale(request)].replace('{code}', code), 404);
}

const ValuationItem = Type.Object({
  index_code: Type.String(), name: Type.String(), pe: Decimal, pe_percentile: Decimal, pb: Decimal, pb_percentile: Decimal,
  roe: Decimal, yeild: Decimal, eva_type: StringEnum(['low', 'mid', 'high'] as const), eva_type_int: Type.Integer(),
  date: Type.String(), ts: Type.Integer(), begin_at: Type.String(), category: Type.String(), region: Type.String(),
});

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };
function schemaFor<D extends TSchema, E extends { params?: TSchema; querystring?: TSchema }>(summary: string, data: D, extra?: E) {
  return { tags: ['index'], summary, ...(extra as E), response: { 200: EnvelopeOf(data), ...errors } };
}
const CodeParams = Type.Object({ index_code: IndexCode });

const indexValuationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = marketCacheFor(app.db, app.clock);

  async function withIndex(request: FastifyRequest, rawCode: string, needValuation: boolean): Promise<{ snap: MarketSnapshot; index: IndexRecord }> {
    const snap = await cache.current();
    const code = rawCode.toUpperCase();
    const index = snap.indices.get(code);
    if (!index) throw indexError(request, 'indexNotFound', rawCode);
    if (needValuation && !index.has_valuation) throw indexError(request, 'noValuation', rawCode);
    return { snap, index };
  }

  /** An index-keyed read: the ready envelope when fresh (synchronously), else looked up, built and cached. */
  function answerIndex(
    request: FastifyRequest,
    reply: FastifyReply,
    rawCode: string,
    needValuation: boolean,
    keyOf: (code: string) => string,
    build: (snap: MarketSnapshot, index: IndexRecord) => unknown,
  ): void | Promise<void> {
    const key = keyOf(rawCode.toUpperCase());
    const hit = cache.cachedEnvelope(key);
    if (hit !== undefined) return sendEnvelope(reply, hit);
    return (async () => {
      const { snap, index } = await withIndex(request, rawCode, needValuation);
      return sendBody(reply, await cache.envelope(snap, key, () => build(snap, index)));
    })();
  }

  app.get('/djapi/index_eva/dj', {
    schema: schemaFor('Index valuation table: PE/PB and their percentiles over the history, low (< 30 %) / mid / high (> 70 %)',
      Type.Object({ items: Type.Array(ValuationItem), low_percentile: Decimal, high_percentile: Decimal })),
  }, (_request, reply) => answerCached(cache, reply, 'index_eva', (snap) => valuationTableView(snap)));

  app.get('/djapi/index_eva/detail/:index_code', {
    schema: schemaFor('Valuation of one index and the index funds tracking it (tracking error, fees, size)', Type.Object({
      index_code: Type.String(), name: Type.String(), description: Type.String(), has_valuation: Type.Boolean(),
      valuation: Type.Union([ValuationItem, Type.Null()]),
      funds: Type.Array(Type.Object({
        fd_code: Type.String(), fd_name: Type.String(), tracking_error: NullableDecimal, manage_fee: Decimal, custody_fee: Decimal,
        sales_service_fee: Decimal, total_asset: Decimal, unit_nav: NullableDecimal, nav_grl1y: NullableDecimal, sale_status: Type.String(),
      })),
    }), { params: CodeParams }),
  }, (request, reply) => answerIndex(request, reply, request.params.index_code, false, (code) => `index_detail:${code}`, (snap, index) => valuationDetailView(snap, index)));

  for (const metric of ['pe', 'pb'] as const) {
    app.get(`/djapi/index_eva/${metric}_history/:index_code`, {
      schema: schemaFor(`${metric.toUpperCase()} history with danger / median / opportunity lines (70th, 50th, 30th percentiles)`, Type.Object({
        index_code: Type.String(), day: Type.String(),
        [`index_eva_${metric}_growths`]: Type.Array(Type.Object({ ts: Type.Integer(), date: Type.String(), [metric]: Decimal })),
        horizontal_lines: Type.Array(Type.Object({ line_name: Type.String(), line_value: Decimal, line_color: Type.String() })),
      }), {
        params: CodeParams,
        querystring: Type.Object({ day: Type.Optional(StringEnum(HISTORY_DAYS, 'window: 1y 3y 5y 10y all (default all)')) }),
      }),
    }, (request, reply) => {
      const { index_code: code } = request.params as { index_code: string };
      const { day = 'all' } = request.query as { day?: (typeof HISTORY_DAYS)[number] };
      return answerIndex(request, reply, code, true, (upper) => `${metric}_history:${upper}:${day}`, (_snap, index) => valuationHistoryView(index, metric, day));
    });
  }

  app.get('/djapi/index/kline/:index_code', {
    schema: schemaFor('Index K-line (OHLC and volume), daily or aggregated weekly / monthly, the last `count` bars', Type.Object({
      symbol: Type.String(), name: Type.String(), period: Type.String(),
      items: Type.Array(Type.Object({
        date: Type.String(), timestamp: Type.Integer(), open: Decimal, high: Decimal, low: Decimal, close: Decimal,
        volume: Type.Integer(), chg: NullableDecimal, percent: NullableDecimal,
      })),
    }), {
      params: CodeParams,
      querystring: Type.Object({
        period: Type.Optional(StringEnum(KLINE_PERIODS, 'bar size (default day)')),
        count: Type.Integer({ minimum: 1, maximum: 3000, default: 250 }),
      }),
    }),
  }, (request, reply) => {
    const { period = 'day', count } = request.query;
    return answerIndex(request, reply, request.params.index_code, false, (code) => `kline:${code}:${period}:${count}`, (_snap, index) => klineView(index, period, count));
  });
};

export default indexValuationRoutes;
