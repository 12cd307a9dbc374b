// The activities over HTTP (issue 25, docs/PRODUCT.md §7.4; answers: src/lib/api-types/activity.ts): the running
// activities, the lump-sum product (brochure, booking, cancel), the competition (join, rebalance, portfolio, ranking)
// and registration coupons (claim, the investor's coupons). Public pages answer visitors too; what an investor does
// needs the session. HTTP only: the rules are the services'.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type {
  ActivitySummary,
  CompetitionPage,
  CompetitionPosition,
  CompetitionRankItem,
  CompetitionRanking,
  Coupon,
  LumpSumBooking,
  LumpSumPage,
  RegCouponPage,
} from '../../../src/lib/api-types/activity';
import { applyCoupon } from '../../../src/lib/coupon';
import { fenToYuan, yuanToFen } from '../../../src/lib/money';
import { discountPpm, mulDiv, ppmToPercent, unitsToNav, volumeToShares, volumeValueFen } from '../../../src/lib/trade-math';
import { ActivityRefusal } from '../domain/activity-refusal';
import { TradeRefusal } from '../domain/trade-refusal';
import { bpText, returnBp, unitNavText } from '../domain/competition';
import { shanghaiDate } from '../domain/clock';
import { answerActivity } from '../http/activity-errors';
import { EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { decryptedField } from '../http/forms';
import { formatMessage, type ServerLocale } from '../http/result-codes';
import { EncryptedPassword, FundCode, MoneyAmount, PageNumber, RequestId } from '../http/schemas';
import { requireUser, userOf } from '../plugins/session';
import { participantCount, publicActivity, requireActivity, runningActivities, type ActivityRow } from '../services/activities';
import {
  eligibleFunds,
  joinCompetition,
  lastDay,
  parseWeights,
  placeRebalance,
  portfolio,
  rankOf,
  ranking,
  type CompetitionActivity,
} from '../services/competition';
import { claimCoupon, couponRefusal, couponState, couponTerms, listCoupons, type CouponRow } from '../services/coupons';
import { book, cancelBooking, listBookings, lumpSumActivity, raisingOf, type BookingRow } from '../services/lump-sum';
import { checkBuy, loadTradeFund, purchaseQuote, type TradingDeps } from '../services/trading';
import { tradeError } from '../http/trade-errors';
import type { FeeBracket } from '../../../src/lib/fees';

const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData };
const ActivityId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });
const Size = Type.String({ pattern: '^([1-9]|[1-4]\\d|50)$' });

async function summary(
  app: { db: { kysely: Parameters<typeof participantCount>[0] } },
  activity: ActivityRow,
  now: Date,
): Promise<ActivitySummary> {
  return { ...publicActivity(activity, now), participants: await participantCount(app.db.kysely, activity) };
}

function feeLines(table: FeeBracket[], discount: string | null, amounts: boolean): LumpSumPage['fund']['subscribe_fees'] {
  const bound = (v: number) => (amounts ? fenToYuan(v) : String(v));
  return table.map((b) => ({
    lower: bound(b.lower),
    upper: b.upper === null ? null : bound(b.upper),
    rate: b.ratePpm === null ? null : ppmToPercent(b.ratePpm),
    discounted_rate: b.ratePpm === null || discount === null ? null : ppmToPercent(discountPpm(b.ratePpm, discount)),
    fixed_fee: b.fixedFen === null ? null : fenToYuan(b.fixedFen),
  }));
}

function bookingAnswer(b: BookingRow): LumpSumBooking {
  return {
    booking_id: String(b.id),
    amount: fenToYuan(b.amount_fen),
    status: b.status as LumpSumBooking['status'],
    order_id: b.order_id === null ? null : String(b.order_id),
    fail_reason: b.fail_reason,
    created_at: b.created_at.toISOString(),
  };
}

function rankItem(
  row: { rank: number; user_id: number; display_name: string; value_fen: number },
  initialFen: number,
  me: number | null,
): CompetitionRankItem {
  return {
    rank: row.rank,
    name: row.display_name,
    value: fenToYuan(row.value_fen),
    return_rate: bpText(returnBp(row.value_fen, initialFen)),
    mine: me !== null && row.user_id === me,
  };
}

const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tradingDeps = (): TradingDeps => ({ db: app.db, clock: app.clock, bank: app.bank, pepper: app.tradePasswordPepper });

  app.get(
    '/djapi/activity/list',
    {
      schema: {
        tags: ['activity'],
        summary: 'The running activities, the operator’s order first (the promotion page; public)',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async () => {
      const now = app.clock.now();
      const items = await Promise.all((await runningActivities(app.db.kysely, now)).map((a) => summary(app, a, now)));
      return ok({ items });
    },
  );

  // ---- Lump-sum product ----------------------------------------------------------------------------------------

  app.get(
    '/djapi/activity/lsd',
    {
      schema: {
        tags: ['activity'],
        summary: 'The lump-sum product: the activity, the fund’s brochure, the raising’s dates and (logged in) the investor’s bookings',
        querystring: Type.Object({ id: Type.Optional(ActivityId) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const now = app.clock.now();
        const activity = await lumpSumActivity(app.db.kysely, request.query.id, now);
        const code = activity.config.fund_code;
        const fund = await loadTradeFund(app.db.kysely, code);
        const row = await app.db.kysely
          .selectFrom('fund as f')
          .innerJoin('fund_company as c', 'c.code', 'f.company_code')
          .select([
            'f.full_name',
            'f.custodian',
            'f.benchmark',
            'f.invest_target',
            'f.invest_orientation',
            'f.manage_fee',
            'f.custody_fee',
            'f.sales_service_fee',
            'c.name as company',
          ])
          .where('f.code', '=', code)
          .executeTakeFirst();
        if (!fund || !row) throw new TradeRefusal('fundNotFound', { code });
        const managers = await app.db.kysely
          .selectFrom('fund_manager_post as p')
          .innerJoin('fund_manager as m', 'm.id', 'p.manager_id')
          .select(['m.name', 'm.resume', 'm.career_start'])
          .where('p.fund_code', '=', code)
          .where('p.resi_date', 'is', null)
          .orderBy('p.post_date')
          .execute();
        const today = shanghaiDate(now);
        const raising = await raisingOf(app.db.kysely, fund, today);
        const user = await userOf(request);
        const bookings = user ? await listBookings(app.db.kysely, user.userId, activity.id) : null;
        const page: LumpSumPage = {
          activity: await summary(app, activity, now),
          fund: {
            fd_code: fund.code,
            fd_name: fund.name,
            fd_full_name: row.full_name,
            type_desc: fund.type_desc,
            risk_level: fund.risk_level,
            company: row.company,
            custodian: row.custodian,
            benchmark: row.benchmark,
            invest_target: row.invest_target,
            invest_orientation: row.invest_orientation,
            manage_fee: row.manage_fee,
            custody_fee: row.custody_fee,
            sales_service_fee: row.sales_service_fee,
            min_purchase: fenToYuan(fund.min_purchase_fen),
            managers: managers.map((m) => ({ name: m.name, resume: m.resume, career_start: String(m.career_start) })),
            subscribe_fees: feeLines(fund.subscribe.length > 0 ? fund.subscribe : fund.declare, fund.declare_discount, true),
            redeem_fees: feeLines(fund.withdraw, null, false),
            discount: fund.declare_discount,
          },
          raising: { phase: raising.phase, start: raising.start, end: raising.end, found_date: raising.foundDate },
          highlights: activity.config.highlights.map((h) => ({ text: h.zh, text_en: h.en })),
          key_terms: activity.config.key_terms.map((h) => ({ text: h.zh, text_en: h.en })),
          min_amount: fenToYuan(Math.max(activity.config.min_amount_fen, fund.min_purchase_fen)),
          max_amount: activity.config.max_amount_fen === null ? null : fenToYuan(activity.config.max_amount_fen),
          bookings: bookings ? bookings.map(bookingAnswer) : null,
          booked_total: bookings ? fenToYuan(bookings.filter((b) => b.status === 'booked').reduce((s, b) => s + b.amount_fen, 0)) : null,
        };
        return ok(page);
      }),
  );

  app.post(
    '/djapi/activity/lsd/book',
    {
      schema: {
        tags: ['activity'],
        summary:
          'Books an amount of the lump-sum product before its raising starts (the purchase’s checks and the trade password); placed as a subscription on the first raising day; idempotent by request_id',
        body: Type.Object({
          id: ActivityId,
          amount: MoneyAmount,
          request_id: RequestId,
          trade_password: EncryptedPassword,
          risk_confirm: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const locale = requestLocale(request);
      const body = request.body;
      return answerActivity(request, async () => {
        const booking = await book(
          { db: app.db, now: app.clock.now(), pepper: app.tradePasswordPepper },
          {
            userId: user.userId,
            activityId: body.id,
            amountFen: yuanToFen(body.amount),
            requestId: body.request_id,
            riskConfirm: body.risk_confirm === '1',
            password: decryptedField(app, body.trade_password),
            riskWarningText: (fundRisk, investorLevel) => formatMessage('riskWarningText', locale, { fundRisk, investorLevel }),
          },
        );
        return ok(bookingAnswer(booking));
      });
    },
  );

  app.post(
    '/djapi/activity/lsd/cancel',
    {
      schema: {
        tags: ['activity'],
        summary: 'Cancels a booking before the raising starts (nothing was paid)',
        body: Type.Object({ booking_id: Type.String({ pattern: '^[1-9]\\d{0,15}$' }) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerActivity(request, async () =>
        ok(bookingAnswer(await cancelBooking(app.db.kysely, user.userId, Number(request.body.booking_id), app.clock.now()))),
      );
    },
  );

  // ---- Competition --------------------------------------------------------------------------------------------

  const competitionOf = (id: string) => requireActivity(app.db.kysely, id, 'competition') as Promise<CompetitionActivity>;

  app.get(
    '/djapi/activity/competition/:id',
    {
      schema: {
        tags: ['activity'],
        summary: 'A competition: its rules, the top of the ranking and (logged in) where the investor stands (public)',
        params: Type.Object({ id: ActivityId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const now = app.clock.now();
        const activity = await competitionOf(request.params.id);
        const user = await userOf(request);
        const top = await ranking(app.db.kysely, activity, 1, 10);
        let me: CompetitionPage['me'] = null;
        if (user) {
          const view = await portfolio(app.db.kysely, activity, user.userId, now);
          const place = view ? await rankOf(app.db.kysely, activity, user.userId) : null;
          const last = view?.values.at(-1);
          me = {
            joined: view !== null,
            value: last ? fenToYuan(last.valueFen) : view ? fenToYuan(view.entry.initial_fen) : null,
            return_rate: view ? bpText(returnBp(last?.valueFen ?? view.entry.initial_fen, view.entry.initial_fen)) : null,
            rank: place?.rank ?? null,
            total: place?.total ?? null,
          };
        }
        const page: CompetitionPage = {
          activity: await summary(app, activity, now),
          initial: fenToYuan(activity.config.initial_fen),
          max_funds: activity.config.max_funds,
          last_day: lastDay(activity),
          final: top.final,
          top: top.rows.map((r) => rankItem(r, activity.config.initial_fen, user?.userId ?? null)),
          me,
        };
        return ok(page);
      }),
  );

  app.get(
    '/djapi/activity/competition/:id/funds',
    {
      schema: {
        tags: ['activity'],
        summary: 'The funds a portfolio of this competition may hold, matching a keyword (code or name; public)',
        params: Type.Object({ id: ActivityId }),
        querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const activity = await competitionOf(request.params.id);
        const funds = await eligibleFunds(app.db.kysely, activity, { keyword: request.query.keyword, limit: 30 });
        return ok({ items: funds.map((f) => ({ fd_code: f.code, fd_name: f.name, type_desc: f.type_desc, risk_level: f.risk_level })) });
      }),
  );

  app.post(
    '/djapi/activity/competition/:id/join',
    {
      schema: {
        tags: ['activity'],
        summary: 'Joins the competition: the contest’s virtual money, nothing real',
        params: Type.Object({ id: ActivityId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerActivity(request, async () => {
        const entry = await joinCompetition(app.db.kysely, user.userId, request.params.id, app.clock.now());
        return ok({ joined: true, cash: fenToYuan(entry?.cash_fen ?? 0), name: entry?.display_name ?? '' });
      });
    },
  );

  app.post(
    '/djapi/activity/competition/:id/rebalance',
    {
      schema: {
        tags: ['activity'],
        summary:
          'Rebalances the virtual portfolio to target weights (`weights` = "009005:6000,009004:3000", basis points; the rest stays cash): priced at the trade date’s NAV, applied T+1 with fees; a newer one replaces a pending one',
        params: Type.Object({ id: ActivityId }),
        body: Type.Object({ weights: Type.String({ maxLength: 400 }), request_id: RequestId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerActivity(request, async () => {
        const targets = parseWeights(request.body.weights);
        if (targets === null) throw new ActivityRefusal('competitionWeightsInvalid');
        const placed = await placeRebalance(
          app.db.kysely,
          { userId: user.userId, activityId: request.params.id, targets, requestId: request.body.request_id },
          app.clock.now(),
        );
        return ok({ rebalance_id: String(placed.id), trade_date: placed.tradeDate });
      });
    },
  );

  app.get(
    '/djapi/activity/competition/:id/position',
    {
      schema: {
        tags: ['activity'],
        summary: 'The investor’s virtual portfolio: cash, positions, daily NAV, rebalances',
        params: Type.Object({ id: ActivityId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerActivity(request, async () => {
        const activity = await competitionOf(request.params.id);
        const view = await portfolio(app.db.kysely, activity, user.userId, app.clock.now());
        if (!view) throw new ActivityRefusal('competitionNotJoined');
        const initial = view.entry.initial_fen;
        const valued = view.positions.map((p) => ({ p, value: p.terms ? volumeValueFen(p.volume, p.terms.navUnits) : 0 }));
        const value = view.entry.cash_fen + valued.reduce((s, x) => s + x.value, 0);
        const answer: CompetitionPosition = {
          activity_id: activity.id,
          name: view.entry.display_name,
          initial: fenToYuan(initial),
          cash: fenToYuan(view.entry.cash_fen),
          value: fenToYuan(value),
          value_date: valued.map((x) => x.p.terms?.navDate ?? '').reduce((a, b) => (a > b ? a : b), '') || null,
          return_rate: bpText(returnBp(value, initial)),
          positions: valued.map(({ p, value: v }) => ({
            fd_code: p.fundCode,
            fd_name: p.name,
            volume: volumeToShares(p.volume),
            nav: p.terms ? unitsToNav(p.terms.navUnits) : null,
            nav_date: p.terms?.navDate ?? null,
            value: fenToYuan(v),
            cost: fenToYuan(p.costFen),
            gain: fenToYuan(v - p.costFen),
            weight: value > 0 ? bpText(mulDiv(v, 10_000, value, 'half_up')) : '0.00',
          })),
          navs: view.values.map((v) => ({ date: v.date, nav: unitNavText(v.valueFen, initial), value: fenToYuan(v.valueFen) })),
          rebalances: view.rebalances.map((r) => ({
            id: String(r.id),
            status: r.status as 'pending' | 'done',
            trade_date: r.trade_date,
            weights: (r.weights as Array<{ fund_code: string; weight_bp: number }>).map((w) => ({
              fd_code: w.fund_code,
              weight: bpText(w.weight_bp),
            })),
            fee: r.fee_fen === null ? null : fenToYuan(r.fee_fen),
            trades: (
              (r.trades ?? []) as Array<{
                fund_code: string;
                side: 'buy' | 'sell';
                volume: number;
                amount_fen: number;
                fee_fen: number;
                nav_units: number;
              }>
            ).map((t) => ({
              fd_code: t.fund_code,
              side: t.side,
              volume: volumeToShares(t.volume),
              amount: fenToYuan(t.amount_fen),
              fee: fenToYuan(t.fee_fen),
              nav: unitsToNav(t.nav_units),
            })),
          })),
        };
        return ok(answer);
      });
    },
  );

  app.get(
    '/djapi/activity/competition/:id/rank',
    {
      schema: {
        tags: ['activity'],
        summary: 'The ranking by return, names masked; a finished contest’s is frozen (public)',
        params: Type.Object({ id: ActivityId }),
        querystring: Type.Object({ page: Type.Optional(PageNumber), size: Type.Optional(Size) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const activity = await competitionOf(request.params.id);
        const page = Number(request.query.page ?? 1);
        const size = Number(request.query.size ?? 20);
        const user = await userOf(request);
        const result = await ranking(app.db.kysely, activity, page, size);
        const answer: CompetitionRanking = {
          final: result.final,
          date: result.date,
          current_page: page,
          size,
          total_items: result.total,
          total_pages: Math.ceil(result.total / size),
          items: result.rows.map((r) => rankItem(r, activity.config.initial_fen, user?.userId ?? null)),
        };
        return ok(answer);
      }),
  );

  // ---- Registration coupons -----------------------------------------------------------------------------------

  const couponAnswer = async (
    c: CouponRow,
    locale: ServerLocale,
    now: Date,
    purchase: { fundCode: string; amountFen: number; userId: number } | null,
  ): Promise<Coupon> => {
    const activity = await app.db.kysely.selectFrom('activities').select('texts').where('id', '=', c.activity_id).executeTakeFirst();
    const texts = activity?.texts as { title?: { zh: string; en: string } } | undefined;
    let applies: Coupon['applies'] = null;
    if (purchase) {
      const check = await checkBuy(tradingDeps(), app.db.kysely, purchase.userId, purchase.fundCode);
      const quote = purchaseQuote(check.fund, check.dates, purchase.amountFen);
      const verdict = applyCoupon(couponTerms(c), {
        fundCode: purchase.fundCode,
        amountFen: purchase.amountFen,
        feeFen: quote.feeFen,
        now,
        rounding: check.fund.rounding_mode,
      });
      applies = verdict.ok
        ? {
            usable: true,
            reason: null,
            fee_before: fenToYuan(verdict.feeBeforeFen),
            fee_after: fenToYuan(verdict.feeAfterFen),
            discount_amount: fenToYuan(verdict.discountFen),
          }
        : {
            usable: false,
            reason: tradeError(couponRefusal(c, verdict.reason), locale).describe(locale),
            fee_before: fenToYuan(quote.feeFen),
            fee_after: fenToYuan(quote.feeFen),
            discount_amount: '0.00',
          };
    }
    return {
      coupon_id: String(c.id),
      activity_id: c.activity_id,
      title: texts?.title?.zh ?? '',
      title_en: texts?.title?.en ?? '',
      status: couponState(c, now),
      discount: c.fee_rate.replace(/0+$/, '').replace(/\.$/, ''),
      max_discount: fenToYuan(c.max_discount_fen),
      min_amount: fenToYuan(c.min_amount_fen),
      fund_codes: c.fund_codes,
      claimed_at: c.claimed_at.toISOString(),
      expires_at: c.expires_at.toISOString(),
      order_id: c.order_id === null ? null : String(c.order_id),
      applies,
    };
  };

  app.get(
    '/djapi/activity/reg-coupon/:id',
    {
      schema: {
        tags: ['activity'],
        summary:
          'A registration coupon activity: its terms, the funds it applies to and (logged in) whether the investor has claimed it (public)',
        params: Type.Object({ id: ActivityId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const now = app.clock.now();
        const activity = await requireActivity(app.db.kysely, request.params.id, 'reg_coupon');
        const { config } = activity;
        const funds =
          config.fund_codes.length > 0
            ? await app.db.kysely
                .selectFrom('fund')
                .select(['code', 'name'])
                .where('code', 'in', config.fund_codes)
                .orderBy('code')
                .execute()
            : [];
        const user = await userOf(request);
        let mine: RegCouponPage['mine'] = null;
        if (user) {
          const coupon = (await listCoupons(app.db.kysely, user.userId)).find((c) => c.activity_id === activity.id) ?? null;
          const bought = await app.db.kysely
            .selectFrom('orders')
            .select('id')
            .where('user_id', '=', user.userId)
            .where('action', 'in', ['020', '022'])
            .where('status', 'in', ['paid', 'confirmed'])
            .limit(1)
            .executeTakeFirst();
          mine = {
            claimed: coupon !== null,
            eligible: coupon === null && bought === undefined,
            coupon: coupon ? await couponAnswer(coupon, requestLocale(request), now, null) : null,
          };
        }
        const page: RegCouponPage = {
          activity: await summary(app, activity, now),
          discount: config.fee_rate,
          max_discount: fenToYuan(config.max_discount_fen),
          min_amount: fenToYuan(config.min_amount_fen),
          valid_days: config.valid_days,
          funds: funds.map((f) => ({ fd_code: f.code, fd_name: f.name })),
          mine,
        };
        return ok(page);
      }),
  );

  app.post(
    '/djapi/activity/reg-coupon/:id/claim',
    {
      schema: {
        tags: ['activity'],
        summary: 'Claims the registration coupon: once per investor, only before a first purchase',
        params: Type.Object({ id: ActivityId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerActivity(request, async () => {
        const now = app.clock.now();
        const coupon = await claimCoupon(app.db.kysely, user.userId, request.params.id, now);
        return ok(await couponAnswer(coupon, requestLocale(request), now, null));
      });
    },
  );

  app.get(
    '/djapi/coupons',
    {
      schema: {
        tags: ['activity'],
        summary:
          'The investor’s coupons (coupon_id, status available|used|expired, discount, min_amount, expires_at); with fd_code and amount, whether each applies to that purchase and the fee before and after',
        querystring: Type.Object({ fd_code: Type.Optional(FundCode), amount: Type.Optional(MoneyAmount) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request: FastifyRequest<{ Querystring: { fd_code?: string; amount?: string } }>) => {
      const user = await requireUser(request);
      return answerActivity(request, async () => {
        const now = app.clock.now();
        const { fd_code: fundCode, amount } = request.query;
        const purchase = fundCode && amount ? { fundCode, amountFen: yuanToFen(amount), userId: user.userId } : null;
        const coupons = await listCoupons(app.db.kysely, user.userId);
        const locale = requestLocale(request);
        const items: Coupon[] = [];
        for (const c of coupons) items.push(await couponAnswer(c, locale, now, purchase));
        return ok({ items });
      });
    },
  );
};

export default activityRoutes;
