// Contract of the public Danjuan API for existing clients (issue 15, part 1): every field of the real answers
// published with the public clients is served, with the same JSON type, on funds of every type and state.
//
// The real answers are those pysnowball (github.com/uname-yang/pysnowball, APIs/fund_*.md) keeps for its nine
// fund calls, and the valuation table (/djapi/index_eva/dj) as a crawler's notes publish it; of the ranking
// (filter) and the search no complete real answer is published, so their fixtures hold what public clients quote or
// read of them. tests/server/fixtures/danjuan/*.json hold the key/type skeletons (values replaced by their JSON
// type; an array by the union of its rows, a key missing from some rows marked `|null`); each names its source.
//
// Rules checked, per call and fund:
// - every key of the skeleton is present (extra keys of ours are fine);
// - its value has the skeleton's JSON type: a decimal string where Danjuan sends a string, a number where it sends
//   a number; `null` only where the skeleton allows it or where the value does not apply to the fund (NULLABLE
//   below: a period longer than the fund's history, a money-market fund's benchmark, …);
// - each array of the skeleton is non-empty on at least one fund, so its rows' keys are checked somewhere.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, json, type TestApp } from './helpers';

type Skeleton = string | Skeleton[] | { [key: string]: Skeleton };

interface Fixture {
  source: string;
  call: string;
  /** The request path, `{code}` for the fund code. */
  path: string;
  skeleton: Skeleton;
}

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'danjuan');

function loadFixtures(): Map<string, Fixture> {
  const out = new Map<string, Fixture>();
  for (const file of readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .sort())
    out.set(file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Fixture);
  return out;
}

/**
 * Paths (`data.a.b[].c`, `*` any key) whose value may be null on some funds although the real answer shows a value:
 * the value does not apply to that fund.
 */
const NULLABLE: Record<string, string[]> = {
  info: [
    // A fund not yet founded, or too young for the period, has no return / rank for it.
    'data.fund_derived.end_date',
    'data.fund_derived.nav_gr*',
    'data.fund_derived.srank_*',
    'data.fund_derived.annual_performance_list[].rank',
    'data.fir_header_base_data[].data_value_number',
    // A fund being raised has no return since founding yet.
    'data.yield',
  ],
  derived: ['data.end_date', 'data.nav_gr*', 'data.srank_*', 'data.aip_gr*', 'data.itg_aip_gr*', 'data.annual_performance_list[].rank'],
  detail: [
    // A manager's post on a fund with no NAV yet (being raised) has no return.
    'data.manager_list[].achievement_list[].cp_rate',
    // A fund without a quarterly report yet (being raised, just founded).
    'data.fund_position.enddate',
  ],
  growth: [
    // The first point of the window has no previous day; a money-market fund has no benchmark line.
    'data.fund_nav_growth[].percentage',
    'data.fund_nav_growth[].than_value',
  ],
  nav_history: ['data.items[].percentage'],
  achievement: [
    // Money-market funds have no benchmark index.
    'data.*[].standard_index_nav',
    'data.*[].standard_index_max_draw_down',
    'data.annual_performance_list[].self_nav_rank',
    'data.stage_performance_list[].self_nav_rank',
  ],
  asset: [],
  manager: ['data.items[].cp_rate', 'data.items[].performance_year'],
  trade_date: [],
  index_eva: [],
  filter: [],
  search: [],
};

/**
 * Fields whose type deliberately differs from the real answer, with the reason. The valuation table's figures stay
 * decimal strings ('16.10'): the app shows them as sent (features/discover/valuation-table.tsx, index-valuation.tsx),
 * and a JSON number would lose the fixed decimals; its begin_at stays the ISO date the app reads (begin_at_ts has
 * Danjuan's milliseconds).
 */
const KEPT_TYPES: Record<string, Record<string, string>> = {
  index_eva: {
    'data.items[].pe': 'string',
    'data.items[].pb': 'string',
    'data.items[].pe_percentile': 'string',
    'data.items[].pb_percentile': 'string',
    'data.items[].roe': 'string',
    'data.items[].yeild': 'string',
    'data.items[].begin_at': 'string',
  },
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matches(pattern: string, at: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.[\]]/g, (c) => `\\${c}`).replace(/\*/g, '[^.\\[\\]]*')}$`);
  return re.test(at);
}

/** Differences of `value` from `skeleton`, as readable lines; `arrays` collects the array paths seen non-empty. */
function compare(
  skeleton: Skeleton,
  value: unknown,
  at: string,
  nullable: string[],
  arrays: Set<string>,
  out: string[],
  kept: Record<string, string> = {},
): void {
  const mayBeNull = () => nullable.some((p) => matches(p, at));
  if (typeof skeleton === 'string') {
    const allowed = kept[at] ? [kept[at]] : skeleton.split('|');
    const actual = typeOf(value);
    if (actual === 'undefined') out.push(`${at}: missing (${skeleton})`);
    else if (!allowed.includes(actual) && !(actual === 'null' && mayBeNull()))
      out.push(`${at}: ${actual} ${JSON.stringify(value)?.slice(0, 40)}, real answer: ${skeleton}`);
    return;
  }
  if (Array.isArray(skeleton)) {
    if (!Array.isArray(value)) {
      if (value === null && mayBeNull()) return;
      out.push(`${at}: ${value === undefined ? 'missing' : typeOf(value)}, real answer: array`);
      return;
    }
    const row = skeleton[0];
    if (value.length > 0) arrays.add(at);
    if (row !== undefined) value.forEach((item) => compare(row, item, `${at}[]`, nullable, arrays, out, kept));
    return;
  }
  if (value === null && mayBeNull()) return;
  if (typeOf(value) !== 'object') {
    out.push(`${at}: ${value === undefined ? 'missing' : typeOf(value)}, real answer: object`);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(skeleton)) compare(inner, object[key], at ? `${at}.${key}` : key, nullable, arrays, out, kept);
}

/** Array paths of a skeleton (`data.items`, `data.items[].rows`). */
function arrayPaths(skeleton: Skeleton, at: string, out: string[]): string[] {
  if (typeof skeleton === 'string') return out;
  if (Array.isArray(skeleton)) {
    out.push(at);
    if (skeleton[0] !== undefined) arrayPaths(skeleton[0], `${at}[]`, out);
    return out;
  }
  for (const [key, inner] of Object.entries(skeleton)) arrayPaths(inner, at ? `${at}.${key}` : key, out);
  return out;
}

describe('Danjuan contract: the real answers of the public clients, key by key and type by type', () => {
  let t: TestApp;
  const fixtures = loadFixtures();
  /** Funds of different types and states; the index fund is found in the market. */
  const funds: Record<string, string> = {
    stock: FUND_SAMPLES.stock,
    bond: FUND_SAMPLES.bond,
    moneyMarket: FUND_SAMPLES.moneyMarket,
    fof: FUND_SAMPLES.fof,
    hybridConversion: FUND_SAMPLES.hybridConversion,
    qdiiHk: FUND_SAMPLES.qdiiHk,
    building: FUND_SAMPLES.building,
    notOnSale: FUND_SAMPLES.notOnSale,
    tradingSuspended: FUND_SAMPLES.tradingSuspended,
    closed: FUND_SAMPLES.closed,
    delisted: FUND_SAMPLES.delisted,
    lockPeriod: FUND_SAMPLES.lockPeriod,
  };

  before(async () => {
    t = await createTestApp({ market: true });
    const res = await t.app.inject({ method: 'GET', url: '/djapi/v3/filter/fund?type=5&order_by=1y&page=1&size=1' });
    const index = json<{ data: { items: { fd_code: string }[] } }>(res).data.items[0];
    assert.ok(index, 'the market has an index fund');
    funds.index = index.fd_code;
  });
  after(async () => t.close());

  it('holds a fixture for each of pysnowball’s nine fund calls, the valuation table, the ranking and the search', () => {
    assert.deepEqual(
      [...fixtures.keys()].sort(),
      [
        'achievement',
        'asset',
        'derived',
        'detail',
        'filter',
        'growth',
        'index_eva',
        'info',
        'manager',
        'nav_history',
        'search',
        'trade_date',
      ].sort(),
    );
  });

  const data = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
    return json<{ data: T }>(res).data;
  };

  it('generated values agree with the market: auto-invest returns with the ranking, one quote per stock and day', async () => {
    const ranking = await data<{ items: { fd_code: string; auto_invest_return: string }[] }>(
      '/djapi/fund/rank/auto-invest?period=1y&page=1&size=200',
    );
    let compared = 0;
    for (const code of Object.values(funds)) {
      const derived = await data<{ aip_grl1y: string | null; nav_grl1y: string | null }>(`/djapi/fund/derived/${code}`);
      const ranked = ranking.items.find((i) => i.fd_code === code);
      if (ranked) {
        assert.equal(derived.aip_grl1y, ranked.auto_invest_return, `${code}: aip_grl1y is the ranking's 1-year auto-invest return`);
        compared += 1;
      } else if (derived.nav_grl1y == null) assert.equal(derived.aip_grl1y, null, `${code}: no 1-year auto-invest return under a year`);
    }
    assert.ok(compared >= 3, 'several funds compared with the ranking');
    const quotes = new Map<string, number>();
    for (const code of Object.values(funds)) {
      const asset = await data<{
        stock_list: { code: string; current_price: number; change_percentage: number; industry_label: string }[];
      }>(`/djapi/fundx/base/fund/record/asset/percent?fund_code=${code}`);
      for (const s of asset.stock_list) {
        const seen = quotes.get(s.code);
        if (seen !== undefined) assert.equal(s.current_price, seen, `${s.code}: the same price in every fund`);
        quotes.set(s.code, s.current_price);
        assert.ok(s.current_price > 0 && Math.abs(s.change_percentage) <= 20, `${s.code}: a plausible quote`);
        assert.ok(s.industry_label.length > 0);
      }
    }
    const summary = await data<{
      fir_header_base_data: { data_name: string; data_value_number: number | null }[];
      fund_derived: { nav_grbase: string };
    }>(`/djapi/fund/${FUND_SAMPLES.stock}`);
    const total = summary.fir_header_base_data.find((h) => h.data_name === '累计收益');
    assert.equal(total?.data_value_number, Number(summary.fund_derived.nav_grbase), 'the header shows the derived return since founding');
  });

  it('every fund of the market answers the fund calls with every key and type of the real answers', async () => {
    const codes = (await t.db.kysely.selectFrom('fund').select('code').orderBy('code').execute()).map((r) => r.code);
    assert.ok(codes.length > 50, `the whole market (${codes.length} funds)`);
    const problems: string[] = [];
    for (const name of ['info', 'derived', 'detail', 'asset', 'trade_date', 'manager']) {
      const fixture = fixtures.get(name) as Fixture;
      for (const code of codes) {
        const res = await t.app.inject({ method: 'GET', url: fixture.path.replace('{code}', code) });
        assert.equal(res.statusCode, 200, `${name} ${code}`);
        const found: string[] = [];
        compare(fixture.skeleton, JSON.parse(res.body), '', NULLABLE[name] ?? [], new Set(), found);
        problems.push(...found.map((p) => `${name} ${code}: ${p}`));
      }
    }
    assert.deepEqual(problems.slice(0, 50), [], `${problems.length} differences from the real answers`);
  });

  for (const [name, fixture] of fixtures) {
    it(`${fixture.call} — GET ${fixture.path}: every key and type of the real answer, on every kind of fund`, async () => {
      const problems: string[] = [];
      const seen = new Set<string>();
      // A call of no fund (the valuation table) is asked once.
      const targets = fixture.path.includes('{code}') ? Object.entries(funds) : [['market', '']];
      for (const [kind, code] of targets) {
        const url = fixture.path.replace('{code}', code as string);
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
        const found: string[] = [];
        compare(fixture.skeleton, JSON.parse(res.body), '', NULLABLE[name] ?? [], seen, found, KEPT_TYPES[name]);
        problems.push(...found.map((p) => `${kind} ${code}: ${p}`));
      }
      assert.deepEqual(problems, [], `${problems.length} differences from the real answer:\n${problems.join('\n')}`);
      const empty = arrayPaths(fixture.skeleton, '', []).filter((p) => !seen.has(p));
      assert.deepEqual(empty, [], 'each array of the real answer is non-empty on at least one fund');
    });
  }
});
