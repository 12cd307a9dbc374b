// My money: every figure derived from the investor's lots, orders and the funds' NAVs, never stored — and equal,
// to the fen, to the ledger (tests check both ways). docs/PRODUCT.md §5, "Income and holdings".
import { sql, type Kysely } from 'kysely';
import { redemptionRatePpm, type FeeBracket } from '../../../src/lib/fees';
import { availableVolume, fifoOrder, holdingDays } from '../../../src/lib/lots';
import { mulDiv, navToUnits, percentToPpm, volumeValueFen, type RoundingMode } from '../../../src/lib/trade-math';
import type { DB } from '../db/types';
import type { IsoDate } from '../domain/calendar';
import { dailyIncome, type HoldingEvents, type IncomeDay, type NavDay } from '../domain/holding-income';
import { MONEY_MARKET_TYPE } from './trading';

export interface FundPosition {
  code: string;
  name: string;
  type: number;
  typeDesc: string;
  rounding: RoundingMode;
  saleStatus: string;
  withdraw: FeeBracket[];
  /** Lots with shares left, oldest first. */
  lots: Array<{
    id: number;
    confirmDate: string;
    tradeDate: string;
    volume: number;
    lockedUntil: string | null;
    costFen: number;
    /** The purchase fee still in this lot's cost (its order's fee, pro rata of the shares left). */
    feeFen: number;
    /** Where the lot came from: a manual purchase, a 定投 plan's run, a purchase paid by 现金宝, a dividend. */
    source: 'buy' | 'plan' | 'cash' | 'dividend';
    planId: number | null;
  }>;
  /** Shares and cost frozen by sales not yet confirmed. */
  sellingVolume: number;
  sellingCostFen: number;
  /** Paid purchases not yet confirmed. */
  buyingFen: number;
  /** Of which paid by the cash product whose frozen cash shares still count in its balance (not in transit twice). */
  buyingInCashFen: number;
  /** Confirmed sales' proceeds not yet on the card. */
  proceedsInTransitFen: number;
  nav: NavDay | null;
  income: IncomeDay[];
  dividendMethod: 'cash' | 'reinvest';
}

function lotSource(l: {
  cost_initial_fen: number;
  order_plan_id: number | null;
  order_pay_method: string | null;
}): FundPosition['lots'][number]['source'] {
  if (l.order_plan_id !== null) return 'plan';
  if (Number(l.cost_initial_fen) === 0) return 'dividend';
  return l.order_pay_method === 'xjb' ? 'cash' : 'buy';
}

export interface Positions {
  funds: FundPosition[];
}

/** Every fund the investor has ever held or has money on its way for, with its income history. */
export async function loadPositions(db: Kysely<DB>, userId: number, onlyFund?: string): Promise<Positions> {
  const byFund = <T extends { fund_code: string }>(q: T[]) => q.filter((r) => onlyFund === undefined || r.fund_code === onlyFund);
  // Every lot, the money-market income lots too: they have no order (settlement.ts postMoneyMarketIncome), and
  // joining lots to their orders left their shares — the income carried over — out of the holding's shares, value
  // and gain while its income counted them (009003: 10,000.00 shown of 10,003.31 held).
  const lots = byFund(
    await db
      .selectFrom('lots as l')
      .leftJoin('orders as o', (j) => j.onRef('o.user_id', '=', 'l.user_id').onRef('o.id', '=', 'l.order_id'))
      .select([
        'l.id',
        'l.fund_code',
        'o.fee_fen as order_fee_fen',
        'o.plan_id as order_plan_id',
        'o.pay_method as order_pay_method',
        sql<string>`l.confirm_date::text`.as('confirm_date'),
        sql<string>`l.trade_date::text`.as('trade_date'),
        sql<string | null>`l.locked_until::text`.as('locked_until'),
        'l.volume',
        'l.volume_initial',
        'l.cost_fen',
        'l.cost_initial_fen',
      ])
      .where('l.user_id', '=', userId)
      .execute(),
  );
  const allOrders = await db
    .selectFrom('orders')
    .select([
      'id',
      'fund_code',
      'action',
      'status',
      sql<string>`trade_date::text`.as('trade_date'),
      'amount_fen',
      'volume',
      'confirm_amount_fen',
      'confirm_volume',
      'fee_fen',
      'settled_at',
      'pay_method',
      'sell_mode',
      'linked_order_id',
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['submitted', 'paid', 'confirmed'])
    .execute();
  // Cash-product payments still frozen in its balance (their redemption not yet confirmed).
  const frozenPayments = new Set(allOrders.filter((o) => o.sell_mode === 'pay' && o.status === 'submitted').map((o) => Number(o.id)));
  const orders = byFund(allOrders);
  const selling = byFund(
    (
      await sql<{ fund_code: string; volume: string; cost: string }>`
        SELECT o.fund_code, sum(ol.volume)::text AS volume, sum(ol.cost_fen)::text AS cost FROM orders o
        JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id
        WHERE o.user_id = ${userId} AND o.action = '024' AND o.status = 'submitted' AND o.sell_mode IS DISTINCT FROM 'xjb'
          AND o.sell_mode IS DISTINCT FROM 'quick'
        GROUP BY o.fund_code`.execute(db)
    ).rows,
  );
  const codes = [...new Set([...lots.map((l) => l.fund_code), ...orders.map((o) => o.fund_code)])];
  if (codes.length === 0) return { funds: [] };
  const funds = await db
    .selectFrom('fund')
    .select(['code', 'name', 'type', 'type_desc', 'rounding_mode', 'sale_status'])
    .where('code', 'in', codes)
    .execute();
  const fees = await db
    .selectFrom('fund_fee')
    .select(['fund_code', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
    .where('fund_code', 'in', codes)
    .where('kind', '=', 'withdraw')
    .orderBy('seq')
    .execute();
  // Money-market funds: each day's income is the income paid (shares carried over daily), not a NAV change.
  const mmfIncome = await db
    .selectFrom('mmf_income')
    .select(['fund_code', sql<string>`date::text`.as('date'), 'income_fen', 'volume'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .execute();
  const options = await db.selectFrom('holding_options').select(['fund_code', 'dividend_method']).where('user_id', '=', userId).execute();
  const firstTrade = [...lots.map((l) => l.trade_date), ...orders.map((o) => o.trade_date)].reduce((a, b) => (a < b ? a : b));
  const navRows = await db
    .selectFrom('fund_nav')
    .select(['fund_code', sql<string>`date::text`.as('date'), 'nav'])
    .where('fund_code', 'in', codes)
    .where('date', '>=', firstTrade)
    .orderBy('fund_code')
    .orderBy('date')
    .execute();
  const navsOf = new Map<string, NavDay[]>();
  for (const r of navRows) {
    const list = navsOf.get(r.fund_code) ?? [];
    list.push({ date: r.date, units: navToUnits(r.nav) });
    navsOf.set(r.fund_code, list);
  }
  // A fund that published no NAV since the first trade still has a value: its last NAV before.
  for (const code of codes.filter((c) => !navsOf.has(c))) {
    const last = await db
      .selectFrom('fund_nav')
      .select([sql<string>`date::text`.as('date'), 'nav'])
      .where('fund_code', '=', code)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) navsOf.set(code, [{ date: last.date, units: navToUnits(last.nav) }]);
  }

  const positions: FundPosition[] = funds.map((f) => {
    const own = orders.filter((o) => o.fund_code === f.code);
    const ownLots = lots.filter((l) => l.fund_code === f.code);
    const events: HoldingEvents = {
      lots: ownLots.map((l) => ({ tradeDate: l.trade_date, volume: Number(l.volume_initial), costFen: Number(l.cost_initial_fen) })),
      sales: own
        .filter((o) => o.action === '024' && o.status === 'confirmed')
        .map((o) => ({
          tradeDate: o.trade_date,
          volume: Number(o.confirm_volume),
          netFen: Number(o.confirm_amount_fen) - Number(o.fee_fen),
        })),
      cashDividends: own
        .filter((o) => o.action === '143' && o.confirm_volume === null)
        .map((o) => ({ exDate: o.trade_date, amountFen: Number(o.amount_fen) })),
    };
    const navs = navsOf.get(f.code) ?? [];
    const sell = selling.find((s) => s.fund_code === f.code);
    return {
      code: f.code,
      name: f.name,
      type: f.type,
      typeDesc: f.type_desc,
      rounding: f.rounding_mode as RoundingMode,
      saleStatus: f.sale_status,
      withdraw: fees
        .filter((r) => r.fund_code === f.code)
        .map((r) => ({
          lower: Number(r.lower_bound),
          upper: r.upper_bound === null ? null : Number(r.upper_bound),
          ratePpm: r.rate === null ? null : percentToPpm(r.rate),
          fixedFen: r.fixed_fee_fen === null ? null : Number(r.fixed_fee_fen),
        })),
      lots: fifoOrder(
        ownLots
          .filter((l) => Number(l.volume) > 0)
          .map((l) => ({
            id: Number(l.id),
            confirmDate: l.confirm_date,
            tradeDate: l.trade_date,
            volume: Number(l.volume),
            lockedUntil: l.locked_until,
            costFen: Number(l.cost_fen),
            feeFen:
              l.order_fee_fen === null || Number(l.volume_initial) === 0
                ? 0
                : mulDiv(Number(l.order_fee_fen), Number(l.volume), Number(l.volume_initial), 'half_up'),
            source: lotSource(l),
            planId: l.order_plan_id === null ? null : Number(l.order_plan_id),
          })),
      ),
      sellingVolume: Number(sell?.volume ?? 0),
      sellingCostFen: Number(sell?.cost ?? 0),
      buyingFen: own.filter((o) => o.status === 'paid').reduce((s, o) => s + Number(o.amount_fen), 0),
      // Paid by the cash product: counted there (frozen) until the cash redemption paying for it is confirmed.
      buyingInCashFen: own
        .filter(
          (o) =>
            o.status === 'paid' && o.pay_method === 'xjb' && o.linked_order_id !== null && frozenPayments.has(Number(o.linked_order_id)),
        )
        .reduce((s, o) => s + Number(o.amount_fen), 0),
      // Proceeds for the card only: into the cash product they count there; advanced ones were paid already.
      proceedsInTransitFen: own
        .filter((o) => o.action === '024' && o.status === 'confirmed' && o.settled_at === null && (o.sell_mode ?? 'card') === 'card')
        .reduce((s, o) => s + Number(o.confirm_amount_fen) - Number(o.fee_fen), 0),
      nav: navs.at(-1) ?? null,
      income:
        f.type === MONEY_MARKET_TYPE
          ? mmfIncome
              .filter((r) => r.fund_code === f.code)
              .map((r) => ({ date: r.date, incomeFen: Number(r.income_fen), entryFen: 0, valueFen: 0, volume: Number(r.volume) }))
          : dailyIncome(events, navs, f.rounding_mode as RoundingMode),
      dividendMethod: (options.find((o) => o.fund_code === f.code)?.dividend_method ?? 'cash') as 'cash' | 'reinvest',
    };
  });
  return { funds: positions.sort((a, b) => a.code.localeCompare(b.code)) };
}

export interface PositionFigures {
  volume: number;
  usableVolume: number;
  lockedVolume: number;
  marketValueFen: number;
  costFen: number;
  holdGainFen: number;
  /** Of the cost (and so of the holding income), the purchase fees of the shares still held. */
  heldFeeFen: number;
  dailyGainFen: number;
  dailyGainDate: string | null;
  totalGainFen: number;
}

/** The figures of one position as of trade date `tradeDate` (what may be sold now). */
export function figuresOf(p: FundPosition, tradeDate: IsoDate): PositionFigures {
  const held = p.lots.reduce((s, l) => s + l.volume, 0);
  const volume = held + p.sellingVolume;
  const usableVolume = availableVolume(
    p.lots.map((l) => ({ ...l })),
    tradeDate,
  );
  const marketValueFen = p.nav ? volumeValueFen(volume, p.nav.units, p.rounding) : 0;
  const costFen = p.lots.reduce((s, l) => s + l.costFen, 0) + p.sellingCostFen;
  const last = p.income.at(-1);
  return {
    volume,
    usableVolume,
    lockedVolume: held - usableVolume,
    marketValueFen,
    costFen,
    holdGainFen: marketValueFen - costFen,
    heldFeeFen: p.lots.reduce((s, l) => s + l.feeFen, 0),
    dailyGainFen: last && p.nav && last.date === p.nav.date ? last.incomeFen : 0,
    dailyGainDate: last?.date ?? null,
    // Cumulative income, the ledger's figure: the days' market income less what the purchases cost above their value.
    totalGainFen: p.income.reduce((s, d) => s + d.incomeFen - d.entryFen, 0),
  };
}

/** The redemption fee rate (ppm) a lot would pay if sold now (confirmed on `confirmDate`). */
export function lotRateToday(p: FundPosition, lotConfirmDate: string, confirmDate: IsoDate): { days: number; ratePpm: number } {
  const days = holdingDays(lotConfirmDate, confirmDate);
  return { days, ratePpm: redemptionRatePpm(p.withdraw, days) };
}

/** Each day's income of all the investor's holdings (summed), and per month. */
export function incomeByDay(positions: Positions): Map<string, number> {
  const days = new Map<string, number>();
  for (const p of positions.funds)
    for (const d of p.income) {
      // A new holding's trade date: no income yet (it starts on the order's income date), only its entry cost.
      if (d.incomeFen === 0 && d.entryFen !== 0 && d.volume > 0 && d.valueFen > 0 && isFirstDay(p, d.date)) continue;
      days.set(d.date, (days.get(d.date) ?? 0) + d.incomeFen);
    }
  return days;
}

function isFirstDay(p: FundPosition, date: string): boolean {
  const first = p.income[0];
  if (first?.date === date) return true;
  // Or the first day after the holding was sold out.
  const index = p.income.findIndex((d) => d.date === date);
  return index > 0 && (p.income[index - 1]?.volume ?? 0) === 0;
}
