// The personal pension over HTTP (issue 24, docs/PRODUCT.md §10.13; src/lib/api-types/pension.ts is the answer
// contract): the zone's summary, the Y classes, opening, contributions, the year's statement and withdrawals. Same
// conventions as the trading calls: owner-only, the trade password RSA-encrypted, idempotent by request_id. Y-class
// purchases and sales are POST /djapi/order/buy with pay_method=pension and /djapi/order/sell with to=pension.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { yuanToFen } from '../../../src/lib/money';
import {
  FEMALE_RETIREMENT_CATEGORIES,
  PENSION_ANNUAL_CAP_FEN,
  WITHDRAWAL_CONDITIONS,
  WITHDRAWAL_MODES,
} from '../../../src/lib/pension-rules';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import { EncryptedPassword, MoneyAmount as Amount, RequestId } from '../http/schemas';
import { EnvelopeOf, ErrorEnvelopeWithData, ok } from '../http/envelope';
import { decryptedField } from '../http/forms';
import { answerRefusals } from '../http/trade-errors';
import { requireUser } from '../plugins/session';
import { contribute, openPension, pensionFunds, pensionStatement, pensionSummary, withdraw } from '../services/pension';
import { fenText, type TradingDeps } from '../services/trading';

const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData };

const pensionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): TradingDeps => ({ db: app.db, clock: app.clock, bank: app.bank, pepper: app.tradePasswordPepper });

  app.get(
    '/djapi/pension/summary',
    {
      schema: {
        tags: ['pension'],
        summary:
          'The pension zone: opened, the account, 资金账户 balance, money in transit, Y holdings and their value, the year’s contributions and room (12,000.00 − contributed), the declared income’s marginal rate and the tax saving',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await pensionSummary(app.db.kysely, app.personalData, user.userId, shanghaiDate(app.clock.now())));
    },
  );

  app.get(
    '/djapi/pension/funds',
    {
      schema: {
        tags: ['pension'],
        summary: 'The eligible funds: the Y classes on sale (no purchase or sales-service fee, about half the management and custody fees)',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async () => ok({ cap: fenText(PENSION_ANNUAL_CAP_FEN), items: await pensionFunds(app.db.kysely) }),
  );

  app.post(
    '/djapi/pension/open',
    {
      schema: {
        tags: ['pension'],
        summary:
          'Opens the 个人养老金资金账户 (at the bound card’s bank, simulated) and the 基金行业平台账户, linked to the fund account; one per person; idempotent by request_id',
        body: Type.Object({
          request_id: RequestId,
          trade_password: EncryptedPassword,
          // '1': the investor has the 个人养老金账户 at the social-insurance platform (simulated, not checked).
          social_account: Type.Union([Type.Literal('0'), Type.Literal('1')]),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      return answerRefusals(request, async () =>
        ok({
          account: await openPension(deps(), {
            userId: user.userId,
            requestId: body.request_id,
            socialAccount: body.social_account === '1',
            password: decryptedField(app, body.trade_password),
          }),
        }),
      );
    },
  );

  app.post(
    '/djapi/pension/contribute',
    {
      schema: {
        tags: ['pension'],
        summary:
          'Pays from the bound card into the pension account: ≤ 12,000.00 per calendar year (Shanghai) in total; idempotent by request_id',
        body: Type.Object({ amount: Amount, request_id: RequestId, trade_password: EncryptedPassword }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      return answerRefusals(request, async () => {
        const done = await contribute(deps(), {
          userId: user.userId,
          amountFen: yuanToFen(body.amount),
          requestId: body.request_id,
          password: decryptedField(app, body.trade_password),
        });
        const summary = await pensionSummary(app.db.kysely, app.personalData, user.userId, shanghaiDate(app.clock.now()));
        return ok({
          contribution: { id: String(done.id), amount: fenText(done.amount_fen), year: done.year, date: done.business_date },
          balance: summary.balance,
          year_contributed: summary.year_contributed,
          year_room: summary.year_room,
        });
      });
    },
  );

  app.get(
    '/djapi/pension/statement',
    {
      schema: {
        tags: ['pension'],
        summary:
          'The year’s tax-deduction statement (扣除凭证): the contributions of that calendar year, and its withdrawals with the tax withheld',
        querystring: Type.Object({ year: Type.Optional(Type.String({ pattern: '^(19|20)\\d{2}$' })) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const year = Number(request.query.year ?? shanghaiDate(app.clock.now()).slice(0, 4));
      return answerRefusals(request, async () => {
        const statement = await pensionStatement(app.db.kysely, user.userId, year);
        if (!statement) throw new TradeRefusal('pensionNotOpened');
        return ok(statement);
      });
    },
  );

  app.post(
    '/djapi/pension/withdraw',
    {
      schema: {
        tags: ['pension'],
        summary:
          'Withdraws (领取) on a declared condition: 3 % tax withheld, the rest to the social-security-card account; mode once takes the whole 资金账户 balance; idempotent by request_id',
        body: Type.Object({
          condition: Type.Union(WITHDRAWAL_CONDITIONS.map((c) => Type.Literal(c))),
          mode: Type.Union(WITHDRAWAL_MODES.map((m) => Type.Literal(m))),
          amount: Type.Optional(Amount),
          category: Type.Optional(
            Type.Union(
              FEMALE_RETIREMENT_CATEGORIES.map((c) => Type.Literal(c)),
              {
                description:
                  'with condition retirement, a woman’s retirement-age category: female_55 (女干部, 55 → 58; the default) or female_50 (女工人, 50 → 55)',
              },
            ),
          ),
          request_id: RequestId,
          trade_password: EncryptedPassword,
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      return answerRefusals(request, async () => {
        const done = await withdraw(
          { ...deps(), cipher: app.personalData },
          {
            userId: user.userId,
            condition: body.condition,
            mode: body.mode,
            amountFen: body.amount === undefined ? null : yuanToFen(body.amount),
            category: body.category ?? null,
            requestId: body.request_id,
            password: decryptedField(app, body.trade_password),
          },
        );
        return ok({
          withdrawal: {
            id: String(done.id),
            condition: done.condition,
            mode: done.mode,
            amount: fenText(done.amount_fen),
            tax: fenText(done.tax_fen),
            net: fenText(done.net_fen),
            date: done.business_date,
          },
        });
      });
    },
  );
};

export default pensionRoutes;
