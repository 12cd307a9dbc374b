// The simulated-portfolio competition (模拟组合大赛): a participant joins and gets the contest's virtual money, then
// rebalances to target weights; the daily job prices each rebalance at its trade date's NAVs (T+1, fees counted:
// domain/competition.ts), values every portfolio at the NAVs published by that date and, once the contest has
// ended, writes its final ranking once. Virtual money only: no order, lot or ledger transfer of real money is ever
// written here. docs/PRODUCT.md §7.4.
import { sql, type Kysely, type Transaction } from 'kysely';
import { percentToPpm, navToUnits, type RoundingMode } from '../../../src/lib/trade-math';
import type { FeeBracket } from '../../../src/lib/fees';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { activityPhase } from '../domain/activity-config';
import { ActivityRefusal } from '../domain/activity-refusal';
import { addCalendarDays, nextTradingDay, orderTradeDate, type IsoDate } from '../domain/calendar';
import { shanghaiDate } from '../domain/clock';
import { maskTelephone } from '../domain/masks';
import { rebalance, type FundTerms, type Target, type VirtualPosition } from '../domain/competition';
import { TradeRefusal } from '../domain/trade-refusal';
import { requireActivity, requireRunning, type ActivityRow } from './activities';
import { MONEY_MARKET_TYPE } from './trading';

type Db = Kysely<DB> | Transaction<DB>;
export type CompetitionActivity = Extract<ActivityRow, { kind: 'competition' }>;

/** The contest's last day (Shanghai): its end instant minus a moment. */
export function lastDay(activity: { ends_at: Date }): IsoDate {
  return shanghaiDate(new Date(activity.ends_at.getTime() - 1));
}

export function firstDay(activity: { starts_at: Date }): IsoDate {
  return shanghaiDate(activity.starts_at);
}

const TRADABLE = ['on_sale', 'conversion'];

/** Funds a portfolio may hold: the contest's list, or every fund on sale with a NAV but money-market funds. */
export async function eligibleFunds(
  db: Db,
  activity: CompetitionActivity,
  opts: { keyword?: string; codes?: string[]; limit?: number } = {},
): Promise<Array<{ code: string; name: string; type: number; type_desc: string; risk_level: number }>> {
  let query = db
    .selectFrom('fund as f')
    .innerJoin('fund_derived as d', 'd.fund_code', 'f.code')
    .select(['f.code', 'f.name', 'f.type', 'f.type_desc', 'f.risk_level'])
    .where('f.type', '<>', MONEY_MARKET_TYPE)
    .where('f.sale_status', 'in', TRADABLE);
  if (activity.config.fund_codes.length > 0) query = query.where('f.code', 'in', activity.config.fund_codes);
  if (opts.codes) query = query.where('f.code', 'in', opts.codes.length > 0 ? opts.codes : ['']);
  const keyword = opts.keyword?.trim();
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('f.code', 'like', `${keyword.replace(/\D/g, '')}%`), eb('f.name', 'like', like)]));
  }
  const rows = await query
    .orderBy('f.code')
    .limit(opts.limit ?? 50)
    .execute();
  return rows.map((r) => ({ ...r, type: Number(r.type), risk_level: Number(r.risk_level) }));
}

export async function loadEntry(db: Db, userId: number, activityId: string) {
  const row = await db
    .selectFrom('competition_entries')
    .select(['user_id', 'activity_id', 'display_name', 'cash_fen', 'initial_fen', 'joined_at'])
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  return row ? { ...row, user_id: Number(row.user_id), cash_fen: Number(row.cash_fen), initial_fen: Number(row.initial_fen) } : null;
}

export async function joinCompetition(db: Kysely<DB>, userId: number, activityId: string, now: Date) {
  const activity = await requireActivity(db, activityId, 'competition');
  requireRunning(activity, now);
  if (orderTradeDate(now) > lastDay(activity)) throw new ActivityRefusal('activityEnded', { end: lastDay(activity) });
  const user = await db.selectFrom('users').select('telephone').where('id', '=', userId).executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('competition_entries')
    .values({
      user_id: userId,
      activity_id: activityId,
      display_name: maskTelephone(user.telephone ?? ''),
      cash_fen: activity.config.initial_fen,
      initial_fen: activity.config.initial_fen,
      joined_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'activity_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) throw new ActivityRefusal('competitionAlreadyJoined');
  return loadEntry(db, userId, activityId);
}

/** Parses '009005:6000,009004:3000' (fund code : basis points). */
export function parseWeights(text: string): Target[] | null {
  const parts = text.split(',').filter((p) => p.trim() !== '');
  const targets: Target[] = [];
  for (const part of parts) {
    const m = /^\s*(\d{6})\s*:\s*(\d{1,5})\s*$/.exec(part);
    if (!m) return null;
    targets.push({ fundCode: m[1] as string, weightBp: Number(m[2]) });
  }
  return targets;
}

export interface RebalanceInput {
  userId: number;
  activityId: string;
  targets: Target[];
  requestId: string;
}

/** Places a rebalance to target weights, priced at the trade date's NAVs; a newer one replaces a pending one. */
export async function placeRebalance(db: Kysely<DB>, input: RebalanceInput, now: Date) {
  const activity = await requireActivity(db, input.activityId, 'competition');
  requireRunning(activity, now);
  const tradeDate = orderTradeDate(now);
  if (tradeDate > lastDay(activity)) throw new ActivityRefusal('activityEnded', { end: lastDay(activity) });
  const { targets } = input;
  const codes = targets.map((t) => t.fundCode);
  if (
    new Set(codes).size !== codes.length ||
    targets.some((t) => !Number.isInteger(t.weightBp) || t.weightBp < 1 || t.weightBp > 10_000) ||
    targets.reduce((s, t) => s + t.weightBp, 0) > 10_000
  )
    throw new ActivityRefusal('competitionWeightsInvalid');
  if (targets.length > activity.config.max_funds) throw new ActivityRefusal('competitionTooManyFunds', { max: activity.config.max_funds });
  const allowed = new Set((await eligibleFunds(db, activity, { codes, limit: codes.length + 1 })).map((f) => f.code));
  const refused = codes.find((c) => !allowed.has(c));
  if (refused) throw new ActivityRefusal('competitionFundNotAllowed', { code: refused });
  const weights = JSON.stringify(targets.map((t) => ({ fund_code: t.fundCode, weight_bp: t.weightBp })));
  return db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM users WHERE id = ${input.userId} FOR UPDATE`.execute(trx);
    const entry = await loadEntry(trx, input.userId, activity.id);
    if (!entry) throw new ActivityRefusal('competitionNotJoined');
    const earlier = await trx
      .selectFrom('competition_rebalances')
      .select(['id', 'activity_id', 'weights'])
      .where('user_id', '=', input.userId)
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.activity_id !== activity.id || JSON.stringify(earlier.weights) !== weights) throw new TradeRefusal('requestIdConflict');
      return { id: Number(earlier.id), tradeDate };
    }
    await trx
      .updateTable('competition_rebalances')
      .set({ status: 'superseded', done_at: now })
      .where('user_id', '=', input.userId)
      .where('activity_id', '=', activity.id)
      .where('status', '=', 'pending')
      .execute();
    const row = await trx
      .insertInto('competition_rebalances')
      .values({
        user_id: input.userId,
        activity_id: activity.id,
        request_id: input.requestId,
        weights,
        trade_date: tradeDate,
        status: 'pending',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), tradeDate };
  });
}

/** NAV (units) and fee terms of funds as of `date`: each fund's latest NAV on or before it. */
async function termsAsOf(db: Db, codes: string[], date: IsoDate): Promise<Map<string, FundTerms & { navDate: string }>> {
  const unique = [...new Set(codes)];
  const terms = new Map<string, FundTerms & { navDate: string }>();
  if (unique.length === 0) return terms;
  const navs = (
    await sql<{ fund_code: string; date: string; nav: string }>`
      SELECT DISTINCT ON (fund_code) fund_code, date::text AS date, nav::text AS nav FROM fund_nav
      WHERE fund_code = ANY(${unique}::text[]) AND date <= ${date} ORDER BY fund_code, date DESC`.execute(db)
  ).rows;
  const funds = await db.selectFrom('fund').select(['code', 'declare_discount', 'rounding_mode']).where('code', 'in', unique).execute();
  const fees = await db
    .selectFrom('fund_fee')
    .select(['fund_code', 'kind', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
    .where('fund_code', 'in', unique)
    .where('kind', 'in', ['declare', 'withdraw'])
    .orderBy('fund_code')
    .orderBy('kind')
    .orderBy('seq')
    .execute();
  const table = (code: string, kind: string): FeeBracket[] =>
    fees
      .filter((r) => r.fund_code === code && r.kind === kind)
      .map((r) => ({
        lower: Number(r.lower_bound),
        upper: r.upper_bound === null ? null : Number(r.upper_bound),
        ratePpm: r.rate === null ? null : percentToPpm(r.rate),
        fixedFen: r.fixed_fee_fen === null ? null : Number(r.fixed_fee_fen),
      }));
  for (const n of navs) {
    const f = funds.find((x) => x.code === n.fund_code);
    if (!f) continue;
    terms.set(n.fund_code, {
      navUnits: navToUnits(n.nav),
      navDate: n.date,
      declare: table(n.fund_code, 'declare'),
      discount: f.declare_discount,
      withdraw: table(n.fund_code, 'withdraw'),
      rounding: f.rounding_mode as RoundingMode,
    });
  }
  return terms;
}

async function loadPositions(db: Db, userId: number, activityId: string): Promise<VirtualPosition[]> {
  const rows = await db
    .selectFrom('competition_positions')
    .select(['fund_code', 'volume', 'cost_fen', sql<string>`since_date::text`.as('since_date')])
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .where('volume', '>', 0)
    .orderBy('fund_code')
    .execute();
  return rows.map((r) => ({ fundCode: r.fund_code, volume: Number(r.volume), costFen: Number(r.cost_fen), sinceDate: r.since_date }));
}

/** How many pending rebalances are read at a time (each applied in its own transaction). */
const REBALANCE_PAGE = 500;

/** Applies every rebalance of the contest whose trade date T is before `date` (its NAV published): T+1. */
async function applyDueRebalances(db: Database, activity: CompetitionActivity, date: IsoDate, now: Date): Promise<number> {
  let applied = 0;
  for (;;) {
    const due = await db.kysely
      .selectFrom('competition_rebalances')
      .select(['user_id', 'id', 'weights', sql<string>`trade_date::text`.as('trade_date')])
      .where('activity_id', '=', activity.id)
      .where('status', '=', 'pending')
      .where('trade_date', '<', date)
      .orderBy('trade_date')
      .orderBy('user_id')
      .orderBy('id')
      .limit(REBALANCE_PAGE)
      .execute();
    for (const r of due) {
      await db.kysely.transaction().execute(async (trx) => {
        const userId = Number(r.user_id);
        const entry = await trx
          .selectFrom('competition_entries')
          .select(['cash_fen'])
          .where('user_id', '=', userId)
          .where('activity_id', '=', activity.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const positions = await loadPositions(trx, userId, activity.id);
        const targets = (r.weights as Array<{ fund_code: string; weight_bp: number }>).map((w) => ({
          fundCode: w.fund_code,
          weightBp: w.weight_bp,
        }));
        const terms = await termsAsOf(trx, [...targets.map((t) => t.fundCode), ...positions.map((p) => p.fundCode)], r.trade_date);
        const missing = [...targets.map((t) => t.fundCode), ...positions.map((p) => p.fundCode)].some((c) => !terms.has(c));
        const result = missing
          ? null
          : rebalance(Number(entry.cash_fen), positions, targets, terms, r.trade_date, nextTradingDay(r.trade_date));
        if (result) {
          await trx.deleteFrom('competition_positions').where('user_id', '=', userId).where('activity_id', '=', activity.id).execute();
          if (result.positions.length > 0)
            await trx
              .insertInto('competition_positions')
              .values(
                result.positions.map((p) => ({
                  user_id: userId,
                  activity_id: activity.id,
                  fund_code: p.fundCode,
                  volume: p.volume,
                  cost_fen: p.costFen,
                  since_date: p.sinceDate,
                })),
              )
              .execute();
          await trx
            .updateTable('competition_entries')
            .set({ cash_fen: result.cashFen })
            .where('user_id', '=', userId)
            .where('activity_id', '=', activity.id)
            .execute();
        }
        await trx
          .updateTable('competition_rebalances')
          .set({ status: 'done', trades: JSON.stringify(result?.trades ?? []), fee_fen: result?.feeFen ?? 0, done_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', Number(r.id))
          .where('status', '=', 'pending')
          .execute();
      });
      applied += 1;
    }
    if (due.length < REBALANCE_PAGE) return applied;
  }
}

/**
 * Every participant's value on `date` at the NAVs published by then (each fund's latest NAV before the date), one
 * set-based statement per contest: cash + Σ round(shares × NAV) per position. Idempotent per (participant, date).
 */
async function valuePortfolios(db: Database, activityId: string, date: IsoDate): Promise<number> {
  const result = await sql`
    INSERT INTO competition_values (user_id, activity_id, date, value_fen)
    SELECT e.user_id, e.activity_id, ${date}::date,
           e.cash_fen + coalesce((
             SELECT sum(round(p.volume * n.nav))::bigint FROM competition_positions p
             CROSS JOIN LATERAL (SELECT nav FROM fund_nav WHERE fund_code = p.fund_code AND date < ${date}::date ORDER BY date DESC LIMIT 1) n
             WHERE p.user_id = e.user_id AND p.activity_id = e.activity_id AND p.volume > 0), 0)
    FROM competition_entries e WHERE e.activity_id = ${activityId}
    ON CONFLICT (user_id, activity_id, date) DO NOTHING`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0);
}

/** Writes the final ranking once: the values of the first date after the last day (NAVs through the last day). */
async function finalize(db: Database, activity: CompetitionActivity, valueDate: IsoDate): Promise<number> {
  const result = await sql`
    INSERT INTO competition_final_ranks (activity_id, rank, user_id, display_name, value_fen, value_date)
    SELECT e.activity_id, row_number() OVER (ORDER BY v.value_fen DESC, e.joined_at, e.user_id), e.user_id, e.display_name, v.value_fen, v.date
    FROM competition_entries e JOIN competition_values v ON v.user_id = e.user_id AND v.activity_id = e.activity_id AND v.date = ${valueDate}::date
    WHERE e.activity_id = ${activity.id}
      AND NOT EXISTS (SELECT 1 FROM competition_final_ranks f WHERE f.activity_id = ${activity.id})`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0);
}

export interface CompetitionRunReport {
  rebalances_applied: number;
  portfolios_valued: number;
  contests_finalized: number;
}

/**
 * The daily step for `date` (jobs/activities.ts), after the NAVs through the day before are published: for every
 * contest that has started, apply the rebalances priced by now, value the portfolios, and — the first date after
 * its last day — freeze its ranking. A finished contest is left alone afterwards.
 */
export async function runCompetitions(db: Database, date: IsoDate, now: Date): Promise<CompetitionRunReport> {
  const report: CompetitionRunReport = { rebalances_applied: 0, portfolios_valued: 0, contests_finalized: 0 };
  const contests = (await db.kysely
    .selectFrom('activities')
    .select('id')
    .where('kind', '=', 'competition')
    .where('status', '=', 'active')
    .execute()) as Array<{ id: string }>;
  for (const { id } of contests) {
    const activity = await requireActivity(db.kysely, id, 'competition');
    if (firstDay(activity) >= date) continue;
    const frozen = await db.kysely
      .selectFrom('competition_final_ranks')
      .select('rank')
      .where('activity_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (frozen) continue;
    const last = lastDay(activity);
    // The value date: NAVs through the day before; never past the day after the last day.
    const valueDate = date > addCalendarDays(last, 1) ? addCalendarDays(last, 1) : date;
    report.rebalances_applied += await applyDueRebalances(db, activity, valueDate, now);
    report.portfolios_valued += await valuePortfolios(db, id, valueDate);
    if (valueDate === addCalendarDays(last, 1)) {
      await finalize(db, activity, valueDate);
      report.contests_finalized += 1;
    }
  }
  return report;
}

// ---- Reading -------------------------------------------------------------------------------------------------

export interface RankRow {
  rank: number;
  user_id: number;
  display_name: string;
  value_fen: number;
  date: string;
}

/** The ranking: the frozen one of a finished contest, else the latest day's values (value, then who joined first). */
export async function ranking(
  db: Db,
  activity: CompetitionActivity,
  page: number,
  size: number,
): Promise<{ final: boolean; date: string | null; total: number; rows: RankRow[] }> {
  const frozen = await db
    .selectFrom('competition_final_ranks')
    .select(['rank', 'user_id', 'display_name', 'value_fen', sql<string>`value_date::text`.as('date')])
    .where('activity_id', '=', activity.id)
    .orderBy('rank')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  if (frozen.length > 0 || page > 1) {
    const count = await db
      .selectFrom('competition_final_ranks')
      .select(sql<string>`count(*)`.as('n'))
      .where('activity_id', '=', activity.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) > 0)
      return {
        final: true,
        date: frozen[0]?.date ?? null,
        total: Number(count.n),
        rows: frozen.map((r) => ({ ...r, rank: Number(r.rank), user_id: Number(r.user_id), value_fen: Number(r.value_fen) })),
      };
  }
  const latest = await db
    .selectFrom('competition_values')
    .select(sql<string>`max(date)::text`.as('date'))
    .where('activity_id', '=', activity.id)
    .executeTakeFirst();
  const date = latest?.date ?? null;
  if (date === null) return { final: false, date: null, total: 0, rows: [] };
  const rows = (
    await sql<RankRow>`
      SELECT (row_number() OVER (ORDER BY v.value_fen DESC, e.joined_at, e.user_id))::int AS rank, e.user_id, e.display_name, v.value_fen, v.date::text AS date
      FROM competition_values v JOIN competition_entries e ON e.user_id = v.user_id AND e.activity_id = v.activity_id
      WHERE v.activity_id = ${activity.id} AND v.date = ${date}::date
      ORDER BY v.value_fen DESC, e.joined_at, e.user_id LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(db)
  ).rows.map((r) => ({ ...r, rank: Number(r.rank), user_id: Number(r.user_id), value_fen: Number(r.value_fen) }));
  const count = await db
    .selectFrom('competition_values')
    .select(sql<string>`count(*)`.as('n'))
    .where('activity_id', '=', activity.id)
    .where('date', '=', date)
    .executeTakeFirstOrThrow();
  return { final: false, date, total: Number(count.n), rows };
}

/** The participant's place in the ranking (null before the first valuation). */
export async function rankOf(db: Db, activity: CompetitionActivity, userId: number): Promise<{ rank: number; total: number } | null> {
  const frozen = await db
    .selectFrom('competition_final_ranks')
    .select('rank')
    .where('activity_id', '=', activity.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (frozen) {
    const count = await db
      .selectFrom('competition_final_ranks')
      .select(sql<string>`count(*)`.as('n'))
      .where('activity_id', '=', activity.id)
      .executeTakeFirstOrThrow();
    return { rank: Number(frozen.rank), total: Number(count.n) };
  }
  const row = (
    await sql<{ rank: string; total: string }>`
      WITH d AS (SELECT max(date) AS date FROM competition_values WHERE activity_id = ${activity.id}),
      mine AS (SELECT v.value_fen, e.joined_at FROM competition_values v JOIN competition_entries e ON e.user_id = v.user_id AND e.activity_id = v.activity_id, d
               WHERE v.activity_id = ${activity.id} AND v.user_id = ${userId} AND v.date = d.date)
      SELECT (SELECT count(*) FROM competition_values v JOIN competition_entries e ON e.user_id = v.user_id AND e.activity_id = v.activity_id, d, mine
              WHERE v.activity_id = ${activity.id} AND v.date = d.date
                AND (v.value_fen > mine.value_fen OR (v.value_fen = mine.value_fen AND (e.joined_at, e.user_id) < (mine.joined_at, ${userId}::bigint)))) + 1 AS rank,
             (SELECT count(*) FROM competition_values v, d WHERE v.activity_id = ${activity.id} AND v.date = d.date) AS total
      FROM mine`.execute(db)
  ).rows[0];
  return row ? { rank: Number(row.rank), total: Number(row.total) } : null;
}

/** The participant's portfolio: cash, positions valued now, the pending rebalance, daily values, rebalances done. */
export async function portfolio(db: Db, activity: CompetitionActivity, userId: number, now: Date) {
  const entry = await loadEntry(db, userId, activity.id);
  if (!entry) return null;
  const positions = await loadPositions(db, userId, activity.id);
  const today = shanghaiDate(now);
  const valueDate = today > addCalendarDays(lastDay(activity), 1) ? addCalendarDays(lastDay(activity), 1) : today;
  const terms = await termsAsOf(
    db,
    positions.map((p) => p.fundCode),
    addCalendarDays(valueDate, -1),
  );
  const names = positions.length
    ? await db
        .selectFrom('fund')
        .select(['code', 'name'])
        .where(
          'code',
          'in',
          positions.map((p) => p.fundCode),
        )
        .execute()
    : [];
  const values = await db
    .selectFrom('competition_values')
    .select([sql<string>`date::text`.as('date'), 'value_fen'])
    .where('user_id', '=', userId)
    .where('activity_id', '=', activity.id)
    .orderBy('date')
    .execute();
  const rebalances = await db
    .selectFrom('competition_rebalances')
    .select(['id', 'weights', sql<string>`trade_date::text`.as('trade_date'), 'status', 'trades', 'fee_fen', 'created_at'])
    .where('user_id', '=', userId)
    .where('activity_id', '=', activity.id)
    .where('status', 'in', ['pending', 'done'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return {
    entry,
    positions: positions.map((p) => ({
      ...p,
      name: names.find((n) => n.code === p.fundCode)?.name ?? p.fundCode,
      terms: terms.get(p.fundCode) ?? null,
    })),
    values: values.map((v) => ({ date: v.date, valueFen: Number(v.value_fen) })),
    rebalances: rebalances.map((r) => ({ ...r, id: Number(r.id), fee_fen: r.fee_fen === null ? null : Number(r.fee_fen) })),
    phase: activityPhase(activity, now),
  };
}
