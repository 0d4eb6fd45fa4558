import fp from 'fastify-plugin';
import { ApiError, type ApiErrorItem } from '../../lib/errors';

// Text PostgreSQL cannot store, refused in one place before validation, so no handler ever meets it:
// - a NUL character (U+0000): a query carrying one fails with "invalid byte sequence for encoding UTF8: 0x00";
// - an unpaired UTF-16 surrogate (U+D800–U+DFFF without its other half, `"x\ud800"` in JSON): it has no UTF-8
//   form, so written into jsonb it fails ("Unicode low surrogate must follow a high surrogate") and into text
//   it silently becomes U+FFFD (the stored value is not what was sent).
// No field of this API may hold either. Every /api request is checked: path parameters, the query string and the
// JSON body, values and keys at any depth. An offending field answers 400 VALUE_NOT_VALID with its dotted context
// (`slug`, `firstName`, `address.street`, `pagination.pageSize`), like the schema errors.

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Can PostgreSQL store this string as it is? (no NUL, no unpaired surrogate). `isWellFormed` (ES2024, Node 20) is
 * the engine's own check: 5 to 6 times faster than a regular expression on every string of every request.
 */
export function isStorableText(value: string): boolean {
  return !value.includes(NUL) && (value as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The key as a context: its unstorable characters removed. */
const keyContext = (key: string) => key.replaceAll(NUL, '').replace(LONE_SURROGATES, '');

type Pending = { value: unknown; path: string[] };

/** Dotted contexts of every string (or key) PostgreSQL cannot store. Iterative: a deeply nested body cannot overflow the stack. */
export function unstorableContexts(value: unknown, limit = 20): string[] {
  const found = new Set<string>();
  const stack: Pending[] = [{ value, path: [] }];
  let visited = 0;
  while (stack.length && found.size < limit && visited < 200_000) {
    const { value: current, path } = stack.pop()!;
    visited++;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.add(path.join('.'));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, String(i)] });
    } else if (current && typeof current === 'object') {
      for (const key of Object.keys(current).reverse()) {
        if (!isStorableText(key)) {
          found.add([...path, keyContext(key)].join('.'));
          continue;
        }
        stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return [...found];
}

/**
 * Does any string or key hold unstorable text? The same walk as unstorableContexts without building paths: what
 * every request pays (a GET's params and query are a few short strings); the contexts are built only for a request
 * that fails.
 */
export function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (!value || typeof value !== 'object') return false;
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length && visited < 200_000) {
    const current = stack.pop();
    visited++;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return true;
    } else if (Array.isArray(current)) {
      // In unstorableContexts' order, so both stop at the same place on a huge body.
      for (let i = current.length - 1; i >= 0; i--) stack.push(current[i]);
    } else if (current && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        if (!isStorableText(keys[i])) return true;
        stack.push((current as Record<string, unknown>)[keys[i]]);
      }
    }
  }
  return false;
}

export default fp(
  async (fastify) => {
    // Synchronous: no promise per request (the API's fixed cost per request).
    fastify.addHook('preValidation', (request, _reply, done) => {
      if (!holdsUnstorable(request.params) && !holdsUnstorable(request.query) && !holdsUnstorable(request.body)) {
        done();
        return;
      }
      const contexts = [...unstorableContexts(request.params), ...unstorableContexts(request.query), ...unstorableContexts(request.body)];
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
