// An activity as the operator writes it (npm run activity:set, PUT /ops/activities/{id}): its kind, dates, texts in
// both languages and the kind's settings, checked here before anything is stored — pure, no I/O. A wrong field is
// named in the refusal so the operator can fix the file. docs/PRODUCT.md §7.4.
import { couponRateBp } from '../../../src/lib/coupon';

export type ActivityKind = 'lump_sum' | 'competition' | 'reg_coupon';
export const ACTIVITY_KINDS: readonly ActivityKind[] = ['lump_sum', 'competition', 'reg_coupon'];

/** A text in both languages: Chinese is what most readers see, English what an English reader sees. */
export interface BilingualText {
  zh: string;
  en: string;
}

export interface ActivityTexts {
  title: BilingualText;
  subtitle: BilingualText;
  rules: BilingualText[];
}

export interface LumpSumConfig {
  /** The new fund in (or before) its subscription period. */
  fund_code: string;
  /** The smallest booking (fen); the fund's own minimum applies too. */
  min_amount_fen: number;
  /** The largest booking per investor (fen), null for none. */
  max_amount_fen: number | null;
  /** The fund contract's key terms as the brochure prints them. */
  key_terms: BilingualText[];
  /** The selling points of the landing page. */
  highlights: BilingualText[];
}

export interface CompetitionConfig {
  /** Virtual money each participant starts with (fen). */
  initial_fen: number;
  /** The funds a portfolio may hold; empty: every fund on sale with a NAV except money-market funds. */
  fund_codes: string[];
  /** At most this many funds in a portfolio. */
  max_funds: number;
}

export interface RegCouponConfig {
  /** The share of the purchase fee the investor still pays: '0.1' is 1折 (a 90 % discount). */
  fee_rate: string;
  /** The discount is at most this (fen). */
  max_discount_fen: number;
  /** A purchase must be at least this (fen) for the coupon to apply. */
  min_amount_fen: number;
  /** Valid this many days from the claim. */
  valid_days: number;
  /** The funds it applies to (empty: every fund that charges a purchase fee). */
  fund_codes: string[];
}

export type ActivityConfig =
  | { kind: 'lump_sum'; config: LumpSumConfig }
  | { kind: 'competition'; config: CompetitionConfig }
  | { kind: 'reg_coupon'; config: RegCouponConfig };

export type ActivityDefinition = ActivityConfig & {
  id: string;
  texts: ActivityTexts;
  starts_at: Date;
  ends_at: Date;
  status: 'active' | 'withdrawn';
  priority: number;
};

/** A field the operator must fix: its path in the JSON and why. */
export class ActivityConfigError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'ActivityConfigError';
  }
}

export const ACTIVITY_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const FUND_CODE = /^\d{6}$/;
const MAX_TEXT = 2000;
const MAX_ITEMS = 30;

type Raw = Record<string, unknown>;

function object(value: unknown, field: string): Raw {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ActivityConfigError(field, 'must be an object');
  return value as Raw;
}

function text(value: unknown, field: string, { optional = false } = {}): string {
  if (value === undefined && optional) return '';
  if (typeof value !== 'string') throw new ActivityConfigError(field, 'must be a string');
  const trimmed = value.trim();
  if (!optional && trimmed === '') throw new ActivityConfigError(field, 'must not be empty');
  if (trimmed.length > MAX_TEXT) throw new ActivityConfigError(field, `at most ${MAX_TEXT} characters`);
  // NUL and lone surrogates cannot be stored (PostgreSQL text) nor drawn.
  if (/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(trimmed))
    throw new ActivityConfigError(field, 'holds a character that cannot be stored');
  return trimmed;
}

function bilingual(value: unknown, field: string, optional = false): BilingualText {
  if (value === undefined && optional) return { zh: '', en: '' };
  const raw = object(value, field);
  return { zh: text(raw.zh, `${field}.zh`, { optional }), en: text(raw.en, `${field}.en`, { optional }) };
}

function bilingualList(value: unknown, field: string): BilingualText[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ActivityConfigError(field, 'must be a list');
  if (value.length > MAX_ITEMS) throw new ActivityConfigError(field, `at most ${MAX_ITEMS} items`);
  return value.map((item, i) => bilingual(item, `${field}[${i}]`));
}

function fen(value: unknown, field: string, { min = 0, max = 100_000_000_000 } = {}): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new ActivityConfigError(field, 'must be a whole number of fen');
  if (value < min || value > max) throw new ActivityConfigError(field, `must be between ${min} and ${max}`);
  return value;
}

function fundCodes(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((c) => typeof c !== 'string' || !FUND_CODE.test(c)))
    throw new ActivityConfigError(field, 'must be a list of six-digit fund codes');
  if (value.length > 500) throw new ActivityConfigError(field, 'at most 500 funds');
  return [...new Set(value as string[])];
}

function instant(value: unknown, field: string): Date {
  // An ISO 8601 instant with its zone (2026-12-01T00:00:00+08:00): a date alone would be read in the host's zone.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    throw new ActivityConfigError(field, 'must be an ISO 8601 time with its zone, e.g. 2026-12-01T00:00:00+08:00');
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new ActivityConfigError(field, 'is not a real time');
  return at;
}

function lumpSum(raw: Raw): LumpSumConfig {
  const fund_code = text(raw.fund_code, 'config.fund_code');
  if (!FUND_CODE.test(fund_code)) throw new ActivityConfigError('config.fund_code', 'must be a six-digit fund code');
  const min_amount_fen = fen(raw.min_amount_fen ?? 1000, 'config.min_amount_fen', { min: 1 });
  const max_amount_fen =
    raw.max_amount_fen === undefined || raw.max_amount_fen === null ? null : fen(raw.max_amount_fen, 'config.max_amount_fen', { min: 1 });
  if (max_amount_fen !== null && max_amount_fen < min_amount_fen)
    throw new ActivityConfigError('config.max_amount_fen', 'must not be below config.min_amount_fen');
  return {
    fund_code,
    min_amount_fen,
    max_amount_fen,
    key_terms: bilingualList(raw.key_terms, 'config.key_terms'),
    highlights: bilingualList(raw.highlights, 'config.highlights'),
  };
}

function competition(raw: Raw): CompetitionConfig {
  const max_funds = raw.max_funds ?? 10;
  if (typeof max_funds !== 'number' || !Number.isInteger(max_funds) || max_funds < 1 || max_funds > 20)
    throw new ActivityConfigError('config.max_funds', 'must be a whole number from 1 to 20');
  return {
    initial_fen: fen(raw.initial_fen ?? 100_000_000, 'config.initial_fen', { min: 100_000, max: 10_000_000_000 }),
    fund_codes: fundCodes(raw.fund_codes, 'config.fund_codes'),
    max_funds,
  };
}

function regCoupon(raw: Raw): RegCouponConfig {
  const fee_rate = text(raw.fee_rate, 'config.fee_rate');
  if (Number.isNaN(couponRateBp(fee_rate)))
    throw new ActivityConfigError('config.fee_rate', "must be a decimal from 0 to below 1 (e.g. '0.1' for 1折)");
  const valid_days = raw.valid_days ?? 30;
  if (typeof valid_days !== 'number' || !Number.isInteger(valid_days) || valid_days < 1 || valid_days > 366)
    throw new ActivityConfigError('config.valid_days', 'must be a whole number of days from 1 to 366');
  return {
    fee_rate,
    max_discount_fen: fen(raw.max_discount_fen, 'config.max_discount_fen', { min: 1, max: 100_000_000 }),
    min_amount_fen: fen(raw.min_amount_fen ?? 0, 'config.min_amount_fen'),
    valid_days,
    fund_codes: fundCodes(raw.fund_codes, 'config.fund_codes'),
  };
}

/** Reads and checks an operator's activity; throws ActivityConfigError naming the first wrong field. */
export function parseActivity(input: unknown): ActivityDefinition {
  const raw = object(input, 'activity');
  const id = text(raw.id, 'id');
  if (!ACTIVITY_ID_PATTERN.test(id)) throw new ActivityConfigError('id', 'letters, digits, _ and - only (at most 40)');
  const kind = raw.kind;
  if (typeof kind !== 'string' || !ACTIVITY_KINDS.includes(kind as ActivityKind))
    throw new ActivityConfigError('kind', `must be one of ${ACTIVITY_KINDS.join(', ')}`);
  const starts_at = instant(raw.starts_at, 'starts_at');
  const ends_at = instant(raw.ends_at, 'ends_at');
  if (ends_at.getTime() <= starts_at.getTime()) throw new ActivityConfigError('ends_at', 'must be after starts_at');
  const textsRaw = object(raw.texts, 'texts');
  const texts: ActivityTexts = {
    title: bilingual(textsRaw.title, 'texts.title'),
    subtitle: bilingual(textsRaw.subtitle, 'texts.subtitle', true),
    rules: bilingualList(textsRaw.rules, 'texts.rules'),
  };
  const status = raw.status ?? 'active';
  if (status !== 'active' && status !== 'withdrawn') throw new ActivityConfigError('status', "must be 'active' or 'withdrawn'");
  const priority = raw.priority ?? 0;
  if (typeof priority !== 'number' || !Number.isInteger(priority) || Math.abs(priority) > 1_000_000)
    throw new ActivityConfigError('priority', 'must be a whole number');
  const configRaw = object(raw.config, 'config');
  const base = { id, texts, starts_at, ends_at, status, priority } as const;
  switch (kind as ActivityKind) {
    case 'lump_sum':
      return { ...base, kind: 'lump_sum', config: lumpSum(configRaw) };
    case 'competition':
      return { ...base, kind: 'competition', config: competition(configRaw) };
    case 'reg_coupon':
      return { ...base, kind: 'reg_coupon', config: regCoupon(configRaw) };
  }
}

/** Where an activity stands at an instant. */
export type ActivityPhase = 'upcoming' | 'running' | 'ended';

export function activityPhase(activity: { starts_at: Date; ends_at: Date }, now: Date): ActivityPhase {
  if (now.getTime() < activity.starts_at.getTime()) return 'upcoming';
  if (now.getTime() >= activity.ends_at.getTime()) return 'ended';
  return 'running';
}
