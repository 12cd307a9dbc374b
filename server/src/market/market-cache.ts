// In-process read cache of the market. Fund data changes once a day, so the fund list, ranks,
// search index and index valuations are loaded once into memory, and every response is kept as
// a ready envelope (UTF-8 bytes). The snapshot is rebuilt when the Shanghai business date changes
// or when market_meta.loaded_at moves (a re-seed or an import, even from another process).
// One cache per app: buildApp creates it and decorates the app with it (`app.marketCache`); code that
// changes the market in-process calls its `invalidate()` (extendMarket's `onChanged`, the jobs).
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { FundDerivedTable, FundTable, IndexDailyTable } from '../db/market-types';
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import { shanghaiDate, shanghaiInstant, type Clock } from '../domain/clock';
import { envelopeText } from '../http/envelope';

export type FundRecord = Omit<FundTable, 'nav_model'> & {
  company_name: string;
  derived: FundDerivedTable | null;
  managerNames: string[];
  /** Rank within the same type per period key ('1w', '1y', …) as "rank/total". */
  ranks: Record<string, string | null>;
  nameLower: string;
};

/** One index bar as stored (the cache keys bars by index code). */
export type IndexPoint = Omit<IndexDailyTable, 'index_code'>;

export interface IndexRecord {
  code: string;
  name: string;
  name_initials: string;
  category: string;
  region: string;
  has_valuation: boolean;
  description: string;
  points: IndexPoint[];
}

/** Danjuan order_by / period keys and the derived column each one reads. */
export const PERIOD_COLUMNS = {
  '1w': 'nav_grl1w',
  '1m': 'nav_grl1m',
  '3m': 'nav_grl3m',
  '6m': 'nav_grl6m',
  ty: 'nav_grlty',
  '1y': 'nav_grl1y',
  '2y': 'nav_grl2y',
  '3y': 'nav_grl3y',
  '5y': 'nav_grl5y',
  base: 'nav_grbase',
} as const satisfies Record<string, keyof FundDerivedTable>;
export type PeriodKey = keyof typeof PERIOD_COLUMNS;
export const PERIOD_KEYS = Object.keys(PERIOD_COLUMNS) as PeriodKey[];

export interface MarketSnapshot {
  businessDate: IsoDate;
  loadedAt: string;
  funds: Map<string, FundRecord>;
  /** Funds sorted by code, for code-prefix search. */
  byCode: FundRecord[];
  /** Parallel to byCode: pinyin initials, and initials + '\u0001' + lower-case name (compact arrays scan fast). */
  searchInitials: string[];
  searchTexts: string[];
  indices: Map<string, IndexRecord>;
  companies: Map<string, string>;
  /** Sorted ranking lists by `${type}:${period}`, filled on first use (fund-views.ts), so paging does not re-sort. */
  rankings: Map<string, FundRecord[]>;
}

const LRU_LIMIT = 20_000;
/** Ready envelopes kept at most (bytes); the oldest go first. A --large fund detail is ~20 kB. */
const ENVELOPE_BYTES_LIMIT = 128 * 1024 * 1024;
/** How often (ms) a request may trigger the cheap "did the market change?" check. */
const FRESHNESS_CHECK_MS = 5_000;

export class MarketCache {
  private snapshot: MarketSnapshot | null = null;
  private loading: Promise<MarketSnapshot> | null = null;
  private lastCheck = 0;
  /** Instants (ms) between which the snapshot's business date is the clock's Shanghai date. */
  private validFrom = 0;
  private validUntil = 0;
  /** Whole success envelopes as UTF-8 bytes: the read path writes them without re-encoding (see `envelope`). */
  private readonly envelopes = new Map<string, Buffer>();
  private envelopeBytes = 0;
  /** Data computed once per snapshot (the auto-invest simulation), by name. */
  private readonly computed = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * The snapshot when it is known to be current without asking the database (same business date, market
   * checked less than FRESHNESS_CHECK_MS ago); otherwise null and the caller goes through `current()`.
   */
  freshSnapshot(): MarketSnapshot | null {
    const snap = this.snapshot;
    if (snap === null) return null;
    const now = this.clock.now().getTime();
    if (now < this.validFrom || now >= this.validUntil) return null;
    if (Date.now() - this.lastCheck >= FRESHNESS_CHECK_MS) return null;
    return snap;
  }

  /**
   * The ready envelope for `key` when the snapshot is fresh and holds one: the read path's fast lane
   * (no promise, no database, no serialisation). Undefined means "go through `current()` + `envelope()`".
   */
  cachedEnvelope(key: string): Buffer | undefined {
    return this.freshSnapshot() === null ? undefined : this.envelopes.get(key);
  }

  /** The current snapshot, (re)loading it when the business date or the market changed. */
  async current(): Promise<MarketSnapshot> {
    const fresh = this.freshSnapshot();
    if (fresh) return fresh;
    const snap = this.snapshot;
    const nowMs = this.clock.now().getTime();
    if (snap && nowMs >= this.validFrom && nowMs < this.validUntil) {
      this.lastCheck = Date.now();
      if ((await this.loadedAt()) === snap.loadedAt) return snap;
    }
    const date = shanghaiDate(new Date(nowMs));
    if (!this.loading) {
      this.loading = this.load(date).finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  /** Drops everything; the next request reloads (after a seed or import in this process). */
  invalidate(): void {
    this.snapshot = null;
    this.clearBodies();
  }

  private clearBodies(): void {
    this.envelopes.clear();
    this.envelopeBytes = 0;
    this.computed.clear();
  }

  /**
   * Data derived from a snapshot (and the database) that many answers share, computed once per snapshot under
   * `name`. A failed computation is not kept: the next caller tries again.
   */
  perSnapshot<T>(snap: MarketSnapshot, name: string, compute: () => Promise<T>): Promise<T> {
    if (snap !== this.snapshot) return compute();
    let pending = this.computed.get(name) as Promise<T> | undefined;
    if (!pending) {
      const started = compute();
      pending = started;
      started.catch(() => {
        if (this.computed.get(name) === started) this.computed.delete(name);
      });
      this.computed.set(name, started);
    }
    return pending;
  }

  /**
   * The whole success envelope for `key` as UTF-8 bytes, built once per snapshot. Sending a Buffer skips
   * Fastify's serialiser and Node's per-write string encoding (a 20 kB body of Chinese text costs more to
   * encode than the rest of the request); content-length is its byte length.
   */
  async envelope(snap: MarketSnapshot, key: string, build: () => Promise<unknown> | unknown): Promise<Buffer> {
    if (snap !== this.snapshot) return Buffer.from(envelopeText(JSON.stringify(await build())));
    const hit = this.envelopes.get(key);
    if (hit !== undefined) return hit;
    const bytes = Buffer.from(envelopeText(JSON.stringify(await build())));
    // The snapshot may have been replaced while building: keep only what belongs to the current one.
    if (snap !== this.snapshot) return bytes;
    while (this.envelopes.size > 0 && (this.envelopes.size >= LRU_LIMIT || this.envelopeBytes + bytes.length > ENVELOPE_BYTES_LIMIT)) {
      // Evict the oldest entry (Map keeps insertion order).
      const [oldestKey, oldest] = this.envelopes.entries().next().value as [string, Buffer];
      this.envelopes.delete(oldestKey);
      this.envelopeBytes -= oldest.length;
    }
    this.envelopes.set(key, bytes);
    this.envelopeBytes += bytes.length;
    return bytes;
  }

  private async loadedAt(): Promise<string> {
    const row = await this.db.kysely.selectFrom('market_meta').select('value').where('key', '=', 'loaded_at').executeTakeFirst();
    return row?.value ?? '';
  }

  private async load(businessDate: IsoDate): Promise<MarketSnapshot> {
    const k = this.db.kysely;
    const loadedAt = await this.loadedAt();
    const [fundRows, derivedRows, companyRows, managerRows, indexRows, dailyRows] = await Promise.all([
      k.selectFrom('fund').selectAll().orderBy('code').execute(),
      k.selectFrom('fund_derived').selectAll().execute(),
      k.selectFrom('fund_company').select(['code', 'name']).execute(),
      k
        .selectFrom('fund_manager_post as p')
        .innerJoin('fund_manager as m', 'm.id', 'p.manager_id')
        .select(['p.fund_code', 'm.name'])
        .where('p.resi_date', 'is', null)
        .orderBy('p.post_date')
        .execute(),
      k.selectFrom('market_index').selectAll().orderBy('code').execute(),
      k
        .selectFrom('index_daily')
        .select([
          'index_code',
          sql<string>`date::text`.as('date'),
          'open',
          'high',
          'low',
          'close',
          'volume',
          'pe',
          'pb',
          'roe',
          'dividend_yield',
        ])
        .orderBy('index_code')
        .orderBy('date')
        .execute(),
    ]);
    const companies = new Map(companyRows.map((c) => [c.code, c.name]));
    const derived = new Map(derivedRows.map((d) => [d.fund_code, d]));
    const managers = new Map<string, string[]>();
    for (const m of managerRows) {
      const list = managers.get(m.fund_code) ?? [];
      list.push(m.name);
      managers.set(m.fund_code, list);
    }
    const funds = new Map<string, FundRecord>();
    const byCode: FundRecord[] = [];
    for (const row of fundRows) {
      const { nav_model: _model, ...rest } = row;
      const record: FundRecord = {
        ...rest,
        company_name: companies.get(row.company_code) ?? '',
        derived: derived.get(row.code) ?? null,
        managerNames: managers.get(row.code) ?? [],
        ranks: {},
        nameLower: row.name.toLowerCase(),
      };
      funds.set(row.code, record);
      // Pension Y classes (generate.ts addPensionClasses) are bought only from the pension account: found by code
      // (detail, NAVs) and in the pension zone, never in the ordinary lists, rankings or search.
      if (row.share_class !== 'Y') byCode.push(record);
    }
    rankFunds(byCode);
    const indices = new Map<string, IndexRecord>();
    for (const row of indexRows) indices.set(row.code, { ...row, points: [] });
    for (const d of dailyRows) {
      const { index_code, ...point } = d;
      indices.get(index_code)?.points.push(point);
    }
    const searchInitials = byCode.map((f) => f.name_initials);
    const searchTexts = byCode.map((f) => `${f.name_initials}\u0001${f.nameLower}`);
    const snap: MarketSnapshot = {
      businessDate,
      loadedAt,
      funds,
      byCode,
      searchInitials,
      searchTexts,
      indices,
      companies,
      rankings: new Map(),
    };
    this.clearBodies();
    this.snapshot = snap;
    this.lastCheck = Date.now();
    this.validFrom = shanghaiInstant(businessDate).getTime();
    this.validUntil = shanghaiInstant(addCalendarDays(businessDate, 1)).getTime();
    return snap;
  }
}

/** Same-type ranks per period, best first: "3/120". */
function rankFunds(funds: FundRecord[]): void {
  const byType = new Map<number, FundRecord[]>();
  for (const f of funds) {
    const list = byType.get(f.type) ?? [];
    list.push(f);
    byType.set(f.type, list);
  }
  for (const list of byType.values()) {
    for (const period of PERIOD_KEYS) {
      const column = PERIOD_COLUMNS[period];
      const ranked = list
        .flatMap((f) => (f.derived?.[column] == null ? [] : [{ f, v: Number(f.derived[column]) }]))
        .sort((a, b) => b.v - a.v);
      ranked.forEach(({ f }, i) => {
        f.ranks[period] = `${i + 1}/${ranked.length}`;
      });
    }
  }
}
