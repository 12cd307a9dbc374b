// Watchlist changes, Xueqiu-shaped (docs/PRODUCT.md §7 lists the read call, GET …/watchlist.json in account.ts):
// POST /xqstock/v5/stock/portfolio/stock/add.json and cancel.json with `symbols` (comma-joined).
// Funds are `F` + the six-digit code (Xueqiu's fund symbols); indices use their own symbols (SH000300).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { WATCHLIST_SIZE } from '../constants';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok, requestLocale } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { marketCacheFor } from '../market/market-cache';
import { requireUser } from '../plugins/session';

const SYMBOL = /^(F\d{6}|(SH|SZ|CSI|HK|US)?[A-Z0-9.]{1,12})$/;

const messages = {
  badSymbols: { 'zh-CN': '请选择要操作的基金或股票', 'en-US': 'Name at least one symbol' },
  unknown: { 'zh-CN': '不存在的代码：{symbol}', 'en-US': 'Unknown symbol: {symbol}' },
  full: { 'zh-CN': '自选已满（最多 {max} 个）', 'en-US': 'The watchlist is full (at most {max})' },
} as const;

function say(request: FastifyRequest, key: keyof typeof messages, params: Record<string, string | number> = {}): string {
  let text: string = messages[key][requestLocale(request)];
  for (const [k, v] of Object.entries(params)) text = text.replace(`{${k}}`, String(v));
  return text;
}

/** `symbols` as sent: comma-joined, trimmed, upper-cased, de-duplicated, each well formed. */
function parseSymbols(request: FastifyRequest, raw: string): string[] {
  const symbols = [...new Set(raw.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
  if (symbols.length === 0 || symbols.length > 100) throw new ApiError(ResultCode.INVALID_PARAMETER, say(request, 'badSymbols'), 400);
  const bad = symbols.find((s) => !SYMBOL.test(s));
  if (bad) throw new ApiError(ResultCode.INVALID_PARAMETER, say(request, 'unknown', { symbol: bad.slice(0, 20) }), 400);
  return symbols;
}

const SymbolsBody = Type.Object({ symbols: Type.String({ minLength: 1, maxLength: 2000, description: 'comma-joined symbols, e.g. F009005,SH000300' }) });

const watchlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = marketCacheFor(app.db, app.clock);

  app.post('/xqstock/v5/stock/portfolio/stock/add.json', {
    schema: {
      tags: ['account'],
      summary: 'Add symbols to the user\'s watchlist (funds: F + code); already present ones are kept',
      body: SymbolsBody,
      response: { 200: Type.Union([EnvelopeOf(Type.Object({ added: Type.Array(Type.String()) })), ErrorEnvelope]), 400: ErrorEnvelope, 404: ErrorEnvelope },
    },
  }, async (request) => {
    const user = await requireUser(request);
    const symbols = parseSymbols(request, request.body.symbols);
    const snap = await cache.current();
    const rows = symbols.map((symbol) => {
      const name = symbol.startsWith('F') && /^F\d{6}$/.test(symbol) ? snap.funds.get(symbol.slice(1))?.name : snap.indices.get(symbol)?.name;
      if (!name) throw new ApiError(ResultCode.NOT_FOUND, say(request, 'unknown', { symbol }), 404);
      return { user_id: user.userId, symbol, name, created_at: app.clock.now() };
    });
    await app.db.kysely.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('watchlist').values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing()).returning('symbol').execute();
      if (inserted.length === 0) return;
      const count = await trx.selectFrom('watchlist').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', user.userId).executeTakeFirst();
      // Over the cap: undo this request's additions (the transaction rolls back).
      if (Number(count?.n ?? 0) > WATCHLIST_SIZE) throw new ApiError(ResultCode.INVALID_PARAMETER, say(request, 'full', { max: WATCHLIST_SIZE }), 400);
    });
    return ok({ added: symbols });
  });

  app.post('/xqstock/v5/stock/portfolio/stock/cancel.json', {
    schema: {
      tags: ['account'],
      summary: 'Remove symbols from the user\'s watchlist; absent ones are ignored',
      body: SymbolsBody,
      response: { 200: Type.Union([EnvelopeOf(Type.Object({ removed: Type.Integer() })), ErrorEnvelope]), 400: ErrorEnvelope },
    },
  }, async (request) => {
    const user = await requireUser(request);
    const symbols = parseSymbols(request, request.body.symbols);
    const result = await app.db.kysely.deleteFrom('watchlist').where('user_id', '=', user.userId).where('symbol', 'in', symbols).executeTakeFirst();
    return ok({ removed: Number(result.numDeletedRows) });
  });
};

export default watchlistRoutes;
