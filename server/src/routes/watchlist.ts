// Watchlist changes, Xueqiu-shaped (docs/PRODUCT.md §7 lists the read call, GET …/watchlist.json in account.ts):
// POST /xqstock/v5/stock/portfolio/stock/add.json and cancel.json with `symbols` (comma-joined).
// Funds are `F` + the six-digit code (Xueqiu's fund symbols); indices use their own symbols (SH000300).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok } from '../http/envelope';
import { sendDataText } from '../http/market-answers';
import { ResultCode } from '../http/result-codes';
import { NullableDecimal, NullableString } from '../http/schemas';
import { fundQuotesView, QUOTE_CODES_MAX } from '../market/fund-quotes';
import { requireUser } from '../plugins/session';
import { addToWatchlist, removeFromWatchlist } from '../services/watchlist';

const SYMBOL = /^(F\d{6}|(SH|SZ|CSI|HK|US)?[A-Z0-9.]{1,12})$/;

/** `symbols` as sent: comma-joined, trimmed, upper-cased, de-duplicated, each well formed. */
function parseSymbols(raw: string): string[] {
  const symbols = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (symbols.length === 0 || symbols.length > 100) throw ApiError.of(ResultCode.INVALID_PARAMETER, 'watchlistNoSymbols');
  const bad = symbols.find((s) => !SYMBOL.test(s));
  if (bad) throw ApiError.of(ResultCode.INVALID_PARAMETER, 'watchlistUnknownSymbol', 400, { symbol: bad.slice(0, 20) });
  return symbols;
}

const SymbolsBody = Type.Object({
  symbols: Type.String({ minLength: 1, maxLength: 2000, description: 'comma-joined symbols, e.g. F009005,SH000300' }),
});

const FundQuote = Type.Object({
  fd_code: Type.String(),
  fd_name: Type.String(),
  sf_type: Type.String({ description: '1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII' }),
  type_desc: Type.String(),
  sale_status: Type.String(),
  end_date: NullableString,
  unit_nav: NullableDecimal,
  nav_grtd: NullableDecimal,
  nav_grl1w: NullableDecimal,
  nav_grl1m: NullableDecimal,
  nav_grl3m: NullableDecimal,
  nav_grl6m: NullableDecimal,
  nav_grlty: NullableDecimal,
  nav_grl1y: NullableDecimal,
  nav_grl3y: NullableDecimal,
  nav_grbase: NullableDecimal,
  yield_7d: NullableDecimal,
  income_per_10k: NullableDecimal,
});

const watchlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = app.marketCache;

  // Public: an anonymous visitor's watchlist lives on the device and shows the same figures.
  app.get(
    '/djapi/fund/quotes',
    {
      schema: {
        tags: ['fund'],
        summary: "The watchlist's figures of up to 200 funds: latest NAV and date, day's change, period returns, 7-day yield",
        querystring: Type.Object({
          fd_codes: Type.String({
            pattern: `^\\d{6}(,\\d{6}){0,${QUOTE_CODES_MAX - 1}}$`,
            description: 'comma-joined six-digit codes, e.g. 009005,009003; unknown ones are left out',
          }),
        }),
        response: { 200: EnvelopeOf(Type.Object({ items: Type.Array(FundQuote) })), 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const snap = await cache.current();
      return sendDataText(reply, JSON.stringify(fundQuotesView(snap, request.query.fd_codes.split(','))));
    },
  );

  app.post(
    '/xqstock/v5/stock/portfolio/stock/add.json',
    {
      schema: {
        tags: ['account'],
        summary: "Add symbols to the user's watchlist (funds: F + code); already present ones are kept",
        body: SymbolsBody,
        response: {
          200: Type.Union([EnvelopeOf(Type.Object({ added: Type.Array(Type.String()) })), ErrorEnvelope]),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const symbols = parseSymbols(request.body.symbols);
      const added = await addToWatchlist(app.db.kysely, await cache.current(), { userId: user.userId, symbols, now: app.clock.now() });
      if (!added.ok) {
        throw added.reason === 'unknown'
          ? ApiError.of(ResultCode.NOT_FOUND, 'watchlistUnknownSymbol', 404, { symbol: added.symbol })
          : ApiError.of(ResultCode.INVALID_PARAMETER, 'watchlistFull', 400, { max: added.max });
      }
      return ok({ added: symbols });
    },
  );

  app.post(
    '/xqstock/v5/stock/portfolio/stock/cancel.json',
    {
      schema: {
        tags: ['account'],
        summary: "Remove symbols from the user's watchlist; absent ones are ignored",
        body: SymbolsBody,
        response: { 200: Type.Union([EnvelopeOf(Type.Object({ removed: Type.Integer() })), ErrorEnvelope]), 400: ErrorEnvelope },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const symbols = parseSymbols(request.body.symbols);
      return ok({ removed: await removeFromWatchlist(app.db.kysely, user.userId, symbols) });
    },
  );
};

export default watchlistRoutes;
