// The generated market must not be caught lying by an investor who knows how indices and funds relate (issue 15,
// part 2). Checked on the default and the large market as the generator builds them (the same plan, NAVs and
// derived rows the seed stores), and through the API on the small test market:
// - composites lie between their constituents over every period (中证800 between 沪深300 and 中证500);
// - 上证50 and 中证100 stay close to 沪深300, sector and strategy indices move with the A-share market, the
//   Hong Kong and US indices with their own markets;
// - a C share class returns its A class less its sales service fee;
// - an index fund returns its index's total return (price + published dividend yield) less its fees, within its
//   tracking error, over every period it lived (enhanced funds may beat it by a little); its realised tracking
//   error is the stated one; active equity funds have a plausible beta against their benchmark;
// - PE and PB move with the index's price, and so does the valuation percentile;
// - a fund's benchmark, name, theme and top holdings agree (issue 28): a sector-themed stock fund is benchmarked on
//   its theme's index and names it in its benchmark text; a broad theme on no sector index; a fund benchmarked on a
//   sector index holds that sector's companies;
// - no fund has a figure for a period it has not lived (null, not the since-launch return), in fund_derived, the
//   growth chart, the ranking and the fund header's tabs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addCalendarDays, dayNumber, type IsoDate } from '../../server/src/domain/calendar';
import { trackingErrorPercent } from '../../server/src/domain/tracking-error';
import { computeDerived, indexOnOrBefore, periodStart, totalReturnIndex, type NavPoint } from '../../server/src/market/derived';
import { industryLabel, planMarket, simulateFund, type MarketPlan, type PlannedFund } from '../../server/src/market/generate';
import { percentileOfLast } from '../../server/src/market/index-views';
import { indexValuation, trendLogs } from '../../server/src/market/valuation';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { INDEX_INDUSTRIES, INDICES, STOCK_THEMES, THEME_INDICES } from '../../server/src/market/catalogue';
import { allocationAndHoldings } from '../../server/src/market/seed-data';
import type { CopyValue } from '../../server/src/db/csv';
import { createTestApp, json, type TestApp } from './helpers';

const AS_OF = '2025-03-04';
const PERIODS = ['1w', '1m', '3m', '6m', 'ty', '1y', '2y', '3y', '5y'] as const;
/** The demo market's seed (npm start, config SEED default). */
const DEFAULT_SEED = 1;

interface Market {
  name: string;
  plan: MarketPlan;
  last: number;
  navs: Map<string, NavPoint[]>;
}

function build(name: string, large: boolean): Market {
  const plan = planMarket({ seed: DEFAULT_SEED, asOf: AS_OF, large });
  const navs = new Map<string, NavPoint[]>();
  for (const f of plan.funds) navs.set(f.row.code, simulateFund(plan, f));
  return { name, plan, last: plan.days.length - 1, navs };
}

const closesOf = (m: Market, code: string) => {
  const series = m.plan.indexSeries.get(code);
  assert.ok(series, `index ${code}`);
  return series;
};

/** Trading-day index of a date in the market's window (the last day on or before it). */
function dayIndex(m: Market, date: IsoDate): number {
  return indexOnOrBefore(
    m.plan.days.map((d) => ({ date: d })),
    date,
  );
}

/** Price return of an index between two day indices, percent. */
function indexReturn(m: Market, code: string, from: number, to: number): number {
  const c = closesOf(m, code).closes;
  return ((c[to] as number) / (c[from] as number) - 1) * 100;
}

/** Daily log returns of an index over the last `n` days. */
function dailyReturns(m: Market, code: string, n = 750): number[] {
  const c = closesOf(m, code).closes;
  const out: number[] = [];
  for (let i = Math.max(1, m.last - n + 1); i <= m.last; i += 1) out.push(Math.log((c[i] as number) / (c[i - 1] as number)));
  return out;
}

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i += 1) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** Windows [from, to] over which composites are compared: every period ending on the last day, every calendar
 * year, and rolling windows of 1 week to 2 years starting every 15 trading days. */
function windows(m: Market): [number, number][] {
  const out: [number, number][] = [];
  const lastDate = m.plan.days[m.last] as IsoDate;
  for (const p of PERIODS) {
    const start = dayIndex(m, periodStart(lastDate, p) as IsoDate);
    if (start >= 0) out.push([start, m.last]);
  }
  for (const length of [5, 21, 63, 126, 250, 500]) for (let from = 0; from + length <= m.last; from += 15) out.push([from, from + length]);
  return out;
}

/** The index's total return (price + 1/250 of the published dividend yield each trading day) between day indices. */
function indexTotalReturn(m: Market, code: string, from: number, to: number): number {
  const s = closesOf(m, code);
  let growth = 1;
  for (let i = from + 1; i <= to; i += 1) growth *= (s.closes[i] as number) / (s.closes[i - 1] as number) + (s.yields[i] as number) / 250;
  return growth - 1;
}

const industryOf = (s: { code: string; name: string }) => industryLabel(s.code, s.name);
const isEnhanced = (f: PlannedFund) => /增强/.test(f.row.name);
const yearlyFees = (f: PlannedFund) => (Number(f.row.manage_fee) + Number(f.row.custody_fee) + Number(f.row.sales_service_fee)) / 100;

function coherenceSuite(name: string, large: boolean): void {
  describe(`the ${name} market is coherent`, () => {
    let m: Market;
    before(() => {
      m = build(name, large);
    });

    it('中证800 lies between 沪深300 and 中证500, 中证全指 between its constituents, over every period', () => {
      const pairs: [string, string[]][] = [
        ['SH000906', ['SH000300', 'SH000905']],
        ['SH000985', ['SH000300', 'SH000905', 'SH000852']],
      ];
      let checked = 0;
      for (const [composite, parts] of pairs)
        for (const [from, to] of windows(m)) {
          const r = indexReturn(m, composite, from, to);
          const rs = parts.map((p) => indexReturn(m, p, from, to));
          const where = `${composite} ${m.plan.days[from]}..${m.plan.days[to]}: ${r.toFixed(4)} vs ${rs.map((x) => x.toFixed(4)).join(', ')}`;
          assert.ok(r >= Math.min(...rs) - 0.001 && r <= Math.max(...rs) + 0.001, where);
          checked += 1;
        }
      assert.ok(checked > 500, `${checked} windows`);
    });

    it('上证50 and 中证100 stay close to 沪深300; sector and strategy indices move with the A-share market', () => {
      const csi300 = dailyReturns(m, 'SH000300');
      const lastDate = m.plan.days[m.last] as IsoDate;
      const yearAgo = dayIndex(m, periodStart(lastDate, '1y') as IsoDate);
      for (const code of ['SH000016', 'SH000903']) {
        assert.ok(correlation(dailyReturns(m, code), csi300) > 0.93, `${code} daily returns follow 沪深300`);
        for (const [from, to] of windows(m).filter(([a, b]) => b - a >= 200 && b - a <= 260)) {
          const gap = Math.abs(indexReturn(m, code, from, to) - indexReturn(m, 'SH000300', from, to));
          assert.ok(gap < 20, `${code} vs 沪深300 over a year from ${m.plan.days[from]}: ${gap.toFixed(2)} points apart`);
        }
        const gap = Math.abs(indexReturn(m, code, yearAgo, m.last) - indexReturn(m, 'SH000300', yearAgo, m.last));
        assert.ok(gap < 12, `${code} vs 沪深300 over the last year: ${gap.toFixed(2)} points apart`);
      }
      for (const def of m.plan.indices) {
        const series = closesOf(m, def.code);
        if (series.def.region !== 'CN' || def.category === '债券' || def.code === 'SH000300') continue;
        const rho = correlation(dailyReturns(m, def.code), csi300);
        assert.ok(rho > 0.45, `${def.name} moves with 沪深300 (correlation ${rho.toFixed(2)})`);
      }
    });

    it('overseas indices follow their own markets', () => {
      const hsi = dailyReturns(m, 'HKHSI');
      const spx = dailyReturns(m, 'SP500');
      const csi300 = dailyReturns(m, 'SH000300');
      const hstech = dailyReturns(m, 'HKHSTECH');
      const ndx = dailyReturns(m, 'NDX');
      assert.ok(correlation(hstech, hsi) > 0.7 && correlation(hstech, hsi) > correlation(hstech, csi300) + 0.2, '恒生科技 with 恒生指数');
      assert.ok(correlation(ndx, spx) > 0.8 && correlation(ndx, spx) > correlation(ndx, csi300) + 0.5, '纳斯达克100 with 标普500');
      assert.ok(correlation(hsi, csi300) > 0.2 && correlation(hsi, csi300) < correlation(hsi, hstech), '恒生指数 partly with A shares');
      assert.ok(Math.abs(correlation(spx, csi300)) < 0.2, 'the US market is not the A-share market');
      const bond = dailyReturns(m, 'CBA00101');
      assert.ok(Math.abs(correlation(bond, csi300)) < 0.2, 'the bond index is its own');
    });

    it('an index fund returns its index total return less fees within its tracking error, over every period it lived', () => {
      let checked = 0;
      const lastDate = m.plan.days[m.last] as IsoDate;
      for (const f of m.plan.funds) {
        if (f.model.kind !== 'index' || !f.navStart) continue;
        const points = m.navs.get(f.row.code) as NavPoint[];
        if (points.length < 2) continue;
        const end = dayIndex(m, (points[points.length - 1] as NavPoint).date);
        const offset = dayIndex(m, (points[0] as NavPoint).date);
        const tr = totalReturnIndex(points, false);
        const te = Number(f.row.tracking_error) / 100;
        assert.ok(te > 0 && te < (isEnhanced(f) ? 0.05 : 0.015), `${f.row.code} tracking error ${f.row.tracking_error}`);
        for (const p of [...PERIODS.filter((x) => x !== 'ty'), 'base'] as const) {
          const start = p === 'base' ? offset : dayIndex(m, periodStart(m.plan.days[end] as IsoDate, p) as IsoDate);
          if (start < offset || start >= end) continue;
          const years = (dayNumber(m.plan.days[end] as IsoDate) - dayNumber(m.plan.days[start] as IsoDate)) / 365;
          const fund = (tr[end - offset] as number) / (tr[start - offset] as number) - 1;
          const expected = (1 + indexTotalReturn(m, f.model.indexCode, start, end)) * Math.exp(-yearlyFees(f) * years) - 1;
          // In logs: the miss of a fund whose index tripled is measured on the index's growth, not on 1 yuan.
          const miss = Math.log((1 + fund) / (1 + expected));
          const band = 5 * te * Math.sqrt(Math.max(years, 1 / 250)) + 0.002;
          const upper = band + (isEnhanced(f) ? 0.05 * years : 0);
          assert.ok(
            miss > -band && miss < upper,
            `${f.row.code} ${f.row.name} over ${p} to ${m.plan.days[end]}: ${(fund * 100).toFixed(2)} % vs index ${(expected * 100).toFixed(2)} % after fees (TE ${f.row.tracking_error} %)`,
          );
          checked += 1;
        }
        // Realised tracking error over the last year (or its life) ≈ the stated one.
        const from = Math.max(offset, dayIndex(m, periodStart(lastDate, '1y') as IsoDate));
        if (end - from >= 120) {
          const s = closesOf(m, f.model.indexCode);
          const index = [];
          for (let i = from; i <= end; i += 1) index.push({ date: m.plan.days[i] as IsoDate, close: s.closes[i] as number });
          const realised = Number(trackingErrorPercent(points.slice(from - offset), index)?.value) / 100;
          assert.ok(realised > 0.75 * te && realised < 1.3 * te, `${f.row.code}: realised TE ${realised} vs stated ${te}`);
        }
      }
      assert.ok(checked > (large ? 1000 : 300), `${checked} fund periods checked`);
    });

    it('a C share class returns its A class less its yearly sales service fee', () => {
      const byName = new Map(m.plan.funds.map((f) => [f.row.name, f]));
      let checked = 0;
      for (const c of m.plan.funds) {
        if (c.row.share_class !== 'C' || c.model.kind === 'money') continue;
        const a = byName.get(c.row.name.replace(/C$/, 'A'));
        const pc = m.navs.get(c.row.code) as NavPoint[];
        const pa = m.navs.get(a?.row.code ?? '') as NavPoint[] | undefined;
        if (!a || !pa || pc.length < 60) continue;
        assert.equal(c.row.tracking_error, a.row.tracking_error, `${c.row.code} tracks as its A class`);
        const years = (dayNumber((pc.at(-1) as NavPoint).date) - dayNumber((pc[0] as NavPoint).date)) / 365;
        const gap = Math.log((totalReturnIndex(pc, false).at(-1) as number) / (totalReturnIndex(pa, false).at(-1) as number));
        const fee = Number(c.row.sales_service_fee) / 100;
        assert.ok(
          Math.abs(gap + fee * years) < 0.003 + 0.001 * years,
          `${c.row.code} vs ${a.row.code}: ${gap.toFixed(4)} over ${years.toFixed(1)} years`,
        );
        checked += 1;
      }
      assert.ok(checked > 50, `${checked} C classes`);
    });

    it('every eligible fund has a pension Y class: no purchase or sales-service fee, half the yearly fees, its A class’s return plus the fee saved', () => {
      // Eligible (PRODUCT §10.13, stated here, not read from the generator): an A class on sale that is a 养老目标 FOF
      // or the FOF sample, or a plain index fund of a broad index without a daily purchase limit, founded by AS_OF.
      const broad = new Set([
        'SH000300',
        'SH000905',
        'SH000016',
        'SH000852',
        'SH000688',
        'SZ399006',
        'SZ399001',
        'SH000906',
        'SH000903',
        'SH000985',
      ]);
      const eligible = m.plan.funds.filter(
        (f) =>
          f.row.share_class === 'A' &&
          f.row.sale_status === 'on_sale' &&
          f.row.found_date <= AS_OF &&
          ((f.model.kind === 'fof' && (/养老目标/.test(f.row.name) || f.row.code === FUND_SAMPLES.fof)) ||
            (f.model.kind === 'index' && broad.has(f.model.indexCode) && f.row.daily_purchase_limit_fen === null)),
      );
      const ys = new Map(m.plan.funds.filter((f) => f.row.share_class === 'Y').map((f) => [f.row.name, f]));
      assert.equal(ys.size, eligible.length, 'one Y class per eligible fund, and none for another');
      assert.equal(new Set(m.plan.funds.map((f) => f.row.code)).size, m.plan.funds.length, 'codes stay unique');
      let checked = 0;
      for (const a of eligible) {
        const y = ys.get(a.row.name.replace(/A$/, 'Y'));
        assert.ok(y, `${a.row.code} ${a.row.name} has a Y class`);
        assert.equal(Number(y.row.sales_service_fee), 0, `${y.row.code}: no sales service fee`);
        assert.deepEqual(
          y.fees.filter((r) => r.kind === 'declare').map((r) => Number(r.rate)),
          [0],
          `${y.row.code}: no purchase fee`,
        );
        assert.equal(Number(y.row.manage_fee) * 2, Number(a.row.manage_fee), `${y.row.code}: half the management fee`);
        const custodyRatio = Number(y.row.custody_fee) / Number(a.row.custody_fee);
        assert.ok(custodyRatio >= 0.45 && custodyRatio <= 0.55, `${y.row.code}: about half the custody fee (${custodyRatio})`);
        const py = m.navs.get(y.row.code) as NavPoint[];
        const pa = m.navs.get(a.row.code) as NavPoint[];
        if (py.length < 40) continue;
        // The A class over the Y class's life: from the Y class's first NAV day.
        const from = pa.findIndex((p) => p.date === (py[0] as NavPoint).date);
        assert.ok(from >= 0, `${y.row.code} starts on a NAV day of ${a.row.code}`);
        const paLife = pa.slice(from);
        assert.equal((paLife.at(-1) as NavPoint).date, (py.at(-1) as NavPoint).date);
        const years = (dayNumber((py.at(-1) as NavPoint).date) - dayNumber((py[0] as NavPoint).date)) / 365;
        const gap = Math.log((totalReturnIndex(py, false).at(-1) as number) / (totalReturnIndex(paLife, false).at(-1) as number));
        const saved = yearlyFees(a) - yearlyFees(y);
        assert.ok(saved > 0, `${y.row.code} costs less than ${a.row.code}`);
        assert.ok(
          Math.abs(gap - saved * years) < 0.003 + 0.001 * years,
          `${y.row.code} vs ${a.row.code}: ${gap.toFixed(4)} over ${years.toFixed(2)} years, fee saved ${saved.toFixed(4)}`,
        );
        checked += 1;
      }
      assert.ok(checked >= (large ? 100 : 20), `${checked} Y classes compared with their A class`);
    });

    it('active equity funds have a plausible beta against their benchmark', () => {
      let checked = 0;
      for (const f of m.plan.funds) {
        if (f.model.kind !== 'stock' || !f.navStart) continue;
        const points = m.navs.get(f.row.code) as NavPoint[];
        if (points.length < 120) continue;
        const offset = dayIndex(m, (points[0] as NavPoint).date);
        const s = closesOf(m, f.model.indexCode).closes;
        const x: number[] = [];
        const y: number[] = [];
        for (let k = 1; k < points.length; k += 1) {
          const i = offset + k;
          x.push((s[i] as number) / (s[i - 1] as number) - 1);
          const p = points[k] as NavPoint;
          const q = points[k - 1] as NavPoint;
          y.push((p.nav + Math.max(0, p.accNav - q.accNav - (p.nav - q.nav))) / q.nav - 1);
        }
        const mx = x.reduce((a, b) => a + b, 0) / x.length;
        const my = y.reduce((a, b) => a + b, 0) / y.length;
        let sxy = 0;
        let sxx = 0;
        for (let k = 0; k < x.length; k += 1) {
          sxy += ((x[k] as number) - mx) * ((y[k] as number) - my);
          sxx += ((x[k] as number) - mx) ** 2;
        }
        const beta = sxy / sxx;
        assert.ok(beta > 0.55 && beta < 1.35, `${f.row.code} beta ${beta.toFixed(2)}`);
        assert.ok(correlation(x, y) > 0.6, `${f.row.code} follows its benchmark (${correlation(x, y).toFixed(2)})`);
        checked += 1;
      }
      assert.ok(checked > 20, `${checked} stock funds`);
    });

    it('PE, PB and the valuation percentile move with the price', () => {
      const seed = m.plan.options.seed;
      for (const { def, closes } of m.plan.indexSeries.values()) {
        if (!def.hasValuation) continue;
        const trend = trendLogs(closes);
        const pe = Array.from(
          closes,
          (close, i) => indexValuation(def, seed, m.plan.dayNumbers[i] as number, close, trend[i] as number).pe,
        );
        // Day to day: PE up when the price rises by more than 0.5 %, down when it falls by as much.
        let agree = 0;
        let moves = 0;
        for (let i = Math.max(1, m.last - 500); i <= m.last; i += 1) {
          const r = Math.log((closes[i] as number) / (closes[i - 1] as number));
          if (Math.abs(r) < 0.005) continue;
          moves += 1;
          if (Math.sign(Math.log((pe[i] as number) / (pe[i - 1] as number))) === Math.sign(r)) agree += 1;
        }
        assert.ok(agree >= 0.93 * moves, `${def.name}: PE moved with the price on ${agree} of ${moves} days`);
        // Over a week: after a rise of more than 4 % the PE percentile (of the history so far) is not lower, after
        // such a fall not higher (it may stay at 0 or 1 at a new extreme).
        let weeks = 0;
        let weeksAgree = 0;
        for (let i = Math.max(300, m.last - 500); i <= m.last; i += 5) {
          const r = Math.log((closes[i] as number) / (closes[i - 5] as number));
          if (Math.abs(r) < 0.04) continue;
          const now = percentileOfLast(pe.slice(0, i + 1)) as number;
          const before = percentileOfLast(pe.slice(0, i - 4)) as number;
          weeks += 1;
          if (Math.sign(now - before) !== -Math.sign(r)) weeksAgree += 1;
        }
        assert.ok(
          weeksAgree >= weeks - Math.max(1, 0.05 * weeks),
          `${def.name}: the PE percentile moved with the price in ${weeksAgree} of ${weeks} weeks`,
        );
      }
    });

    it('a fund’s benchmark, name, theme and top holdings agree', () => {
      const indexName = new Map(INDICES.map((d) => [d.code, d]));
      let themed = 0;
      let sectorHolders = 0;
      for (const f of m.plan.funds) {
        const def = indexName.get(f.model.indexCode);
        if (f.model.kind === 'stock') {
          const theme = STOCK_THEMES.find((th) => f.row.name.includes(th));
          const allowed = theme ? THEME_INDICES[theme] : undefined;
          if (allowed) {
            themed += 1;
            assert.ok(allowed.includes(f.model.indexCode), `${f.row.name} benchmarks ${def?.name}, not its theme's index`);
          } else {
            assert.notEqual(def?.category, '行业', `${f.row.name}: a broad theme benchmarked on the sector index ${def?.name}`);
          }
          assert.ok(def && f.row.benchmark.startsWith(def.name), `${f.row.name}: benchmark text ${f.row.benchmark} vs ${def?.name}`);
        }
        if (f.model.kind === 'index')
          assert.ok(def && f.row.name.includes(def.name), `${f.row.name} tracks ${def?.name ?? f.model.indexCode}`);
        const industries = INDEX_INDUSTRIES[f.model.indexCode];
        if (!industries || !['stock', 'index', 'hybrid'].includes(f.model.kind)) continue;
        const holdings: CopyValue[][] = [];
        allocationAndHoldings(m.plan, f, [], holdings, []);
        // Each report's top 10: the sector's companies (all of them when it has fewer than 10).
        const byDate = new Map<string, string[]>();
        for (const row of holdings) byDate.set(String(row[1]), [...(byDate.get(String(row[1])) ?? []), String(row[6])]);
        const sectorSize = m.plan.stocks.filter((st) => industries.includes(industryOf(st))).length;
        for (const [date, labels] of byDate) {
          const inSector = labels.filter((l) => industries.includes(l)).length;
          assert.ok(
            inSector >= Math.min(labels.length, sectorSize),
            `${f.row.name} (${def?.name}) on ${date}: ${inSector} of ${labels.length} holdings in ${industries.join('/')}: ${labels.join(',')}`,
          );
        }
        if (byDate.size > 0) sectorHolders += 1;
      }
      assert.ok(themed > 3, `${themed} themed stock funds checked`);
      assert.ok(sectorHolders > 3, `${sectorHolders} sector funds' holdings checked`);
    });

    it('no fund has a figure for a period it has not lived', () => {
      let young = 0;
      for (const f of m.plan.funds) {
        const points = m.navs.get(f.row.code) as NavPoint[];
        const d = computeDerived(points, f.model.kind === 'money');
        if (!d) continue;
        const first = (points[0] as NavPoint).date;
        for (const p of ['1w', '1m', '3m', '6m', '1y', '2y', '3y', '5y'] as const) {
          const lived: boolean = first <= (periodStart(d.end_date, p) as IsoDate);
          const value: string | null = d[`nav_grl${p}`];
          assert.equal(value === null, !lived, `${f.row.code} founded ${f.row.found_date}, ${p}: ${value}`);
          if (!lived && (p === '3y' || p === '5y')) young += 1;
        }
      }
      assert.ok(young > 10, `${young} young funds' 3y/5y figures checked`);
    });
  });
}

coherenceSuite('default', false);
coherenceSuite('large', true);

describe('the API answers no figure for a period a fund has not lived, and a finished fund stops at its last NAV', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => {
    await t.close();
  });

  interface Derived {
    end_date: string;
    nav_grl3y: string | null;
    nav_grl5y: string | null;
    nav_grl1y: string | null;
    srank_l3y: string | null;
  }

  it('derived, growth, the header tabs and the ranking give null / nothing for 3 and 5 years of a 2-year-old market', async () => {
    const code = FUND_SAMPLES.stock;
    const derived = json<{ data: Derived }>(await t.app.inject({ url: `/djapi/fund/derived/${code}` })).data;
    assert.equal(derived.nav_grl3y, null);
    assert.equal(derived.nav_grl5y, null);
    assert.equal(derived.srank_l3y, null);
    assert.notEqual(derived.nav_grl1y, null, 'a year it lived has its figure');
    for (const day of ['3y', '5y']) {
      const growth = json<{ data: { fund_nav_growth: unknown[] } }>(await t.app.inject({ url: `/djapi/fund/growth/${code}?day=${day}` }));
      assert.deepEqual(growth.data.fund_nav_growth, [], `growth ${day}: no line for a period not lived`);
    }
    const oneYear = json<{ data: { fund_nav_growth: { date: string }[] } }>(
      await t.app.inject({ url: `/djapi/fund/growth/${code}?day=1y` }),
    );
    assert.ok(oneYear.data.fund_nav_growth.length > 200, 'a year it lived has its line');
    const header = json<{ data: { nav_tab_list: { nav_tab_value: string; nav_growth: string | null }[] } }>(
      await t.app.inject({ url: `/djapi/fund/${code}` }),
    );
    for (const tab of header.data.nav_tab_list.filter((x) => x.nav_tab_value === '3y' || x.nav_tab_value === '5y'))
      assert.equal(tab.nav_growth, null, `tab ${tab.nav_tab_value}`);
    const ranking = json<{ data: { items: { yield: string | null }[] } }>(
      await t.app.inject({ url: '/djapi/v3/filter/fund?order_by=3y&size=50' }),
    );
    assert.ok(ranking.data.items.length > 0);
    for (const item of ranking.data.items) assert.equal(item.yield, null, 'no 3-year figure in the ranking');
  });

  it('a delisted or liquidated fund’s figures are computed to its last NAV date', async () => {
    for (const code of [FUND_SAMPLES.closed, FUND_SAMPLES.delisted]) {
      const derived = json<{ data: Derived }>(await t.app.inject({ url: `/djapi/fund/derived/${code}` })).data;
      const history = json<{ data: { items: { date: string }[] } }>(
        await t.app.inject({ url: `/djapi/fund/nav/history/${code}?page=1&size=1` }),
      );
      const lastNav = history.data.items[0]?.date as string;
      assert.equal(derived.end_date, lastNav, `${code}: figures end on the last NAV date`);
      assert.ok(lastNav < addCalendarDays(AS_OF, -100), `${code}: its NAVs stopped months ago (${lastNav})`);
      const growth = json<{ data: { fund_nav_growth: { date: string }[] } }>(
        await t.app.inject({ url: `/djapi/fund/growth/${code}?day=1m` }),
      );
      assert.equal(growth.data.fund_nav_growth.at(-1)?.date, lastNav, 'the chart ends there too');
    }
  });
});
