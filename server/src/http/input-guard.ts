// One rule for every route's validated input, in the validator itself (buildApp passes this ajv plugin to Fastify):
// after a schema accepts the query, params or body, its values must be storable (domain/storable.ts) — no
// NUL or unpaired surrogate in any text or key, no number that is not finite or not exact. Type coercion is what
// makes the second needed: ajv coerces the query text "Infinity" (or "1e309") to the number Infinity, which passes
// `type: integer` and skips `minimum`/`maximum`; here it becomes the same 400001 "invalid parameter" as any other
// bad value, naming the field. A new route gets the rule without doing anything.
import { findUnstorable, UNSTORABLE_REASON } from '../domain/storable';

interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

type Validate = ((data: unknown, ...rest: unknown[]) => unknown) & { errors?: unknown; $async?: boolean };

/** The part of an ajv instance this plugin touches (ajv itself is Fastify's, not a dependency of ours). */
interface AjvInstance {
  compile(schema: never): unknown;
}

/** ajv plugin: every compiled validator also refuses unstorable values. */
export function storableInput<A extends AjvInstance>(ajv: A): A {
  const instance = ajv as unknown as { compile: (schema: unknown) => Validate };
  const compile = instance.compile.bind(instance);
  instance.compile = (schema: unknown): Validate => {
    const validate = compile(schema);
    if (validate.$async) return validate; // no async schemas here; left as they are
    const guarded: Validate = (data, ...rest) => {
      if (!validate(data, ...rest)) {
        guarded.errors = validate.errors;
        return false;
      }
      const found = findUnstorable(data);
      if (!found) {
        guarded.errors = null;
        return true;
      }
      const error: ValidationError = {
        instancePath: found.path,
        schemaPath: '#',
        keyword: 'storable',
        params: {},
        message: UNSTORABLE_REASON[found.reason],
      };
      guarded.errors = [error];
      return false;
    };
    return Object.assign(guarded, { schema: (validate as { schema?: unknown }).schema });
  };
  return ajv;
}
