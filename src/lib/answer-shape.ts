// The answer-shape check of the money screens' typed calls (features/*/api.ts): an answer without the fields a
// screen reads is a failed call — `MalformedAnswerError`, shown as an error box with a retry — never a crash deep in
// a render. Usage: `get<T>(url).then(checked('buy quote', { fd_code: 'string', fee_table: 'array' }))`.

/** An answer without the shape a screen needs is a failed call (error box with retry), never a crash. */
export class MalformedAnswerError extends Error {
  constructor(what: string) {
    super(`malformed answer: ${what}`);
    this.name = 'MalformedAnswerError';
  }
}

/** The fields a screen reads, each with the kind it must have. */
export type Shape = Record<string, 'string' | 'number' | 'boolean' | 'array' | 'object'>;

/** True when `data` is an object whose every field of `shape` has its kind (arrays and objects: non-null). */
export function hasShape(data: unknown, shape: Shape): boolean {
  if (!data || typeof data !== 'object') return false;
  const record = data as Record<string, unknown>;
  return Object.entries(shape).every(([key, kind]) =>
    kind === 'array'
      ? Array.isArray(record[key])
      : kind === 'object'
        ? !!record[key] && typeof record[key] === 'object'
        : typeof record[key] === kind,
  );
}

/**
 * A `.then` step passing the answer on when it has `shape` (and `more` holds), else throwing
 * `MalformedAnswerError(what)`.
 */
export function checked<T>(what: string, shape: Shape, more: (data: T) => boolean = () => true): (data: T) => T {
  return (data) => {
    if (!hasShape(data, shape) || !more(data)) throw new MalformedAnswerError(what);
    return data;
  };
}

/**
 * An answer without one of the fields a screen reads is a failure (the screen's error box), never a crash on a
 * missing field: `get(…).then(requiredFields(['items']))`.
 */
export function requiredFields<T>(keys: readonly string[]): (answer: T) => T {
  return (answer) => {
    const record = answer as unknown as Record<string, unknown> | null;
    const missing = keys.filter((key) => record === null || typeof record !== 'object' || record[key] === undefined);
    if (missing.length > 0) throw new MalformedAnswerError(`no ${missing.join(', ')}`);
    return answer;
  };
}
