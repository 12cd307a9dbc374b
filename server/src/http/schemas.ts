import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { EnvelopeOf, ErrorEnvelope } from './envelope';

/** Shared TypeBox pieces for route schemas. */

/** A short identifier-ish string (config keys, app keys). */
export const ConfigKey = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'letters, digits, _ . - (max 64)' });

/** An absolute http(s) URL of one of our pages. */
export const PageUrl = Type.String({ minLength: 8, maxLength: 2048, pattern: '^https?://[^\\s]+$', description: 'absolute http(s) URL' });

/** Mainland mobile number, 11 digits (docs/PRODUCT.md §5). */
export const Telephone = Type.String({ pattern: '^1\\d{10}$' });

/** A string from a fixed list; validation errors list the allowed values. */
export function StringEnum<const T extends readonly string[]>(values: T, description?: string): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
}

/** Decimal values travel as strings ('1.2345'), never as JSON numbers. */
export const Decimal = Type.String({ description: 'decimal string' });
export const NullableDecimal = Type.Union([Decimal, Type.Null()]);
export const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A six-digit fund code. */
export const FundCode = Type.String({ pattern: '^\\d{6}$', description: 'six-digit fund code, e.g. 009005' });

/** An index code as Danjuan writes it (upper case is not required: lookups upper-case it). */
export const IndexCode = Type.String({
  pattern: '^[A-Za-z0-9]{2,12}$',
  description: 'index code as Danjuan writes it, e.g. SH000300, SZ399006, HKHSI, NDX',
});

const READ_ERRORS = { 400: ErrorEnvelope, 404: ErrorEnvelope };

/**
 * Schemas of read calls answering `data` in the envelope, refused with 400 (a bad parameter) or 404 (an unknown
 * code), grouped under `tag` in the OpenAPI page: `const schemaFor = readSchemas('fund')`, then
 * `schemaFor(summary, data, { params, querystring })`.
 */
export function readSchemas(tag: string) {
  return <D extends TSchema, E extends { params?: TSchema; querystring?: TSchema }>(summary: string, data: D, extra?: E) => ({
    tags: [tag],
    summary,
    ...(extra as E),
    response: { 200: EnvelopeOf(data), ...READ_ERRORS },
  });
}

// The money routes' fields (trading, cash, auto-invest).
export const MoneyAmount = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$', description: 'yuan, up to 2 decimals' });
export const RequestId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'made by the client once per purchase intent' });
export const EncryptedPassword = Type.String({
  minLength: 1,
  maxLength: 1024,
  description: 'RSA-encrypted trade password (as /djapi/account/trade-password/verify)',
});
export const PageNumber = Type.String({ pattern: '^[1-9]\\d{0,4}$' });
