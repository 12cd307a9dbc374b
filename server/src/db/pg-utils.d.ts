// pg's own rendering of a parameter's value as text (arrays as array literals, dates with their offset): what it
// sends for a parameter, which db/database.ts inlined() writes as a literal instead.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
