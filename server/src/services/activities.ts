// Activities as rows the operator configures: stored after domain/activity-config.ts has checked them, read by the
// activity pages and the daily job. No code change starts a new activity (npm run activity:set, PUT
// /ops/activities/{id}). The demo's three activities are written at start when missing; an operator's own row is
// never overwritten. docs/PRODUCT.md §7.4.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import {
  activityPhase,
  ActivityConfigError,
  parseActivity,
  type ActivityDefinition,
  type ActivityKind,
  type ActivityPhase,
  type ActivityTexts,
  type CompetitionConfig,
  type LumpSumConfig,
  type RegCouponConfig,
} from '../domain/activity-config';
import { ActivityRefusal } from '../domain/activity-refusal';
import { addCalendarDays } from '../domain/calendar';
import { shanghaiDate, shanghaiInstant } from '../domain/clock';
import { FUND_SAMPLES } from '../market/samples';

type Db = Kysely<DB> | Transaction<DB>;

export type ActivityRow = ActivityDefinition & { created_at: Date; updated_at: Date };

function rowToActivity(row: {
  id: string;
  kind: string;
  texts: unknown;
  config: unknown;
  starts_at: Date;
  ends_at: Date;
  status: string;
  priority: number;
  created_at: Date;
  updated_at: Date;
}): ActivityRow {
  // Rows were checked when written; parsing again keeps one reader of the JSON (and its defaults).
  const parsed = parseActivity({
    id: row.id,
    kind: row.kind,
    texts: row.texts,
    config: row.config,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    status: row.status,
    priority: row.priority,
  });
  return { ...parsed, created_at: row.created_at, updated_at: row.updated_at };
}

const COLUMNS = ['id', 'kind', 'texts', 'config', 'starts_at', 'ends_at', 'status', 'priority', 'created_at', 'updated_at'] as const;

export async function loadActivity(db: Db, id: string): Promise<ActivityRow | null> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return null;
  const row = await db.selectFrom('activities').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? rowToActivity(row) : null;
}

/** An active activity of this kind, or activityNotFound (a withdrawn one reads the same as none). */
export async function requireActivity<K extends ActivityKind>(db: Db, id: string, kind: K): Promise<Extract<ActivityRow, { kind: K }>> {
  const activity = await loadActivity(db, id);
  if (!activity || activity.kind !== kind || activity.status !== 'active') throw new ActivityRefusal('activityNotFound', { id });
  return activity as Extract<ActivityRow, { kind: K }>;
}

/** Refuses unless the activity is running now. */
export function requireRunning(activity: ActivityRow, now: Date): void {
  const phase = activityPhase(activity, now);
  if (phase === 'upcoming') throw new ActivityRefusal('activityNotStarted', { start: shanghaiDate(activity.starts_at) });
  if (phase === 'ended') throw new ActivityRefusal('activityEnded', { end: shanghaiDate(activity.ends_at) });
}

export async function listActivities(db: Db, opts: { kind?: ActivityKind; includeWithdrawn?: boolean } = {}): Promise<ActivityRow[]> {
  let query = db.selectFrom('activities').select(COLUMNS);
  if (opts.kind) query = query.where('kind', '=', opts.kind);
  if (!opts.includeWithdrawn) query = query.where('status', '=', 'active');
  const rows = await query.orderBy('priority', 'desc').orderBy('starts_at', 'desc').orderBy('id').execute();
  return rows.map(rowToActivity);
}

/** The activities a visitor can take part in now (the promotion page), the operator's order. */
export async function runningActivities(db: Db, now: Date): Promise<ActivityRow[]> {
  return (await listActivities(db)).filter((a) => activityPhase(a, now) === 'running');
}

/** Checks the funds an activity names exist in the market (the operator's typo is refused, not stored). */
async function checkFunds(db: Db, def: ActivityDefinition): Promise<void> {
  const named: Array<{ field: string; codes: string[] }> = [];
  if (def.kind === 'lump_sum') named.push({ field: 'config.fund_code', codes: [def.config.fund_code] });
  else named.push({ field: 'config.fund_codes', codes: def.config.fund_codes });
  for (const { field, codes } of named) {
    if (codes.length === 0) continue;
    const found = await db.selectFrom('fund').select('code').where('code', 'in', codes).execute();
    const known = new Set(found.map((f) => f.code));
    const missing = codes.filter((c) => !known.has(c));
    if (missing.length > 0) throw new ActivityConfigError(field, `no such fund: ${missing.join(', ')}`);
  }
}

/**
 * Stores an activity (new, or changed by its id). The kind of an existing activity cannot change: investors'
 * bookings, portfolios or coupons belong to it.
 */
export async function saveActivity(db: Kysely<DB>, input: unknown, now: Date): Promise<ActivityRow> {
  const def = parseActivity(input);
  return db.transaction().execute(async (trx) => {
    await checkFunds(trx, def);
    const existing = await trx.selectFrom('activities').select(['kind']).where('id', '=', def.id).forUpdate().executeTakeFirst();
    if (existing && existing.kind !== def.kind)
      throw new ActivityConfigError('kind', `activity ${def.id} is a ${existing.kind}; its kind cannot change`);
    const values = {
      kind: def.kind,
      texts: JSON.stringify(def.texts),
      config: JSON.stringify(def.config),
      starts_at: def.starts_at,
      ends_at: def.ends_at,
      status: def.status,
      priority: def.priority,
      updated_at: now,
    };
    await trx
      .insertInto('activities')
      .values({ id: def.id, ...values, created_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    return (await loadActivity(trx, def.id)) as ActivityRow;
  });
}

// ---- The demo's activities ---------------------------------------------------------------------------------

const bi = (zh: string, en: string) => ({ zh, en });

/** The three activities of the demo, dated from `today` (Shanghai): a lump-sum product, a quarter's contest, a coupon. */
export function defaultActivities(today: string): unknown[] {
  const from = shanghaiInstant(addCalendarDays(today, -1)).toISOString();
  const quarter = shanghaiInstant(addCalendarDays(today, 91)).toISOString();
  const year = shanghaiInstant(addCalendarDays(today, 365)).toISOString();
  const texts = (title: ReturnType<typeof bi>, subtitle: ReturnType<typeof bi>, rules: Array<ReturnType<typeof bi>>): ActivityTexts => ({
    title,
    subtitle,
    rules,
  });
  return [
    {
      id: 'lsd-main',
      kind: 'lump_sum',
      starts_at: from,
      ends_at: year,
      priority: 30,
      texts: texts(
        bi('新发基金 · 认购预约', 'New fund · book your subscription'),
        bi(
          '募集开始前预约，首个募集日自动认购，按 1.00 元面值',
          'Book before the raising starts; subscribed at par (1.00 CNY) on its first day',
        ),
        [
          bi(
            '募集开始前可预约认购金额，预约时验证交易密码；募集首日自动提交认购申请并从银行卡扣款。',
            'Book an amount before the raising starts (confirmed with your trade password); on its first day the subscription is placed and your card is debited.',
          ),
          bi('募集开始前可随时取消预约，不收取任何费用。', 'You may cancel a booking at no cost until the raising starts.'),
          bi(
            '认购按 1.00 元面值确认，认购费按认购费率收取，基金成立日确认份额。',
            'Subscriptions are confirmed at par (1.00 CNY) with the subscription fee on the founding date.',
          ),
          bi(
            '若募集失败，认购款项加计银行同期活期存款利息原路退回。',
            'If the raising fails, every subscription is refunded with interest at the demand-deposit rate.',
          ),
        ],
      ),
      config: {
        fund_code: FUND_SAMPLES.building,
        min_amount_fen: 1000,
        max_amount_fen: 500_000_000,
        key_terms: [
          bi('基金类型：股票型；运作方式：契约型开放式。', 'Type: equity fund; an open-ended contractual fund.'),
          bi(
            '募集规模下限 2 亿元、认购户数不少于 200 户，满足条件后基金合同生效。',
            'The contract takes effect once at least 200 million CNY from at least 200 investors has been raised.',
          ),
          bi(
            '认购期利息折算为基金份额归基金份额持有人所有，以登记机构记录为准。',
            'Interest earned during the raising belongs to the holders, as the registrar records.',
          ),
          bi(
            '基金合同生效后不超过 3 个月开放日常申购、赎回。',
            'Ordinary purchases and redemptions open within 3 months of the contract taking effect.',
          ),
        ],
        highlights: [
          bi('聚焦新兴产业的长期成长', 'Long-term growth of emerging industries'),
          bi('认购费率享平台优惠', 'A platform discount on the subscription fee'),
          bi('募集前预约，首日自动认购', 'Book now, subscribed automatically on day one'),
        ],
      },
    },
    {
      id: 'season-1',
      kind: 'competition',
      starts_at: from,
      ends_at: quarter,
      priority: 20,
      texts: texts(
        bi('基金模拟组合大赛 · 第一季', 'Fund portfolio contest · season 1'),
        bi(
          '100 万虚拟资金，按真实净值与费率调仓，比一比谁的收益高',
          '1,000,000.00 of virtual money, real NAVs and fees: whose portfolio earns most?',
        ),
        [
          bi(
            '参赛即获得 1,000,000.00 元虚拟资金，仅用于模拟，不涉及真实资金。',
            'Every participant gets 1,000,000.00 CNY of virtual money: a simulation, no real money moves.',
          ),
          bi(
            '调仓按目标比例提交，15:00 前提交按当日净值成交，T+1 确认，买入费与赎回费按基金费率计算。',
            'Rebalance to target weights: before 15:00 priced at that day’s NAV, confirmed T+1, purchase and redemption fees as the funds charge them.',
          ),
          bi(
            '排名按组合收益率，昵称部分隐藏；比赛结束后排名冻结。',
            'Ranked by return with masked names; the ranking is frozen when the contest ends.',
          ),
          bi('本活动不设奖品与抽奖。', 'No prizes and no lottery.'),
        ],
      ),
      config: { initial_fen: 100_000_000, fund_codes: [], max_funds: 10 },
    },
    {
      id: 'newcomer',
      kind: 'reg_coupon',
      starts_at: from,
      ends_at: year,
      priority: 10,
      texts: texts(
        bi('新人专享 · 申购费 1 折券', 'New investor · 90 % off the purchase fee'),
        bi('首次买基金，申购费再打 1 折，最高减 50 元', 'Your first fund purchase: the fee at 10 %, up to 50.00 CNY off'),
        [
          bi('仅限尚未买入过基金的新用户领取，每人限领一张。', 'For investors who have not bought a fund yet; one coupon per person.'),
          bi(
            '单笔买入金额满 100 元可用，按申购费（平台优惠后）的 1 折收取，最高优惠 50 元。',
            'Usable on a purchase of 100.00 CNY or more: you pay 10 % of the (already discounted) fee, at most 50.00 CNY off.',
          ),
          bi(
            '领取后 30 天内有效；撤单后优惠券在有效期内退回。',
            'Valid 30 days from the claim; a cancelled order gives the coupon back while it is valid.',
          ),
          bi('优惠券仅抵扣申购费，不可兑换现金或基金份额。', 'It only reduces the purchase fee: it is never cash or fund shares.'),
        ],
      ),
      config: {
        fee_rate: '0.1',
        max_discount_fen: 5000,
        min_amount_fen: 10000,
        valid_days: 30,
        fund_codes: [FUND_SAMPLES.stock, FUND_SAMPLES.hybridConversion, FUND_SAMPLES.fof, FUND_SAMPLES.bond, FUND_SAMPLES.qdiiHk],
      },
    },
  ];
}

/** Writes the demo's activities that are missing (never one the operator has written). */
export async function ensureDefaultActivities(db: Kysely<DB>, now: Date): Promise<number> {
  let written = 0;
  for (const input of defaultActivities(shanghaiDate(now))) {
    const id = (input as { id: string }).id;
    const exists = await db.selectFrom('activities').select('id').where('id', '=', id).executeTakeFirst();
    if (exists) continue;
    // The demo's funds come with the generated market; an imported market may lack them: skip, never fail the start.
    try {
      await saveActivity(db, input, now);
      written += 1;
    } catch (error) {
      if (!(error instanceof ActivityConfigError)) throw error;
    }
  }
  return written;
}

// ---- Answers -------------------------------------------------------------------------------------------------

export interface PublicActivity {
  id: string;
  kind: ActivityKind;
  phase: ActivityPhase;
  title: string;
  title_en: string;
  subtitle: string;
  subtitle_en: string;
  rules: Array<{ text: string; text_en: string }>;
  starts_at: string;
  ends_at: string;
  /** The public URL of the activity's page. */
  url: string;
}

export function activityUrl(activity: { id: string; kind: ActivityKind }): string {
  if (activity.kind === 'lump_sum') return `/n/activity/LSD-product/main?id=${encodeURIComponent(activity.id)}`;
  if (activity.kind === 'competition') return `/n/activity/competition/${encodeURIComponent(activity.id)}`;
  return `/n/activity/reg-coupon/${encodeURIComponent(activity.id)}`;
}

export function publicActivity(activity: ActivityRow, now: Date): PublicActivity {
  return {
    id: activity.id,
    kind: activity.kind,
    phase: activityPhase(activity, now),
    title: activity.texts.title.zh,
    title_en: activity.texts.title.en,
    subtitle: activity.texts.subtitle.zh,
    subtitle_en: activity.texts.subtitle.en,
    rules: activity.texts.rules.map((r) => ({ text: r.zh, text_en: r.en })),
    starts_at: activity.starts_at.toISOString(),
    ends_at: activity.ends_at.toISOString(),
    url: activityUrl(activity),
  };
}

export type { CompetitionConfig, LumpSumConfig, RegCouponConfig };

/** How many investors take part (booked, joined, claimed): the landing and promotion pages show it. */
export async function participantCount(db: Db, activity: ActivityRow): Promise<number> {
  const table = activity.kind === 'lump_sum' ? 'lsd_bookings' : activity.kind === 'competition' ? 'competition_entries' : 'coupons';
  const row = await sql<{
    n: string;
  }>`SELECT count(DISTINCT user_id)::text AS n FROM ${sql.table(table)} WHERE activity_id = ${activity.id}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
