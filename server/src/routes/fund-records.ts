// The fund page's records beyond the NAV history: dividends (docs/DATA.md). Market reads, cached per snapshot.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../http/envelope';
import { answerFound } from '../http/market-answers';
import { ResultCode } from '../http/result-codes';
import { Decimal, FundCode, readSchemas } from '../http/schemas';
import { dividendHistoryView } from '../market/fund-records';

const schemaFor = readSchemas('fund');

const fundRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = app.marketCache;

  app.get(
    '/djapi/fund/dividend/:code',
    {
      schema: schemaFor(
        'Dividends paid by the fund, newest first, paged (ex-date up to the business date)',
        Type.Object({
          fd_code: Type.String(),
          items: Type.Array(
            Type.Object({
              record_date: Type.String({ description: 'record date (the trading day before the ex-date)' }),
              ex_date: Type.String({ description: 'ex-dividend date' }),
              per_share: Decimal,
              plan_text: Type.String(),
            }),
          ),
          current_page: Type.Integer(),
          size: Type.Integer(),
          total_items: Type.Integer(),
          total_pages: Type.Integer(),
        }),
        {
          params: Type.Object({ code: FundCode }),
          querystring: Type.Object({
            page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
            size: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          }),
        },
      ),
    },
    (request, reply) => {
      const { page, size } = request.query;
      return answerFound(
        cache,
        reply,
        `dividend:${request.params.code}:${page}:${size}`,
        (snap) => {
          const fund = snap.funds.get(request.params.code);
          if (!fund) throw ApiError.of(ResultCode.NOT_FOUND, 'fundNotFound', 404, { code: request.params.code });
          return fund;
        },
        (snap, f) => dividendHistoryView(app.db, snap, f, page, size),
      );
    },
  );
};

export default fundRecordRoutes;
