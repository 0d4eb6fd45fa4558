import fp from 'fastify-plugin';
import { ApiError, type ApiErrorItem } from '../../lib/errors';

// PostgreSQL cannot store or compare a NUL character (U+0000) in text: a query carrying one fails with
// "invalid byte sequence for encoding UTF8: 0x00". No field of this API may hold one, so every /api request is
// checked here, in one place, before validation: path parameters, the query string and the JSON body, values
// and keys at any depth. An offending field answers 400 VALUE_NOT_VALID with its dotted context (`slug`,
// `firstName`, `address.street`, `pagination.pageSize`), like the schema errors.

const NUL = '\u0000';

type Pending = { value: unknown; path: string[] };

/** Dotted contexts of every string (or key) holding a NUL. Iterative: a deeply nested body cannot overflow the stack. */
export function nulContexts(value: unknown, limit = 20): string[] {
  const found = new Set<string>();
  const stack: Pending[] = [{ value, path: [] }];
  let visited = 0;
  while (stack.length && found.size < limit && visited < 200_000) {
    const { value: current, path } = stack.pop()!;
    visited++;
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.add(path.join('.'));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, String(i)] });
    } else if (current && typeof current === 'object') {
      for (const key of Object.keys(current).reverse()) {
        if (key.includes(NUL)) {
          found.add([...path, key.replaceAll(NUL, '')].join('.'));
          continue;
        }
        stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return [...found];
}

/**
 * Does any string or key hold a NUL? The same walk as nulContexts without building paths: what every request pays
 * (a GET's params and query are a few short strings); the contexts are built only for a request that fails.
 */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (!value || typeof value !== 'object') return false;
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length && visited < 200_000) {
    const current = stack.pop();
    visited++;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      // In nulContexts' order, so both stop at the same place on a huge body.
      for (let i = current.length - 1; i >= 0; i--) stack.push(current[i]);
    } else if (current && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        if (keys[i].includes(NUL)) return true;
        stack.push((current as Record<string, unknown>)[keys[i]]);
      }
    }
  }
  return false;
}

export default fp(
  async (fastify) => {
    // Synchronous: no promise per request (issue 11, the API's fixed cost per request).
    fastify.addHook('preValidation', (request, _reply, done) => {
      if (!holdsNul(request.params) && !holdsNul(request.query) && !holdsNul(request.body)) {
        done();
        return;
      }
      const contexts = [...nulContexts(request.params), ...nulContexts(request.query), ...nulContexts(request.body)];
      if (contexts.length === 0) {
        done();
        return;
      }
      const items: ApiErrorItem[] = [...new Set(contexts)].map((context) => ({ code: 'VALUE_NOT_VALID', context }));
      done(new ApiError(400, items));
    });
  },
  { name: 'api-nul-guard' },
);
