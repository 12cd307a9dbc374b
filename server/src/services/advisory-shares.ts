// The advisory account's shares (issue 23, docs/PRODUCT.md §7.5 "the account follows the ledger"): what its legs
// brought in and took out, plus its part of every dividend and money-market income the settlement paid on them
// (advisory_income, migration 0021). Kept apart from services/advisory.ts so that services/trading.ts can ask how many
// of an investor's shares of a fund are the advisory accounts' (an ordinary sale may not take them) without a cycle.
//
// The account's part of a payment: the account priced as a holder by the settlement's own rules — a dividend's cash
// (priceDividend on the shares it held before the ex-date, the reinvested shares at the order's NAV), a day's
// money-market income (dailyIncomeFen on the shares with income rights that day) — never more than what the investor
// got for the payment less what the investor's other accounts took of it. When the account is the investor's only
// holding of the fund, its part is the whole payment to the fen.
import { sql, type Kysely } from 'kysely';
import { dailyIncomeFen, per10kToUnits } from '../../../src/lib/cash-rules';
import { navToUnits, type RoundingMode } from '../../../src/lib/trade-math';
import type { DB } from '../db/types';
import type { IsoDate } from '../domain/calendar';
import { priceDividend } from '../domain/pricing';

type Db = Kysely<DB>;

/**
 * The shares (hundredths) the advisory account holds of each fund on `day`: its buy legs' confirmed shares (confirmed
 * by then), its 267 legs (from their date), less its sell legs' shares (from their trade date), plus its part of the
 * dividends reinvested and money-market income paid (from the ex-date / distribution day).
 */
export async function accountShares(db: Db, userId: number, planCode: string, day: IsoDate): Promise<Map<string, number>> {
  const rows = await sql<{ fund_code: string; volume: string }>`
    SELECT fund_code, sum(volume)::text AS volume FROM (
      SELECT l.fund_code,
             CASE WHEN l.action = '267' THEN CASE WHEN p.business_date <= ${day} THEN l.volume ELSE 0 END
                  WHEN o.id IS NULL THEN 0
                  WHEN l.action = '022' THEN CASE WHEN o.status = 'confirmed' AND o.confirm_date <= ${day} THEN o.confirm_volume ELSE 0 END
                  ELSE CASE WHEN o.status IN ('submitted', 'paid', 'confirmed') AND o.trade_date <= ${day} THEN -o.volume ELSE 0 END END AS volume
        FROM advisory_order_legs l
        JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
        LEFT JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
       WHERE l.user_id = ${userId} AND p.plan_code = ${planCode}
      UNION ALL
      SELECT fund_code, volume FROM advisory_income
       WHERE user_id = ${userId} AND plan_code = ${planCode} AND date <= ${day}
    ) s GROUP BY fund_code`.execute(db);
  return new Map(rows.rows.map((r) => [r.fund_code.trim(), Math.max(0, Number(r.volume))]));
}

/** The cash dividends paid on the account's shares, per fund (fen): part of its gain. */
export async function accountCashDividends(db: Db, userId: number, planCode: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('advisory_income')
    .select(['fund_code', sql<string>`sum(cash_fen)::text`.as('cash')])
    .where('user_id', '=', userId)
    .where('plan_code', '=', planCode)
    .groupBy('fund_code')
    .execute();
  return new Map(rows.map((r) => [r.fund_code.trim(), Number(r.cash)]));
}

/**
 * The shares of a fund an investor's advisory accounts hold now (every leg placed, every part of income paid): an
 * ordinary sale of the fund may take only the shares beyond them (services/trading.ts, 430008).
 */
export async function advisoryReservedVolume(db: Db, userId: number, fundCode: string): Promise<number> {
  const row = await sql<{ volume: string | null }>`
    SELECT sum(greatest(v, 0))::text AS volume FROM (
      SELECT plan_code, sum(volume) AS v FROM (
        SELECT p.plan_code,
               CASE WHEN l.action = '267' THEN l.volume
                    WHEN o.id IS NULL THEN 0
                    WHEN l.action = '022' THEN CASE WHEN o.status = 'confirmed' THEN o.confirm_volume ELSE 0 END
                    ELSE CASE WHEN o.status IN ('submitted', 'paid', 'confirmed') THEN -o.volume ELSE 0 END END AS volume
          FROM advisory_order_legs l
          JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
          LEFT JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
         WHERE l.user_id = ${userId} AND l.fund_code = ${fundCode}
        UNION ALL
        SELECT plan_code, volume FROM advisory_income WHERE user_id = ${userId} AND fund_code = ${fundCode}
      ) s GROUP BY plan_code
    ) a`.execute(db);
  return Number(row.rows[0]?.volume ?? 0);
}

interface LegEvent {
  plan_code: string;
  fund_code: string;
  action: string;
  leg_volume: number | null;
  business_date: string;
  status: string | null;
  trade_date: string | null;
  confirm_date: string | null;
  confirm_volume: number | null;
  volume: number | null;
}

interface IncomeEvent {
  plan_code: string;
  fund_code: string;
  date: string;
  volume: number;
}

interface Payment {
  user_id: number;
  fund_code: string;
  source: string;
  date: string;
  kind: 'div' | 'mmf';
  /** Dividend: the cash (fen); income: the income (fen = hundredths of a money-market share). */
  amount: number;
  /** Dividend reinvested: the shares; null paid in cash. Income: the shares that earned it. */
  volume: number | null;
  /** Dividend: per share (ten-thousandths); income: per 10k (ten-thousandths). */
  rate: string;
  nav: string | null;
  rounding: RoundingMode;
}

/**
 * The account's shares entitled to a payment on `date`: for a dividend, those held before the ex-date (bought at an
 * earlier NAV, sales priced on or after it still entitled); for money-market income on day t, those confirmed before t
 * (sales of trade date t or later still earning). The settlement's rules (services/settlement.ts payDividends,
 * postMoneyMarketIncome) for the account's own legs.
 */
function entitled(legs: readonly LegEvent[], incomes: readonly IncomeEvent[], kind: 'div' | 'mmf', date: string): number {
  let v = 0;
  for (const l of legs) {
    if (l.action === '267') {
      if (l.business_date < date) v += l.leg_volume ?? 0;
    } else if (l.action === '022') {
      const when = kind === 'div' ? l.trade_date : l.confirm_date;
      if (l.status === 'confirmed' && when !== null && when < date) v += l.confirm_volume ?? 0;
    } else if (l.status !== null && ['submitted', 'paid', 'confirmed'].includes(l.status) && l.trade_date !== null && l.trade_date < date) {
      v -= l.volume ?? 0;
    }
  }
  for (const i of incomes) if (i.date < date) v += i.volume;
  return Math.max(0, v);
}

/**
 * Gives every signed account its part of the dividends and money-market income paid so far on its funds and not yet
 * given (the daily job `advisory-day`, after the settlement): one advisory_income row per account and payment, in the
 * order of the payments' dates (an account's part of one day's income earns the next day's). Idempotent.
 */
export async function attributeIncome(db: Db): Promise<number> {
  const payments = await sql<{
    user_id: string;
    fund_code: string;
    source: string;
    date: string;
    kind: 'div' | 'mmf';
    amount: string;
    volume: string | null;
    rate: string;
    nav: string | null;
    rounding: RoundingMode;
  }>`
    WITH held AS (
      SELECT l.user_id, p.plan_code, l.fund_code, min(p.business_date) AS first
        FROM advisory_order_legs l JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
       GROUP BY l.user_id, p.plan_code, l.fund_code
    ), due AS (
      SELECT o.user_id, o.fund_code, 'div:' || o.id AS source, o.trade_date AS date, 'div' AS kind, o.amount_fen AS amount,
             o.confirm_volume AS volume, d.per_share::text AS rate, o.confirm_nav::text AS nav
        FROM held h
        JOIN orders o ON o.user_id = h.user_id AND o.fund_code = h.fund_code AND o.action = '143' AND o.status = 'confirmed' AND o.trade_date > h.first
        JOIN fund_dividend d ON d.fund_code = o.fund_code AND d.date = o.trade_date
       WHERE NOT EXISTS (SELECT 1 FROM advisory_income a WHERE a.user_id = h.user_id AND a.plan_code = h.plan_code AND a.fund_code = h.fund_code AND a.source = 'div:' || o.id)
       GROUP BY o.user_id, o.fund_code, o.id, o.trade_date, o.amount_fen, o.confirm_volume, d.per_share, o.confirm_nav
      UNION ALL
      SELECT m.user_id, m.fund_code, 'mmf:' || m.date, m.date, 'mmf', m.income_fen, m.volume, m.income_per_10k::text, NULL
        FROM held h
        JOIN mmf_income m ON m.user_id = h.user_id AND m.fund_code = h.fund_code AND m.date > h.first
       WHERE NOT EXISTS (SELECT 1 FROM advisory_income a WHERE a.user_id = h.user_id AND a.plan_code = h.plan_code AND a.fund_code = h.fund_code AND a.source = 'mmf:' || m.date)
       GROUP BY m.user_id, m.fund_code, m.date, m.income_fen, m.volume, m.income_per_10k
    )
    SELECT due.user_id::text, due.fund_code, due.source, due.date::text AS date, due.kind, due.amount::text, due.volume::text, due.rate, due.nav,
           f.rounding_mode AS rounding
      FROM due JOIN fund f ON f.code = due.fund_code
     ORDER BY due.user_id, due.date, due.kind, due.fund_code`.execute(db);
  if (payments.rows.length === 0) return 0;
  const byUser = new Map<number, Payment[]>();
  for (const r of payments.rows) {
    const userId = Number(r.user_id);
    const list = byUser.get(userId) ?? [];
    list.push({
      user_id: userId,
      fund_code: r.fund_code.trim(),
      source: r.source,
      date: r.date,
      kind: r.kind,
      amount: Number(r.amount),
      volume: r.volume === null ? null : Number(r.volume),
      rate: r.rate,
      nav: r.nav,
      rounding: r.rounding,
    });
    byUser.set(userId, list);
  }
  let written = 0;
  for (const [userId, list] of byUser) written += await attributeForUser(db, userId, list);
  return written;
}

async function attributeForUser(db: Db, userId: number, payments: readonly Payment[]): Promise<number> {
  const legs = (
    await sql<{
      plan_code: string;
      fund_code: string;
      action: string;
      leg_volume: string | null;
      business_date: string;
      status: string | null;
      trade_date: string | null;
      confirm_date: string | null;
      confirm_volume: string | null;
      volume: string | null;
    }>`
      SELECT p.plan_code, l.fund_code, l.action, l.volume::text AS leg_volume, p.business_date::text AS business_date, o.status,
             o.trade_date::text AS trade_date, o.confirm_date::text AS confirm_date, o.confirm_volume::text AS confirm_volume, o.volume::text AS volume
        FROM advisory_order_legs l
        JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
        LEFT JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
       WHERE l.user_id = ${userId} AND (l.order_id IS NOT NULL OR l.action = '267')`.execute(db)
  ).rows.map(
    (r): LegEvent => ({
      plan_code: r.plan_code,
      fund_code: r.fund_code.trim(),
      action: r.action,
      leg_volume: r.leg_volume === null ? null : Number(r.leg_volume),
      business_date: r.business_date,
      status: r.status,
      trade_date: r.trade_date,
      confirm_date: r.confirm_date,
      confirm_volume: r.confirm_volume === null ? null : Number(r.confirm_volume),
      volume: r.volume === null ? null : Number(r.volume),
    }),
  );
  const given = await db
    .selectFrom('advisory_income')
    .select(['plan_code', 'fund_code', 'source', 'date', 'volume', 'cash_fen'])
    .where('user_id', '=', userId)
    .execute();
  const incomes: IncomeEvent[] = given.map((g) => ({
    plan_code: g.plan_code,
    fund_code: g.fund_code.trim(),
    date: g.date,
    volume: Number(g.volume),
  }));
  const taken = new Map<string, number>();
  const done = new Set<string>();
  for (const g of given) {
    taken.set(g.source + g.fund_code.trim(), (taken.get(g.source + g.fund_code.trim()) ?? 0) + Number(g.volume) + Number(g.cash_fen));
    done.add(`${g.plan_code} ${g.fund_code.trim()} ${g.source}`);
  }
  const plans = [...new Set(legs.map((l) => l.plan_code))].sort();
  let written = 0;
  for (const pay of payments) {
    for (const plan of plans) {
      if (done.has(`${plan} ${pay.fund_code} ${pay.source}`)) continue;
      const mine = legs.filter((l) => l.plan_code === plan && l.fund_code === pay.fund_code);
      if (mine.length === 0) continue;
      const shares = entitled(
        mine,
        incomes.filter((i) => i.plan_code === plan && i.fund_code === pay.fund_code),
        pay.kind,
        pay.date,
      );
      const key = pay.source + pay.fund_code;
      const left = pay.kind === 'div' && pay.volume !== null ? pay.volume - (taken.get(key) ?? 0) : pay.amount - (taken.get(key) ?? 0);
      let volume = 0;
      let cash = 0;
      if (pay.kind === 'mmf') {
        // The investor's shares that earned it bound the account's (the account's legs cannot hold more).
        volume = Math.min(dailyIncomeFen(Math.min(shares, pay.volume ?? 0), per10kToUnits(pay.rate)), left);
      } else {
        const priced = priceDividend(shares, navToUnits(pay.rate), pay.nav === null ? null : navToUnits(pay.nav), pay.rounding);
        if (pay.volume !== null) volume = Math.min(priced.reinvestVolume ?? 0, left);
        else cash = Math.min(priced.cashFen, left);
      }
      volume = Math.max(0, volume);
      cash = Math.max(0, cash);
      await db
        .insertInto('advisory_income')
        .values({ user_id: userId, plan_code: plan, fund_code: pay.fund_code, source: pay.source, date: pay.date, volume, cash_fen: cash })
        .onConflict((oc) => oc.columns(['user_id', 'plan_code', 'fund_code', 'source']).doNothing())
        .execute();
      taken.set(key, (taken.get(key) ?? 0) + volume + cash);
      done.add(`${plan} ${pay.fund_code} ${pay.source}`);
      if (volume > 0) incomes.push({ plan_code: plan, fund_code: pay.fund_code, date: pay.date, volume });
      written += 1;
    }
  }
  return written;
}
