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

export default fp(
  async (fastify) => {
    fastify.addHook('preValidation', async (request) => {
      const contexts = [...nulContexts(request.params), ...nulContexts(request.query), ...nulContexts(request.body)];
      if (contexts.length === 0) return;
      const items: ApiErrorItem[] = [...new Set(contexts)].map((context) => ({ code: 'VALUE_NOT_VALID', context }));
      throw new ApiError(400, items);
    });
  },
  { name: 'api-nul-guard' },
);
