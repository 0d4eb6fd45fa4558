// A fake `fetch` for the HTTP client (src/api/http.ts calls `fetch(url, { method, headers, body })`): each call is
// recorded and answered by the most recently registered matching handler, in the envelope of docs/api.md.
import type { ApiError } from '../../../src/api/types';

export interface RecordedCall {
  method: string;
  /** path below the base URL, without the query */
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  data?: unknown;
  errors?: ApiError[];
}

export type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer> | undefined;

export function envelopeResponse({ status = 200, data = null, errors = [] }: FakeAnswer): Response {
  return new Response(JSON.stringify({ data, errors, status }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function createFakeFetch(baseURL = '/api') {
  const calls: RecordedCall[] = [];
  const handlers: Array<{ method: string; path: string | RegExp; handle: Handler }> = [];

  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    const pathname = url.split('?')[0].replace(baseURL, '') || '/';
    let body: unknown = undefined;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: RecordedCall = { method: (init.method ?? 'GET').toUpperCase(), path: pathname, url, headers, body };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    for (const h of handlers) {
      const pathOk = typeof h.path === 'string' ? h.path === pathname : h.path.test(pathname);
      if (h.method === call.method && pathOk) {
        const answer = await h.handle(call);
        if (answer) return envelopeResponse(answer);
      }
    }
    return envelopeResponse({ status: 404, errors: [{ code: 'ROUTE_NOT_FOUND', context: '', message: `no fake for ${call.method} ${pathname}` }] });
  }) as typeof fetch;

  return {
    fetchImpl,
    calls,
    /** a later handler for the same call takes precedence over an earlier one */
    on(method: string, path: string | RegExp, handle: Handler) {
      handlers.unshift({ method, path, handle });
      return this;
    },
    callsTo(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

/** A promise with its resolver, for answers the test releases when it wants. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
