// What the server's log may hold (docs/SECURITY.md "Logs"): method, path and status of a request, and of an error
// its type, code and where it happened — never a query string, a body, a header, a cookie, a client address, SQL
// parameters or an error message that can quote input. buildApp (app.ts) installs these serializers on every logger.
import { pathOf } from './request-url';

/** Most of a stack is enough to find the code; the first line (the message) is not kept. */
const MAX_FRAMES = 12;
const MAX_MESSAGE = 300;

function framesOf(stack: unknown): string[] | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  return frames.length > 0 ? frames.slice(0, MAX_FRAMES) : undefined;
}

/** Errors of the database drivers carry the statement, its parameters and the values in `detail`. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return ['severity', 'query', 'params', 'detail', 'where', 'internalQuery'].some((field) => field in error);
}

/**
 * Whether an error's message may be logged: not for database errors ("invalid input syntax for type bigint:
 * \"Infinity\"" quotes the parameter), SyntaxErrors (JSON.parse and BigInt quote their input) and Node's argument
 * errors ("Received '13800000000'").
 */
function messageIsSafe(error: Error & Record<string, unknown>): boolean {
  if (isDatabaseError(error) || error instanceof SyntaxError) return false;
  const code = typeof error.code === 'string' ? error.code : '';
  return !code.startsWith('ERR_INVALID_ARG') && !code.startsWith('ERR_INVALID_URL');
}

/** A loggable description of anything thrown: type, code, safe message, stack frames, cause. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error };
  const fields = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: error.constructor?.name || error.name || 'Error' };
  if (typeof fields.code === 'string' && /^[A-Za-z0-9_.-]{1,48}$/.test(fields.code)) out.code = fields.code;
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  if (isDatabaseError(fields)) {
    // Schema names only: which routine, table, column or constraint — never the values.
    for (const key of ['routine', 'table', 'column', 'constraint'] as const) {
      if (typeof fields[key] === 'string') out[key] = fields[key];
    }
  } else if (messageIsSafe(fields)) {
    out.message = error.message.slice(0, MAX_MESSAGE);
  }
  const stack = framesOf(error.stack);
  if (stack) out.stack = stack;
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  id?: unknown;
}

/** pino serializers for Fastify's request, reply and error log fields. */
export const safeLogSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, path: pathOf(String(request.url ?? '')).slice(0, 200) }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
  err: (error: unknown) => safeError(error),
};

/** The logger option of buildApp with our serializers installed (they win over any given ones). */
export function withSafeSerializers(logger: boolean | object | undefined): boolean | object {
  if (!logger) return false;
  const options = logger === true ? {} : (logger as { serializers?: Record<string, unknown> });
  return { ...options, serializers: { ...options.serializers, ...safeLogSerializers } };
}
