// Deterministic fund market generator: same seed and as-of date → the same market, row for row.
// Model (docs/DATA.md): indices are driven by a few common factors (A-share market, size, style, Hong Kong,
// US) plus their own moves, composites (中证800) are buy-and-hold mixes of their constituents; funds follow
// their benchmark index's total return (price + its dividend yield) with a beta, an alpha net of fees, style
// tilts and idiosyncratic noise per type (index funds: β = 1 and their tracking error); money-market funds
// keep NAV 1.0000 and pay a daily income. Daily shocks come from a stateless hash of
// (seed, stream, day), so extending a history later gives the same numbers as generating it at once.
import type { FundCompanyTable, FundManagerTable, FundTable, MarketIndexTable } from '../db/market-types';
import {
  addCalendarDays,
  calendarDaysBetween,
  dayNumber,
  nextTradingDay,
  previousTradingDay,
  tradingDayOnOrAfter,
  tradingDayOnOrBefore,
  tradingDaysInRange,
  type IsoDate,
} from '../domain/calendar';
import {
  BOND_INDEX_CODE,
  BOND_THEMES,
  COLLEGES,
  CUSTODIANS,
  EDUCATIONS,
  FOF_THEMES,
  FUND_COMPANIES,
  GIVEN_CHARS,
  HYBRID_THEMES,
  INDICES,
  MARKET_FACTORS,
  MONEY_THEMES,
  QDII_PRODUCTS,
  STOCK_PREFIXES,
  STOCK_SUFFIXES,
  STOCK_THEMES,
  THEME_INDICES,
  SURNAMES,
  type IndexDefinition,
  type MarketFactor,
} from './catalogue';
import { per10kToUnits, sevenDayYield } from '../../../src/lib/cash-rules';
import { computeDerived, type DerivedReturns, type NavPoint } from './derived';
import { nameInitials } from './initials';
import { hashNormal, hashUniform, Rng, streamId } from './prng';
import { FUND_SAMPLES, LOCK_PERIOD_SAMPLE_DAYS, PURCHASE_LIMITED_DAILY_CAP_FEN } from './samples';
import { indexValuation, trendLogs } from './valuation';

export interface MarketOptions {
  seed: number;
  /** Business date the market is generated for; NAVs run through the previous trading day. */
  asOf: IsoDate;
  /** ~60 funds and 2 years of history, for fast tests. */
  small?: boolean;
  /** ≥ 20,000 share classes with one year of history each, for benchmarks. */
  large?: boolean;
}

export type FundKind = 'stock' | 'hybrid' | 'bond' | 'money' | 'index' | 'qdii' | 'fof';

/** Danjuan filter type codes (verified against public Danjuan clients): see docs/DATA.md. */
export const DANJUAN_TYPE: Record<FundKind, number> = { stock: 1, bond: 2, hybrid: 3, money: 4, index: 5, fof: 6, qdii: 11 };
export const TYPE_DESC: Record<number, string> = { 1: '股票型', 2: '债券型', 3: '混合型', 4: '货币型', 5: '指数型', 6: 'FOF', 11: 'QDII' };

/** Parameters of a fund's daily return model, stored as JSON in fund.nav_model. */
export interface NavModel {
  kind: FundKind;
  stream: number;
  indexCode: string;
  beta: number;
  equityWeight: number;
  alpha: number;
  idioVol: number;
  /** Yearly fee drag of C share classes (sales service fee), as a fraction. */
  feeDrag: number;
  /** Money-market base annual yield, as a fraction. */
  baseYield: number;
  phase: number;
  /** Pays a yearly dividend in December when NAV is high enough. */
  dividends: boolean;
  /** Style tilts of an active fund: loadings on the size and value factors (absent in older markets: 0). */
  size?: number;
  value?: number;
}

export interface FeeRow {
  kind: 'declare' | 'subscribe' | 'withdraw';
  lower: number;
  upper: number | null;
  rate: string | null;
  fixedFen: number | null;
}

export interface PlannedFund {
  row: FundTable;
  model: NavModel;
  fees: FeeRow[];
  /** First and last NAV dates (inclusive); null first = no NAV yet (building period). */
  navStart: IsoDate | null;
  navEnd: IsoDate | null;
  managerIds: { id: string; post: IsoDate; resi: IsoDate | null }[];
}

export interface IndexSeries {
  def: IndexDefinition;
  closes: Float64Array;
  /** The published dividend yield of each day (ratio, 4 decimals as stored; 0 without a valuation). */
  yields: Float64Array;
}

export interface MarketPlan {
  options: MarketOptions;
  /** All trading days of the history window, ascending, and their day numbers. */
  days: IsoDate[];
  dayNumbers: Int32Array;
  companies: FundCompanyTable[];
  managers: FundManagerTable[];
  funds: PlannedFund[];
  indices: MarketIndexTable[];
  indexSeries: Map<string, IndexSeries>;
  stocks: { code: string; name: string }[];
}

const YEAR_DAYS = 365;

function fen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Standard fee tables by kind and share class (rates in percent, discount applied at purchase). */
function feeTable(kind: FundKind, shareClass: string | null, lockDays: number): FeeRow[] {
  const rows: FeeRow[] = [];
  const classC = shareClass === 'C';
  const declare = (r1: string, r2: string, fixed: number) => {
    rows.push({ kind: 'declare', lower: 0, upper: fen(1_000_000), rate: r1, fixedFen: null });
    rows.push({ kind: 'declare', lower: fen(1_000_000), upper: fen(5_000_000), rate: r2, fixedFen: null });
    rows.push({ kind: 'declare', lower: fen(5_000_000), upper: null, rate: null, fixedFen: fen(fixed) });
  };
  const withdraw = (bands: [number, number | null, string][]) => {
    for (const [lower, upper, rate] of bands) rows.push({ kind: 'withdraw', lower, upper, rate, fixedFen: null });
  };
  if (kind === 'money') {
    rows.push({ kind: 'declare', lower: 0, upper: null, rate: '0', fixedFen: null });
    withdraw([[0, null, '0']]);
    return rows;
  }
  if (classC) rows.push({ kind: 'declare', lower: 0, upper: null, rate: '0', fixedFen: null });
  else if (kind === 'bond') declare('0.8', '0.5', 1000);
  else if (kind === 'index') declare('1.2', '0.8', 1000);
  else if (kind === 'fof') declare('1.2', '0.8', 1000);
  else declare('1.5', '1.0', 1000);
  if (lockDays > 0) withdraw([[0, null, '0']]);
  else if (kind === 'bond')
    withdraw(
      classC
        ? [
            [0, 7, '1.5'],
            [7, 30, '0.1'],
            [30, null, '0'],
          ]
        : [
            [0, 7, '1.5'],
            [7, 365, '0.1'],
            [365, null, '0'],
          ],
    );
  else if (classC)
    withdraw([
      [0, 7, '1.5'],
      [7, 30, '0.5'],
      [30, null, '0'],
    ]);
  else if (kind === 'qdii')
    withdraw([
      [0, 7, '1.5'],
      [7, null, '0.5'],
    ]);
  else
    withdraw([
      [0, 7, '1.5'],
      [7, 365, '0.5'],
      [365, 730, '0.25'],
      [730, null, '0'],
    ]);
  return rows;
}

function subscribeTable(): FeeRow[] {
  return [
    { kind: 'subscribe', lower: 0, upper: fen(1_000_000), rate: '1.2', fixedFen: null },
    { kind: 'subscribe', lower: fen(1_000_000), upper: fen(5_000_000), rate: '0.8', fixedFen: null },
    { kind: 'subscribe', lower: fen(5_000_000), upper: null, rate: null, fixedFen: fen(1000) },
  ];
}

const ANNUAL_FEES: Record<FundKind, [manage: string, custody: string]> = {
  stock: ['1.20', '0.20'],
  hybrid: ['1.20', '0.20'],
  bond: ['0.30', '0.10'],
  money: ['0.25', '0.08'],
  index: ['0.50', '0.10'],
  qdii: ['1.50', '0.25'],
  fof: ['0.80', '0.15'],
};
const RISK: Record<FundKind, number> = { money: 1, bond: 2, fof: 3, hybrid: 3, index: 4, stock: 4, qdii: 5 };
const TARGETS: Record<FundKind, [target: string, orientation: string]> = {
  stock: [
    '在严格控制风险的前提下，精选优质上市公司，追求基金资产的长期稳健增值。',
    '自下而上精选个股，重点关注盈利能力强、估值合理的成长型企业。',
  ],
  hybrid: ['通过股票与债券等资产的灵活配置，在控制回撤的基础上追求长期回报。', '根据宏观环境与估值水平动态调整股债比例，兼顾收益与风险。'],
  bond: ['在保持资产流动性的基础上，追求超越业绩比较基准的稳定收益。', '以高等级信用债和利率债为主，控制久期与信用风险。'],
  money: ['在保持低风险和高流动性的前提下，力求获得超过业绩比较基准的收益。', '投资于短期货币市场工具，严格控制组合剩余期限。'],
  index: ['紧密跟踪标的指数，追求跟踪偏离度和跟踪误差最小化。', '采用完全复制法，按照标的指数成份股及其权重构建组合。'],
  qdii: ['投资于境外市场，分享海外经济增长，分散单一市场风险。', '主要投资于境外上市的优质企业或跟踪境外指数。'],
  fof: ['通过投资多只公募基金实现资产配置，追求长期稳健回报。', '结合目标风险与目标日期进行大类资产配置，精选优秀基金。'],
};

/** '芷汀价值精选股票A' → '芷汀价值精选股票型证券投资基金'. */
function fullNameOf(name: string, kind: FundKind): string {
  const stem = name.replace(/[AC]$/, '');
  if (kind === 'money') return `${stem.replace(/货币$/, '')}货币市场基金`;
  if (/(股票|混合|债券)$/.test(stem)) return `${stem}型证券投资基金`;
  return `${stem}证券投资基金`;
}

interface FundSpec {
  code: string;
  kind: FundKind;
  name: string;
  company: readonly [string, string];
  indexCode: string;
  shareClass: string | null;
  foundDate: IsoDate;
  saleStatus: string;
  statusReason?: string;
  lockDays?: number;
  dailyLimitFen?: number | null;
  navEnd?: IsoDate | null;
  subscribe?: { start: IsoDate; end: IsoDate } | null;
  /** The A class of a C class: the same portfolio (model), only the sales service fee differs. */
  parent?: PlannedFund;
}

const FACTOR_STREAMS = Object.fromEntries(
  (Object.keys(MARKET_FACTORS) as MarketFactor[]).map((f) => [f, streamId(`factor:${f}`)]),
) as Record<MarketFactor, number>;

/** The shock of a common factor on `day` (a daily log return, standard deviation MARKET_FACTORS[factor]). */
export function factorShock(seed: number, factor: MarketFactor, day: number): number {
  return MARKET_FACTORS[factor] * hashNormal(seed, FACTOR_STREAMS[factor], day);
}

interface IndexSteps {
  stream: number;
  variance: number;
  loadings: [MarketFactor, number][];
}
const indexSteps = new Map<string, IndexSteps>();

/** An index's own stream, its loadings as a list and the daily variance of its log return (computed once). */
function stepsOf(def: IndexDefinition): IndexSteps {
  let steps = indexSteps.get(def.code);
  if (!steps) {
    const loadings = Object.entries(def.moves.factors) as [MarketFactor, number][];
    let variance = def.moves.ownVol ** 2;
    for (const [f, loading] of loadings) variance += (loading * MARKET_FACTORS[f]) ** 2;
    steps = { stream: streamId(`index:${def.code}`), variance, loadings };
    indexSteps.set(def.code, steps);
  }
  return steps;
}

/**
 * The level of a factor-driven index on `day` from the previous level: a log-normal step, drift − variance / 2 +
 * Σ loading × factor shock + own shock. Not for composites (nextCompositeLevel).
 */
export function nextIndexLevel(def: IndexDefinition, seed: number, day: number, level: number): number {
  const steps = stepsOf(def);
  let logReturn = def.drift - steps.variance / 2 + def.moves.ownVol * hashNormal(seed, steps.stream, day);
  for (const [f, loading] of steps.loadings) logReturn += loading * factorShock(seed, f, day);
  return level * Math.exp(logReturn);
}

/** Σ weight × level / base level of a composite's constituents: the composite moves as this sum does. */
export function compositeSum(def: IndexDefinition, levelOf: (code: string) => number): number {
  let sum = 0;
  for (const [code, weight] of def.moves.composite ?? []) {
    const base = INDICES.find((d) => d.code === code)?.baseLevel ?? 1;
    sum += (weight * levelOf(code)) / base;
  }
  return sum;
}

/**
 * A composite's level from its previous one and its constituents' levels the day before and on the day: a
 * buy-and-hold mix, so over any period its return is a weighted mean of the constituents' returns.
 */
export function nextCompositeLevel(
  def: IndexDefinition,
  level: number,
  before: (code: string) => number,
  after: (code: string) => number,
): number {
  return (level * compositeSum(def, after)) / compositeSum(def, before);
}

/** An index's dividend yield as published (4 decimals) on a day with the given close and trailing mean of logs. */
export function publishedYield(def: IndexDefinition, seed: number, day: number, close: number, trendLog: number): number {
  return def.hasValuation ? Number(indexValuation(def, seed, day, close, trendLog).dividendYield.toFixed(4)) : 0;
}

/**
 * An index's total return of a trading day: the price return plus 1/250 of the day's published dividend yield —
 * what a fund holding the index's stocks earns before fees (spread evenly over trading days, so the dividends do
 * not show as tracking noise around weekends and holidays).
 */
export function totalReturnOfDay(priceReturn: number, dividendYield: number): number {
  return priceReturn + dividendYield / 250;
}

/**
 * A fund's simple return on `day`, given that day's total returns of its index, the bond index and 沪深300.
 * The alpha is net of the fund's yearly management and custody fees; C classes pay their sales service fee too.
 */
export function fundDailyReturn(m: NavModel, seed: number, day: number, rEq: number, rBond: number, rCsi300: number): number {
  const idio = m.idioVol * hashNormal(seed, m.stream, day);
  const style = (m.size ? m.size * factorShock(seed, 'SIZE', day) : 0) + (m.value ? m.value * factorShock(seed, 'VALUE', day) : 0);
  let r: number;
  switch (m.kind) {
    case 'index':
    case 'qdii':
    case 'stock':
      r = m.beta * rEq + m.alpha + style + idio;
      break;
    case 'hybrid':
    case 'fof':
      r = m.equityWeight * (m.beta * rEq + style) + (1 - m.equityWeight) * rBond * 1.2 + m.alpha + idio;
      break;
    default:
      r = rBond * 1.1 + 0.05 * rCsi300 + 0.00004 + idio;
      break;
  }
  return r - m.feeDrag / 250;
}

/**
 * Money-market income per 10,000 shares distributed on trading day `day`, accruing for `accrualDays` calendar days:
 * the day itself and the closed days after it (a Friday's distribution covers Saturday and Sunday, the last day
 * before a holiday the holiday). docs/PRODUCT.md §10.17.
 */
export function moneyMarketDay(m: NavModel, seed: number, day: number, accrualDays: number): { income: number } {
  const annual = Math.max(0.004, m.baseYield + 0.004 * Math.sin(day / 240 + m.phase) + 0.0004 * hashNormal(seed, m.stream, day));
  return { income: Math.round((annual / 365) * 10_000 * accrualDays * 10_000) / 10_000 };
}

/** Calendar days a distribution on trading day `date` covers: up to the day before the next trading day. */
export function accrualDaysOf(date: IsoDate): number {
  return dayNumber(nextTradingDay(date)) - dayNumber(date);
}

/**
 * The 7-day annualised yield (percent, 3 decimals) of the distribution on `date`, by the compounding formula over
 * the distributions of the 7 calendar days ending on it (src/lib/cash-rules.ts sevenDayYield). `history` holds the
 * fund's earlier distributions, oldest first, the day's own included last.
 */
export function sevenDayYieldOn(date: IsoDate, history: ReadonlyArray<{ date: string; incomePer10k?: number | null }>): number | null {
  const from = addCalendarDays(date, -6);
  const window: number[] = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const p = history[i] as { date: string; incomePer10k?: number | null };
    if (p.date > date) continue;
    if (p.date < from) break;
    if (p.incomePer10k != null) window.push(per10kToUnits(p.incomePer10k.toFixed(4)));
  }
  const text = sevenDayYield(window);
  return text === null ? null : Number(text);
}

/** Yearly dividend per share, paid two trading days before the year ends when NAV is well above par; 0 otherwise. */
export function dividendOn(m: NavModel, date: IsoDate, twoTradingDaysLater: IsoDate | undefined, nav: number): number {
  if (!m.dividends || date.slice(5, 7) !== '12' || twoTradingDaysLater?.slice(5, 7) !== '01' || nav <= 1.15) return 0;
  return Math.round((nav - 1) * 0.3 * 100) / 100;
}

/** Builds the whole plan (catalogue and models) in memory; NAV rows are produced later, fund by fund. */
export function planMarket(options: MarketOptions): MarketPlan {
  const rng = new Rng(options.seed);
  const seed = options.seed;
  const end = previousTradingDay(options.asOf);
  const historyYears = options.small ? 2 : 10;
  const historyStart = tradingDayOnOrAfter(`${Number(end.slice(0, 4)) - historyYears}${end.slice(4)}`.replace('-02-29', '-02-28'));
  const days = tradingDaysInRange(historyStart, end);
  const dayNumbers = Int32Array.from(days, dayNumber);

  // Indices: one series over the whole window; factor-driven ones first, then the composites of them.
  const indexSeries = new Map<string, IndexSeries>();
  const ordered = [...INDICES.filter((d) => !d.moves.composite), ...INDICES.filter((d) => d.moves.composite)];
  for (const def of ordered) {
    const closes = new Float64Array(days.length);
    const stream = streamId(`index:${def.code}`);
    const constituent = (code: string, i: number) => (indexSeries.get(code) as IndexSeries).closes[i] as number;
    let level = def.moves.composite
      ? def.baseLevel * compositeSum(def, (code) => constituent(code, 0))
      : def.baseLevel * (0.85 + 0.3 * hashUniform(seed, stream, 0));
    for (let i = 0; i < days.length; i += 1) {
      if (i > 0) {
        level = def.moves.composite
          ? nextCompositeLevel(
              def,
              level,
              (code) => constituent(code, i - 1),
              (code) => constituent(code, i),
            )
          : nextIndexLevel(def, seed, dayNumbers[i] as number, level);
      }
      // Rounded as stored, so extending the series later from the database continues it exactly.
      level = Math.round(level * 10_000) / 10_000;
      closes[i] = level;
    }
    const trend = trendLogs(closes);
    const yields = Float64Array.from(closes, (close, i) => publishedYield(def, seed, dayNumbers[i] as number, close, trend[i] as number));
    indexSeries.set(def.code, { def, closes, yields });
  }
  const indices: MarketIndexTable[] = INDICES.map((def) => ({
    code: def.code,
    name: def.name,
    name_initials: nameInitials(def.name),
    category: def.category,
    region: def.region,
    base_date: historyStart,
    has_valuation: def.hasValuation,
    description: def.description,
  }));

  const companies: FundCompanyTable[] = FUND_COMPANIES.map(([code, name]) => ({
    code,
    name: `${name}基金`,
    full_name: `${name}基金管理有限公司`,
  }));

  // Fictional listed companies held by funds.
  const stocks: { code: string; name: string }[] = [];
  const usedStockNames = new Set<string>();
  const boards = [600000, 601000, 603000, 1, 2000, 300000, 688000];
  while (stocks.length < 240) {
    const name = rng.pick(STOCK_PREFIXES) + rng.pick(STOCK_SUFFIXES);
    if (usedStockNames.has(name)) continue;
    usedStockNames.add(name);
    stocks.push({ code: String(rng.pick(boards) + rng.int(1, 899)).padStart(6, '0'), name });
  }

  const managers: FundManagerTable[] = [];
  const managersByCompany = new Map<string, string[]>();
  const newManager = (companyCode: string): string => {
    const id = String(10_000_000 + managers.length * 7 + 3);
    const name = rng.pick(SURNAMES) + rng.pick(GIVEN_CHARS) + (rng.chance(0.7) ? rng.pick(GIVEN_CHARS) : '');
    const careerYears = rng.int(3, 22);
    const college = rng.pick(COLLEGES);
    const education = rng.pick(EDUCATIONS);
    const company = companies.find((c) => c.code === companyCode)?.name ?? '';
    managers.push({
      id,
      name,
      company_code: companyCode,
      college,
      education,
      resume: `${name}，${college}${education}，${careerYears}年证券从业经历。曾任${company}研究员、投资经理，现任${company}基金经理。`,
      career_start: addCalendarDays(options.asOf, -careerYears * YEAR_DAYS - rng.int(0, 300)),
    });
    const list = managersByCompany.get(companyCode) ?? [];
    list.push(id);
    managersByCompany.set(companyCode, list);
    return id;
  };
  for (const [code] of FUND_COMPANIES) for (let i = 0; i < (options.small ? 2 : 6); i += 1) newManager(code);

  const funds: PlannedFund[] = [];
  const cnEquityIndices = INDICES.filter((d) => d.region === 'CN' && d.hasValuation);
  const broad = INDICES.filter((d) => d.category === '宽基');
  const earliestFound = days[0] as IsoDate;
  const latestFound = addCalendarDays(end, -90);
  const randomFoundDate = (): IsoDate => {
    const span = calendarDaysBetween(earliestFound, latestFound);
    // Skew towards younger funds, as in the real market: most funds were launched in recent years.
    const age = Math.floor(span * Math.pow(rng.next(), 1.6));
    return tradingDayOnOrAfter(addCalendarDays(latestFound, -age));
  };

  const addFund = (spec: FundSpec): PlannedFund => {
    const kind = spec.kind;
    const type = DANJUAN_TYPE[kind];
    const stream = spec.parent?.model.stream ?? streamId(`fund:${spec.code}`);
    const def = indexSeries.get(spec.indexCode)?.def;
    const equityWeight =
      kind === 'hybrid' ? rng.between(0.35, 0.8) : kind === 'fof' ? 0.35 : kind === 'bond' ? 0.05 : kind === 'money' ? 0 : 1;
    // An index tracker (index funds, QDII index funds) follows its index with β = 1: its alpha is its yearly fees
    // (an enhanced one adds 1–5 % a year), its noise its tracking error. Extra draws come from hashes of the
    // fund's stream, so the catalogue's sequence of choices (codes, names) stays that of earlier markets.
    const tracker = kind === 'index' || (kind === 'qdii' && /指数/.test(spec.name));
    const enhanced = tracker && /增强/.test(spec.name);
    const yearlyFee = (Number(ANNUAL_FEES[kind][0]) + Number(ANNUAL_FEES[kind][1])) / 100;
    const draw = (salt: number) => hashUniform(seed, stream, 0, 40 + salt);
    const active = kind === 'stock' || kind === 'hybrid' || (kind === 'qdii' && !tracker);
    const beta = kind === 'index' ? 1 : kind === 'qdii' ? rng.between(0.9, 1.05) : rng.between(0.8, 1.1);
    const skill = kind === 'index' || kind === 'money' ? 0 : rng.between(-0.0001, 0.00028);
    const noise =
      kind === 'index'
        ? rng.between(0, 1)
        : kind === 'bond'
          ? 0.0006
          : kind === 'money'
            ? 0
            : kind === 'fof'
              ? 0.0015
              : rng.between(0.002, 0.005);
    const drawn: NavModel = {
      kind,
      stream,
      indexCode: spec.indexCode,
      beta: tracker ? 1 : beta,
      equityWeight,
      alpha:
        kind === 'money'
          ? 0
          : tracker
            ? (-yearlyFee + (enhanced ? 0.01 + 0.04 * draw(0) : 0)) / 250
            : kind === 'bond'
              ? 0
              : skill - yearlyFee / 250,
      // Index funds: tracking error 0.3–1.4 % a year (enhanced 1.9–4.4 %); QDII index funds 1.0–2.2 %.
      idioVol:
        kind === 'index' ? (enhanced ? 0.0012 + 0.0016 * noise : 0.0002 + 0.0007 * noise) : tracker ? 0.0006 + 0.0008 * draw(1) : noise,
      size: active ? -0.4 + draw(2) : undefined,
      value: active ? -0.6 + 1.2 * draw(3) : undefined,
      feeDrag: spec.shareClass === 'C' ? (kind === 'bond' ? 0.003 : 0.004) : 0,
      baseYield: kind === 'money' ? rng.between(0.013, 0.022) : 0,
      phase: rng.next() * Math.PI * 2,
      dividends: (kind === 'bond' || kind === 'stock' || kind === 'hybrid') && rng.chance(0.3),
    };
    // A C class is the A class's portfolio: the same model (returns, tracking error, equity weight, dividends),
    // less its sales service fee. (Its own draws above are still made, so later choices stay where they were.)
    const model: NavModel = spec.parent ? { ...spec.parent.model, feeDrag: drawn.feeDrag } : drawn;
    const companyCode = spec.company[0];
    const managerPool = managersByCompany.get(companyCode) ?? [newManager(companyCode)];
    const postCount = rng.chance(0.25) ? 2 : 1;
    const managerIds: PlannedFund['managerIds'] = [];
    for (let i = 0; i < postCount; i += 1) {
      const id = rng.pick(managerPool);
      if (managerIds.some((m) => m.id === id)) continue;
      const post = i === 0 ? spec.foundDate : tradingDayOnOrAfter(addCalendarDays(spec.foundDate, rng.int(100, 900)));
      managerIds.push({ id, post: post > end ? spec.foundDate : post, resi: null });
    }
    if (rng.chance(0.3)) {
      const former = rng.pick(managerPool);
      if (!managerIds.some((m) => m.id === former)) {
        const resi = tradingDayOnOrAfter(addCalendarDays(spec.foundDate, rng.int(60, 400)));
        if (resi < end) managerIds.push({ id: former, post: spec.foundDate, resi });
      }
    }
    const lockDays = spec.lockDays ?? 0;
    const [manage, custody] = ANNUAL_FEES[kind];
    const benchmarkName = def?.name ?? '沪深300';
    const benchmark =
      kind === 'money'
        ? '七天通知存款利率(税后)'
        : kind === 'bond'
          ? '中债综合指数收益率*90%+沪深300指数收益率*10%'
          : kind === 'hybrid' || kind === 'fof'
            ? `${benchmarkName}指数收益率*${Math.round(model.equityWeight * 100)}%+中债综合指数收益率*${100 - Math.round(model.equityWeight * 100)}%`
            : kind === 'qdii'
              ? `${benchmarkName}指数收益率(经汇率调整)*95%+人民币活期存款利率(税后)*5%`
              : `${benchmarkName}指数收益率*95%+银行活期存款利率(税后)*5%`;
    const scaleYuan = kind === 'money' ? rng.between(2e9, 8e10) : kind === 'bond' ? rng.between(3e8, 2e10) : rng.between(5e7, 1.2e10);
    const navStart = spec.foundDate > end ? null : spec.foundDate < (days[0] as IsoDate) ? (days[0] as IsoDate) : spec.foundDate;
    const row: FundTable = {
      code: spec.code,
      name: spec.name,
      full_name: fullNameOf(spec.name, kind),
      name_initials: nameInitials(spec.name),
      type,
      type_desc: TYPE_DESC[type] as string,
      share_class: spec.shareClass,
      company_code: companyCode,
      custodian: rng.pick(CUSTODIANS),
      risk_level: RISK[kind],
      found_date: spec.foundDate,
      sale_status: spec.saleStatus,
      status_reason: spec.statusReason ?? '',
      subscribe_start: spec.subscribe?.start ?? null,
      subscribe_end: spec.subscribe?.end ?? null,
      lock_days: lockDays,
      daily_purchase_limit_fen: spec.dailyLimitFen ?? null,
      min_purchase_fen: kind === 'money' ? fen(0.01) : fen(10),
      buy_confirm_days: kind === 'qdii' ? 2 : 1,
      sale_arrive_days: kind === 'money' ? 1 : kind === 'bond' ? 2 : kind === 'qdii' ? 7 : 4,
      benchmark,
      benchmark_index_code: kind === 'money' ? null : kind === 'bond' ? BOND_INDEX_CODE : spec.indexCode,
      benchmark_equity_weight: (kind === 'money'
        ? 0
        : kind === 'bond'
          ? 0.1
          : kind === 'hybrid' || kind === 'fof'
            ? model.equityWeight
            : 0.95
      ).toFixed(4),
      tracked_index_code: kind === 'index' ? spec.indexCode : null,
      tracking_error: kind === 'index' ? (model.idioVol * Math.sqrt(250) * 100).toFixed(4) : null,
      total_share: (scaleYuan / 1.2).toFixed(2),
      total_asset: scaleYuan.toFixed(2),
      manage_fee: manage,
      custody_fee: custody,
      sales_service_fee: spec.shareClass === 'C' ? (kind === 'bond' ? '0.30' : '0.40') : kind === 'money' ? '0.25' : '0.00',
      declare_discount: spec.shareClass === 'C' || kind === 'money' ? '1.0000' : rng.chance(0.85) ? '0.1000' : '0.5000',
      invest_target: TARGETS[kind][0],
      invest_orientation: TARGETS[kind][1],
      nav_model: JSON.stringify(model),
    };
    const fees = feeTable(kind, spec.shareClass, lockDays);
    if (spec.saleStatus === 'building') fees.push(...subscribeTable());
    const planned: PlannedFund = { row, model, fees, navStart, navEnd: navStart ? (spec.navEnd ?? end) : null, managerIds };
    funds.push(planned);
    return planned;
  };

  // --- The fixed samples of docs/PRODUCT.md §2 ---------------------------------------------------
  const zhiting = FUND_COMPANIES[0] as readonly [string, string];
  const yuanchuan = FUND_COMPANIES[1] as readonly [string, string];
  const ago = (years: number) => tradingDayOnOrAfter(addCalendarDays(end, -Math.round(years * YEAR_DAYS)));
  const clampFound = (years: number) => (options.small ? ago(Math.min(years, 1.8)) : ago(years));
  const firstOpen = tradingDayOnOrAfter(addCalendarDays(options.asOf, 20));
  addFund({
    code: FUND_SAMPLES.notOnSale,
    kind: 'hybrid',
    name: '芷汀远见回报混合A',
    company: zhiting,
    indexCode: 'SH000300',
    shareClass: 'A',
    foundDate: clampFound(3),
    saleStatus: 'not_on_sale',
    statusReason: '该基金暂未开放申购',
  });
  addFund({
    code: FUND_SAMPLES.building,
    kind: 'stock',
    name: '远川新兴产业股票A',
    company: yuanchuan,
    indexCode: 'SH000905',
    shareClass: 'A',
    foundDate: firstOpen,
    saleStatus: 'building',
    statusReason: '新发基金募集中',
    subscribe: {
      start: tradingDayOnOrBefore(addCalendarDays(options.asOf, -5)),
      end: tradingDayOnOrBefore(addCalendarDays(options.asOf, 14)),
    },
  });
  addFund({
    code: FUND_SAMPLES.moneyMarket,
    kind: 'money',
    name: '芷汀添利货币A',
    company: zhiting,
    indexCode: BOND_INDEX_CODE,
    shareClass: 'A',
    foundDate: clampFound(8),
    saleStatus: 'on_sale',
  });
  addFund({
    code: FUND_SAMPLES.bond,
    kind: 'bond',
    name: '远川稳健增利债券A',
    company: yuanchuan,
    indexCode: BOND_INDEX_CODE,
    shareClass: 'A',
    foundDate: clampFound(6),
    saleStatus: 'on_sale',
  });
  addFund({
    code: FUND_SAMPLES.stock,
    kind: 'stock',
    name: '芷汀价值精选股票A',
    company: zhiting,
    indexCode: 'SH000300',
    shareClass: 'A',
    foundDate: clampFound(7),
    saleStatus: 'on_sale',
  });
  addFund({
    code: FUND_SAMPLES.fof,
    kind: 'fof',
    name: '远川多元配置混合(FOF)A',
    company: yuanchuan,
    indexCode: 'SH000300',
    shareClass: 'A',
    foundDate: clampFound(4),
    saleStatus: 'on_sale',
  });
  addFund({
    code: FUND_SAMPLES.hybridConversion,
    kind: 'hybrid',
    name: '芷汀均衡成长混合A',
    company: zhiting,
    indexCode: 'SH000906',
    shareClass: 'A',
    foundDate: clampFound(5),
    saleStatus: 'conversion',
    statusReason: '基金转型中：由芷汀均衡成长股票转型为混合型基金，投资范围与业绩比较基准相应调整',
  });
  addFund({
    code: FUND_SAMPLES.qdiiHk,
    kind: 'qdii',
    name: '远川恒生指数(QDII)A',
    company: yuanchuan,
    indexCode: 'HKHSI',
    shareClass: 'A',
    foundDate: clampFound(6),
    saleStatus: 'on_sale',
  });
  addFund({
    code: FUND_SAMPLES.lockPeriod,
    kind: 'hybrid',
    name: '芷汀稳健配置一年持有期混合A',
    company: zhiting,
    indexCode: 'SH000300',
    shareClass: 'A',
    foundDate: clampFound(3),
    saleStatus: 'on_sale',
    lockDays: LOCK_PERIOD_SAMPLE_DAYS,
    statusReason: '每笔份额持有满1年后方可赎回',
  });
  addFund({
    code: FUND_SAMPLES.tradingSuspended,
    kind: 'stock',
    name: '远川科技先锋股票A',
    company: yuanchuan,
    indexCode: 'CSIH30184',
    shareClass: 'A',
    foundDate: clampFound(4),
    saleStatus: 'trading_suspended',
    statusReason: '基金暂停申购与赎回',
  });
  addFund({
    code: FUND_SAMPLES.purchaseSuspended,
    kind: 'bond',
    name: '芷汀信用增强债券A',
    company: zhiting,
    indexCode: BOND_INDEX_CODE,
    shareClass: 'A',
    foundDate: clampFound(5),
    saleStatus: 'purchase_suspended',
    statusReason: '基金暂停申购，赎回业务正常办理',
  });
  addFund({
    code: FUND_SAMPLES.closed,
    kind: 'hybrid',
    name: '远川行业轮动混合A',
    company: yuanchuan,
    indexCode: 'SH000905',
    shareClass: 'A',
    foundDate: clampFound(4),
    saleStatus: 'closed',
    statusReason: '基金已终止（清盘），不再办理申购与赎回',
    navEnd: ago(0.4),
  });
  addFund({
    code: FUND_SAMPLES.delisted,
    kind: 'index',
    name: '芷汀中证传媒指数A',
    company: zhiting,
    indexCode: 'SZ399971',
    shareClass: 'A',
    foundDate: clampFound(5),
    saleStatus: 'delisted',
    statusReason: '基金已终止上市',
    navEnd: ago(0.8),
  });
  addFund({
    code: FUND_SAMPLES.purchaseLimited,
    kind: 'index',
    name: '远川沪深300指数增强A',
    company: yuanchuan,
    indexCode: 'SH000300',
    shareClass: 'A',
    foundDate: clampFound(6),
    saleStatus: 'on_sale',
    dailyLimitFen: PURCHASE_LIMITED_DAILY_CAP_FEN,
    statusReason: '大额申购限制：单日单个账户累计申购上限1,000元',
  });
  addFund({
    code: FUND_SAMPLES.xjb,
    kind: 'money',
    name: '芷汀现金宝货币A',
    company: zhiting,
    indexCode: BOND_INDEX_CODE,
    shareClass: 'A',
    foundDate: clampFound(9),
    saleStatus: 'on_sale',
  });

  // --- The rest of the market ---------------------------------------------------------------
  const target = options.large ? 20_000 : options.small ? 60 : 1_000;
  const kinds: [FundKind, number][] = [
    ['stock', 0.17],
    ['hybrid', 0.3],
    ['bond', 0.2],
    ['index', 0.17],
    ['money', 0.07],
    ['qdii', 0.05],
    ['fof', 0.04],
  ];
  let codeNumber = 1_000;
  const nextCode = (): string => {
    codeNumber += rng.int(1, options.large ? 3 : 9);
    if (codeNumber >= 9_000 && codeNumber < 9_100) codeNumber = 9_100 + rng.int(0, 9);
    return String(codeNumber).padStart(6, '0');
  };
  const usedNames = new Set(funds.map((f) => f.row.name));
  while (funds.length < target) {
    let roll = rng.next();
    let kind: FundKind = 'hybrid';
    for (const [k, w] of kinds) {
      if (roll < w) {
        kind = k;
        break;
      }
      roll -= w;
    }
    const company = rng.pick(FUND_COMPANIES);
    let indexCode: string = BOND_INDEX_CODE;
    let base: string;
    switch (kind) {
      case 'stock': {
        const drawn = rng.pick(cnEquityIndices);
        const theme = rng.pick(STOCK_THEMES);
        // The benchmark agrees with the theme (the draws above stay as they were, so the market's names and codes do).
        indexCode = themeBenchmark(theme, drawn.code, drawn.category, broad);
        base = `${theme}股票`;
        break;
      }
      case 'hybrid':
        indexCode = rng.pick(broad).code;
        base = `${rng.pick(HYBRID_THEMES)}混合`;
        break;
      case 'bond':
        base = `${rng.pick(BOND_THEMES)}债券`;
        break;
      case 'money':
        base = rng.pick(MONEY_THEMES);
        break;
      case 'index': {
        const def = rng.pick(cnEquityIndices);
        indexCode = def.code;
        base = `${def.name}${rng.chance(0.3) ? 'ETF联接' : '指数'}${rng.chance(0.2) ? '增强' : ''}`;
        break;
      }
      case 'qdii': {
        const [code, name] = rng.pick(QDII_PRODUCTS);
        indexCode = code;
        base = name;
        break;
      }
      case 'fof':
        indexCode = 'SH000300';
        base = rng.pick(FOF_THEMES);
        break;
    }
    const lockMatch = /(一年|三年|五年|三个月)持有期/.exec(base);
    const lockDays = lockMatch
      ? (({ 一年: 365, 三年: 1095, 五年: 1825, 三个月: 90 } as Record<string, number>)[lockMatch[1] as string] ?? 0)
      : 0;
    let stem = `${company[1]}${base}`;
    for (let n = 2; usedNames.has(`${stem}A`); n += 1) {
      const numbered = base.replace(/(股票|混合|债券|货币|指数|ETF联接|\(QDII\))/, `${n}号$1`);
      stem = `${company[1]}${numbered === base ? `${base}${n}号` : numbered}`;
    }
    const foundDate = options.large ? tradingDayOnOrAfter(addCalendarDays(end, -rng.int(90, 360))) : randomFoundDate();
    const withC = kind !== 'money' && kind !== 'fof' && lockDays === 0 && rng.chance(options.large ? 0.9 : kind === 'stock' ? 0.3 : 0.5);
    const parent = addFund({
      code: nextCode(),
      kind,
      name: `${stem}A`,
      company,
      indexCode,
      shareClass: 'A',
      foundDate,
      saleStatus: 'on_sale',
      lockDays,
    });
    usedNames.add(`${stem}A`);
    if (withC && funds.length < target) {
      addFund({
        code: nextCode(),
        kind,
        name: `${stem}C`,
        company,
        indexCode,
        shareClass: 'C',
        foundDate,
        saleStatus: 'on_sale',
        parent,
      });
      usedNames.add(`${stem}C`);
    }
  }

  addPensionClasses(funds, addFund, end);

  return { options, days, dayNumbers, companies, managers, funds, indices, indexSeries, stocks };
}

/**
 * Y share classes of the personal pension (个人养老金, docs/PRODUCT.md §10.13; CSRC 公告〔2022〕46号): one for
 * each eligible fund of the market — the FOF sample, the 养老目标 FOFs, then the plain broad-index funds, each in
 * code order — the first PENSION_Y_BLOCK of them coded 009050–009099 (the reserved 0090xx range, which the
 * catalogue's sequence skips), the others after the catalogue's last code (pensionYCode). A Y class has the A class's portfolio (its model), no purchase fee, no sales
 * service fee, half its management and custody fees — so its daily return is the A class's plus the fee
 * difference — and starts at 1.0000 on its launch: 2022-11-18 for FOFs, 2024-12-12 for index funds (or the A
 * class's founding if later). Added after every other fund and drawing after every other choice, so the rest of
 * the market is what it was without them; the read views list them only in the pension zone (market-cache).
 */
export const PENSION_Y_FIRST_CODE = 9_050;
/** Y classes coded in the reserved block 009050–009099; the rest follow the catalogue's last code. */
export const PENSION_Y_BLOCK = 50;

/** The code of the n-th Y class (from 0): in the reserved block, then one after another past `lastCode`. */
export function pensionYCode(n: number, lastCode: number): string {
  const code =
    n < PENSION_Y_BLOCK ? PENSION_Y_FIRST_CODE + n : Math.max(lastCode, PENSION_Y_FIRST_CODE + PENSION_Y_BLOCK) + 1 + (n - PENSION_Y_BLOCK);
  return String(code).padStart(6, '0');
}
const PENSION_BROAD_INDICES = new Set([
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

export function isPensionEligible(f: PlannedFund): boolean {
  if (f.row.share_class !== 'A' || f.row.sale_status !== 'on_sale') return false;
  if (f.model.kind === 'fof') return /养老目标/.test(f.row.name) || f.row.code === FUND_SAMPLES.fof;
  return f.model.kind === 'index' && PENSION_BROAD_INDICES.has(f.model.indexCode) && f.row.daily_purchase_limit_fen === null;
}

function addPensionClasses(funds: PlannedFund[], addFund: (spec: FundSpec) => PlannedFund, end: IsoDate): void {
  // The FOF sample first (every market has it), then the 养老目标 FOFs, then the index funds, each in code order.
  const rank = (f: PlannedFund) => (f.row.code === FUND_SAMPLES.fof ? 0 : f.model.kind === 'fof' ? 1 : 2);
  const eligible = funds.filter(isPensionEligible).sort((a, b) => rank(a) - rank(b) || (a.row.code < b.row.code ? -1 : 1));
  // The catalogue's last code (before any Y class): the Y classes past the reserved block follow it.
  const lastCode = funds.reduce((max, f) => Math.max(max, Number(f.row.code)), 0);
  let n = 0;
  for (const parent of eligible) {
    const kind = parent.model.kind;
    const launch: IsoDate = tradingDayOnOrAfter(kind === 'fof' ? '2022-11-18' : '2024-12-12');
    const foundDate = parent.row.found_date > launch ? parent.row.found_date : launch;
    if (foundDate > end) continue;
    const [manage, custody] = ANNUAL_FEES[kind];
    const halfManage = (Number(manage) / 2).toFixed(2);
    const halfCustody = (Number(custody) / 2).toFixed(3).replace(/0$/, '');
    const saved = (Number(manage) + Number(custody) - Number(halfManage) - Number(halfCustody)) / 100;
    const y = addFund({
      code: pensionYCode(n, lastCode),
      kind,
      name: parent.row.name.replace(/A$/, 'Y'),
      company: [parent.row.company_code, ''],
      indexCode: parent.model.indexCode,
      shareClass: 'Y',
      foundDate,
      saleStatus: 'on_sale',
      lockDays: parent.row.lock_days,
      parent,
    });
    n += 1;
    // Y classes distribute (reinvested by default in the pension account): a December dividend when the NAV allows.
    y.model = { ...parent.model, feeDrag: -saved, dividends: true };
    y.row.nav_model = JSON.stringify(y.model);
    y.row.manage_fee = halfManage;
    y.row.custody_fee = halfCustody;
    y.row.sales_service_fee = '0.00';
    y.row.declare_discount = '1.0000';
    y.row.min_purchase_fen = fen(1);
    y.row.total_share = (Number(parent.row.total_share) / 50).toFixed(2);
    y.row.total_asset = (Number(parent.row.total_asset) / 50).toFixed(2);
    y.row.full_name = parent.row.full_name;
    y.row.benchmark = parent.row.benchmark;
    y.row.benchmark_equity_weight = parent.row.benchmark_equity_weight;
    y.row.tracking_error = parent.row.tracking_error;
    y.row.status_reason = '个人养老金Y类份额：仅可使用个人养老金资金账户申购';
    // No purchase fee; redemptions as the A class.
    y.fees = [{ kind: 'declare', lower: 0, upper: null, rate: '0', fixedFen: null }, ...parent.fees.filter((r) => r.kind === 'withdraw')];
    // The managers are the A class's current ones, from the Y class's launch (their pages list it only on its own).
    y.managerIds = parent.managerIds.filter((m) => m.resi === null).map((m) => ({ id: m.id, post: foundDate, resi: null }));
  }
}

/** Daily total return of an index on day i of the window (price return + accrued dividend yield; 0 on the first day). */
function indexReturn(series: IndexSeries | undefined, i: number): number {
  if (!series || i <= 0) return 0;
  return totalReturnOfDay((series.closes[i] as number) / (series.closes[i - 1] as number) - 1, series.yields[i] as number);
}

/** Simulates one fund's NAV history over the plan window. */
export function simulateFund(plan: MarketPlan, fund: PlannedFund): NavPoint[] {
  if (!fund.navStart || !fund.navEnd) return [];
  const { days } = plan;
  const seed = plan.options.seed;
  const m = fund.model;
  const first = days.indexOf(fund.navStart);
  let last = days.indexOf(fund.navEnd);
  if (first < 0) return [];
  if (last < 0) last = days.length - 1;
  const equity = plan.indexSeries.get(m.indexCode);
  const bond = plan.indexSeries.get(BOND_INDEX_CODE);
  const csi300 = plan.indexSeries.get('SH000300');
  const points: NavPoint[] = [];
  let nav = 1;
  let acc = 1;
  for (let i = first; i <= last; i += 1) {
    const date = days[i] as IsoDate;
    const day = plan.dayNumbers[i] as number;
    if (m.kind === 'money') {
      const { income } = moneyMarketDay(m, seed, day, accrualDaysOf(date));
      const point: NavPoint = { date, nav: 1, accNav: 1, incomePer10k: income };
      points.push(point);
      point.yield7d = sevenDayYieldOn(date, points);
      continue;
    }
    if (i > first) {
      const r = fundDailyReturn(m, seed, day, indexReturn(equity, i), indexReturn(bond, i), indexReturn(csi300, i));
      const prevNav = nav;
      nav = Math.max(0.05, Math.round(prevNav * (1 + r) * 10_000) / 10_000);
      acc = Math.round((acc + (nav - prevNav)) * 10_000) / 10_000;
      const dividend = dividendOn(m, date, days[i + 2], nav);
      if (dividend > 0) nav = Math.round((nav - dividend) * 10_000) / 10_000;
    }
    points.push({ date, nav, accNav: acc });
  }
  return points;
}

/** Dividends are visible as accumulated NAV rising more than unit NAV. */
export function dividendsOf(points: readonly NavPoint[]): { date: IsoDate; perShare: string }[] {
  const out: { date: IsoDate; perShare: string }[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const p = points[i] as NavPoint;
    const q = points[i - 1] as NavPoint;
    const d = Math.round((p.accNav - q.accNav - (p.nav - q.nav)) * 10_000) / 10_000;
    if (d > 0.00005) out.push({ date: p.date, perShare: d.toFixed(4) });
  }
  return out;
}

export function derivedOf(fund: PlannedFund, points: readonly NavPoint[]): DerivedReturns | null {
  return computeDerived(points, fund.model.kind === 'money');
}

// ---- What the fund pages show of reports and community: generated here, stored (0014), read as stored ----------

/** Daily stock quote of a listed company held by funds (stored in stock_quote): generated from the stock code and the
 * trading day (the same stock shows the same price in every fund's holdings on a day). */
export function stockQuote(code: string, date: IsoDate): { current_price: number; change_percentage: number } {
  const stream = streamId(`stock:${code}`);
  const day = dayNumber(date);
  // A level between 3 and 200 CNY, drifting within ±30 % over months, and the day's change within the limit.
  const level = 3 * (200 / 3) ** hashUniform(0x51c0, stream, 0);
  const drift = Math.exp(0.3 * Math.sin(day / 47 + hashUniform(0x51c0, stream, 1) * 6.28));
  const limit = /^(300|301|688)/.test(code) ? 20 : 10;
  const change = Math.max(-limit, Math.min(limit, hashNormal(0x51c0, stream, day) * 1.8));
  const previous = Math.round(level * drift * 100) / 100;
  const current = Math.max(0.01, Math.round(previous * (1 + change / 100) * 100) / 100);
  return { current_price: current, change_percentage: Number(((current / previous - 1) * 100).toFixed(2)) };
}

/**
 * A stock fund's benchmark index for its theme: one of the theme's sector indices (THEME_INDICES), the drawn one when
 * it is among them; a broad theme keeps a drawn 宽基 or 策略 index and trades a drawn sector index for a broad one.
 */
export function themeBenchmark(theme: string, drawn: string, category: string, broad: readonly { code: string }[]): string {
  const allowed = THEME_INDICES[theme];
  const pick = <T>(list: readonly T[]) => list[streamId(`benchmark:${theme}:${drawn}`) % list.length] as T;
  if (allowed) return allowed.includes(drawn) ? drawn : pick(allowed);
  return category === '行业' ? pick(broad).code : drawn;
}

/** Shenwan level-1 industry of a (fictional) listed company, from the business its name says. */
const INDUSTRY_BY_SUFFIX: Record<string, string> = {
  科技: '计算机',
  制药: '医药生物',
  电子: '电子',
  能源: '电力设备',
  食品: '食品饮料',
  医疗: '医药生物',
  智能: '机械设备',
  材料: '基础化工',
  银行: '银行',
  证券: '非银金融',
  传媒: '传媒',
  汽车: '汽车',
  化工: '基础化工',
  电气: '电力设备',
  酒业: '食品饮料',
  物流: '交通运输',
  半导体: '电子',
  通信: '通信',
  装备: '国防军工',
};
const GENERAL_INDUSTRIES = ['建筑装饰', '公用事业', '家用电器', '轻工制造', '商贸零售', '有色金属', '建筑材料', '纺织服饰'] as const;

export function industryLabel(code: string, name: string): string {
  // An energy company mines coal or makes power equipment (coal funds hold the former).
  if (name.endsWith('能源')) return streamId(`industry:${code}`) % 2 === 0 ? '煤炭' : '电力设备';
  for (const [suffix, industry] of Object.entries(INDUSTRY_BY_SUFFIX)) if (name.endsWith(suffix)) return industry;
  return GENERAL_INDUSTRIES[streamId(`industry:${code}`) % GENERAL_INDUSTRIES.length] as string;
}

/** Fixed-income securities a fund's bond holdings are drawn from (exchange code, name): government and policy-bank
 * bonds, and bonds of the market's fictional companies. */
export const BOND_ISSUES: [string, string][] = [
  ['019658', '21国债10'],
  ['019702', '23国债09'],
  ['019733', '24国债02'],
  ['019741', '24国债10'],
  ['210210', '21国开10'],
  ['220205', '22国开05'],
  ['230208', '23国开08'],
  ['240203', '24国开03'],
  ['220308', '22进出08'],
  ['230312', '23进出12'],
  ['210411', '21农发11'],
  ['230405', '23农发05'],
  // Credit and convertible bonds of the market's fictional companies.
  ['113052', '嘉禾转债'],
  ['127045', '恒远转债'],
  ['110059', '金桥转债'],
  ['185432', '22宏图K1'],
  ['188890', '21长青03'],
];

/** The bond rows of a report: up to five issues (seeded by fund and report date) sharing part of bond_percent. */
export function bondRows(fundCode: string, reportDate: string, bondPercent: number) {
  if (!(bondPercent > 0)) return [];
  const stream = streamId(`bonds:${fundCode}:${reportDate}`);
  const count = Math.min(5, Math.max(1, Math.round(bondPercent / 12)));
  const chosen = new Set<number>();
  const rows: { name: string; code: string; percent: number }[] = [];
  let share = bondPercent * (count === 1 ? 1 : 0.3 + 0.1 * hashUniform(0xb0d, stream, 0));
  for (let i = 0; chosen.size < count; i += 1) {
    let k = Math.floor(hashUniform(0xb0d, stream, i + 1) * BOND_ISSUES.length);
    while (chosen.has(k)) k = (k + 1) % BOND_ISSUES.length;
    chosen.add(k);
    const [code, name] = BOND_ISSUES[k] as [string, string];
    rows.push({ name, code, percent: Math.max(0.01, Math.floor(share * 100) / 100) });
    share *= 0.55 + 0.3 * hashUniform(0xb0d, stream, i + 100);
  }
  return rows;
}

/** Subscription period of a fund: its own, or for a fund founded before our records the usual one — raised for two to
 * four weeks, founded a few days after the end (seeded by code). Stored as fund.ipo_start / ipo_end. */
export function ipoPeriodOf(f: { code: string; found_date: string; subscribe_start: string | null; subscribe_end: string | null }): {
  start: IsoDate;
  end: IsoDate;
} {
  if (f.subscribe_start && f.subscribe_end) return { start: f.subscribe_start as IsoDate, end: f.subscribe_end as IsoDate };
  const stream = streamId(`ipo:${f.code}`);
  const end = addCalendarDays(f.found_date as IsoDate, -(3 + Math.floor(hashUniform(0x1b0, stream, 0) * 5)));
  const start = addCalendarDays(end, -(14 + Math.floor(hashUniform(0x1b0, stream, 1) * 15)));
  return { start, end };
}

/** Followers and posts of the fund's community page, from its size and code (the market has no users). Stored in fund. */
export function communityCountsOf(f: { code: string; total_asset: string }): { follower_count: number; status_count: number } {
  const stream = streamId(`community:${f.code}`);
  const sizeYi = Math.max(0.01, Number(f.total_asset) / 1e8);
  const followers = Math.round(300 * sizeYi ** 0.8 * (0.5 + hashUniform(0xc0, stream, 0)));
  return { follower_count: followers, status_count: Math.round(followers * (0.03 + 0.05 * hashUniform(0xc0, stream, 1))) };
}
