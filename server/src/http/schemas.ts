import { Type, type TUnsafe } from '@sinclair/typebox';

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
