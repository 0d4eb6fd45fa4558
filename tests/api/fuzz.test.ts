import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT, DEMO, describeEachDatabase, type TokenPair } from './helpers';
import { buildAppWithRoutes, type RouteInfo } from './route-table';

// A bounded, reproducible fuzz run over EVERY route the app registers (collected at run time, so new
// routes are covered without touching this file), with malformed, oversized, NUL, unicode, prototype-pollution
// and wrong-type inputs, anonymous and with investor and operator tokens. It fails on any 5xx (a 503
// MAINTENANCE switched on by a fuzzed operator call excepted) and on any /api answer outside the envelope.
//
//   FUZZ_SEED=123 FUZZ_REQUESTS=5000 FUZZ_SECONDS=120 npx vitest run --project api tests/api/fuzz.test.ts
// A failure prints the seed and the exact request, so it can be replayed.

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_808);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 40);

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

const STRINGS = [
  '', ' ', 'a', '0', '1', '-1', '1.5', '1e309', 'NaN', 'null', 'true', 'undefined', '[]', '{}',
  '\u0000', 'a\u0000b', '\u0000\u0000', 'ąęśćżźół ĄĘŚ', '𝕏✓🙂👨‍👩‍👧', '\u202egnp.exe', '\ud800', '\udfff\ud800', '\uffff', '\u2028\u2029',
  '<script>alert(1)</script>', "' OR 1=1 --", '"; drop table users; --', '../../../etc/passwd', '%00', '%ZZ', '%',
  'investor@example.com', 'operator@example.com', 'x@y', 'Secret123', '99999999999999999999999', '2147483648', '-9223372036854775809',
  '2024-13-45', '1970-01-01T00:00:00Z', 'PL61109010140000071219812874', '00000000-0000-0000-0000-000000000000',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
];

function randomString(r: Rng): string {
  const roll = r.int(10);
  if (roll < 6) return r.pick(STRINGS);
  if (roll < 8) return r.pick(STRINGS).repeat(1 + r.int(300));
  if (roll < 9) return 'x'.repeat(r.pick([101, 201, 256, 513, 1025, 5000, 70_000]));
  return Array.from({ length: 1 + r.int(40) }, () => String.fromCharCode(r.int(0x3000))).join('');
}

function randomValue(r: Rng, depth = 0): unknown {
  const roll = r.int(depth > 3 ? 6 : 10);
  switch (roll) {
    case 0:
    case 1:
    case 2:
      return randomString(r);
    case 3:
      return r.pick([0, -1, 1, 1.5, -0.0001, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 42]);
    case 4:
      return r.pick([true, false, null]);
    case 5:
      return r.pick([[], {}, [null], [[]]]);
    case 6:
    case 7:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default:
      return randomObject(r, [], depth + 1);
  }
}

function randomObject(r: Rng, keys: string[], depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const pool = [...keys, ...keys, 'id', 'email', 'password', 'firstName', 'address', 'page', 'quantity', 'x'];
  for (let i = r.int(6); i > 0; i--) {
    // Own properties named like the prototype's (defineProperty: `object['__proto__'] = …` would set the prototype).
    const key = r.chance(0.08) ? r.pick(['__proto__', 'constructor', 'prototype']) : r.pick(pool);
    Object.defineProperty(object, key, { value: randomValue(r, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return object;
}

function randomBody(r: Rng, route: RouteInfo): { payload?: string; contentType?: string } {
  const roll = r.int(20);
  if (roll < 2) return {};
  if (roll < 3) return { payload: r.pick(['{', '[1,', '{"a":}', 'nul', '"\\u0000"', '{"a":"\\ud800"}', '\u0000']), contentType: 'application/json' };
  if (roll < 4) return { payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' };
  if (roll < 5) return { payload: '['.repeat(3000) + ']'.repeat(3000), contentType: 'application/json' };
  if (roll < 6) return { payload: 'a=1&b=2', contentType: r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1']) };
  if (roll < 7) return { payload: JSON.stringify(randomValue(r)), contentType: 'application/json' };
  if (roll < 8 && r.chance(0.2)) return { payload: JSON.stringify({ x: 'y'.repeat(1_100_000) }), contentType: 'application/json' };
  return { payload: JSON.stringify(randomObject(r, route.bodyKeys)), contentType: 'application/json' };
}

/** encodeURIComponent refuses lone surrogates: those are sent as the raw escape of their replacement. */
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

function randomPath(r: Rng, route: RouteInfo): string {
  return route.url
    .replace(/:(\w+)/g, () => {
      const roll = r.int(10);
      if (roll < 3) return String(r.pick([1, 2, 0, -1, 999_999, 2 ** 31]));
      if (roll < 4) return r.pick(['%ZZ', '%00', 'a%00b', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(600)]);
      if (roll < 5) return r.pick(['osiedle-nad-wisla', 'willa-zakopane', 'contact', 'regulamin']);
      return encode(randomString(r).slice(0, 300));
    })
    .replace(/\*$/, () => encode(randomString(r).slice(0, 100)));
}

function randomQuery(r: Rng, route: RouteInfo): string {
  if (r.chance(0.4)) return '';
  const keys = [...route.queryKeys, 'pagination[page]', 'pagination[pageSize]', 'previewToken', 'filters[x]', '__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b][c][d][e][f][g]', 'a[]', 'a[0]'];
  const parts: string[] = [];
  for (let i = 1 + r.int(4); i > 0; i--) {
    const value = r.chance(0.2) ? r.pick(['%ZZ', '%00', '']) : encode(randomString(r).slice(0, 500));
    parts.push(`${encodeURIComponent(r.pick(keys)).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${value}`);
  }
  return `?${parts.join('&')}`;
}

function assertAnswer(res: LightMyRequestResponse, route: RouteInfo, request: InjectOptions, seed: number, n: number) {
  const where = `seed ${seed}, request #${n}: ${request.method} ${request.url} ${JSON.stringify(request.headers)} body=${String(request.payload ?? '').slice(0, 300)}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
  const isApi = String(request.url).startsWith('/api');
  const json = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
  if (res.statusCode >= 500) {
    const maintenance = res.statusCode === 503 && json && res.json().errors?.[0]?.code === 'MAINTENANCE';
    expect(maintenance, `5xx: ${where}`).toBe(true);
  }
  if (!isApi) return;
  // File downloads (CSV, PDF) answer their own type on success; everything else, and every failure, is the envelope.
  if (!json && res.statusCode < 400 && /\.csv$|\.pdf$|documents\/:id$/.test(route.url)) return;
  // The API reference (server/plugins/api/openapi.ts) answers its document, page and assets as they are on success.
  if (res.statusCode < 400 && /^\/api\/(openapi\.json|docs)(\/|$)/.test(route.url)) return;
  expect(json, `not JSON: ${where}`).toBe(true);
  const body = res.json();
  expect(Object.keys(body).sort(), `not the envelope: ${where}`).toEqual(['data', 'errors', 'status']);
  expect(body.status, `status mismatch: ${where}`).toBe(res.statusCode);
  expect(Array.isArray(body.errors), where).toBe(true);
  for (const error of body.errors) {
    expect(Object.keys(error).sort(), `error item: ${where}`).toEqual(['code', 'context', 'message']);
    expect(typeof error.code === 'string' && typeof error.context === 'string' && typeof error.message === 'string', where).toBe(true);
  }
  if (res.statusCode >= 400) {
    expect(body.data, where).toBeNull();
    expect(body.errors.length, where).toBeGreaterThan(0);
    // The answer never repeats a long path or value back.
    expect(res.body.includes('x'.repeat(600)), `echoes the input: ${where}`).toBe(false);
  }
}

describeEachDatabase('fuzz every route', { config: { bodyLimit: 1024 * 1024 } }, (t) => {
  let app: FastifyInstance;
  let routes: RouteInfo[];
  const tokens: Partial<Record<'investor' | 'operator', TokenPair>> = {};

  const login = async (who: 'investor' | 'operator') => {
    const res = await app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', ...DEMO[who], ...CLIENT }, remoteAddress: '10.99.0.1' });
    tokens[who] = res.json().data;
  };
  const resetMaintenance = () =>
    app.inject({
      method: 'PATCH',
      url: '/api/operator/site-settings',
      headers: { authorization: `Bearer ${tokens.operator!.accessToken}` },
      payload: { maintenanceMode: false, systemMaintenanceMode: false },
    });

  beforeAll(async () => {
    ({ app, routes } = await buildAppWithRoutes(t.config, t.database));
    await login('investor');
    await login('operator');
  });
  afterAll(() => app?.close());

  // A lone UTF-16 surrogate has no UTF-8 form: written into jsonb it failed with 500, into text it became U+FFFD.
  // Every route, with the caller it admits, gets bodies whose every field (and key) carries one, at the top and
  // nested: never a 5xx; wherever the body is read, 400 VALUE_NOT_VALID naming the field.
  it('refuses unpaired surrogates in every field of every route with 400, never a 5xx', async () => {
    const lone = ['x\ud800', '\udc00', 'ok\udfffok', '\ud83d'];
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
      if (route.method === 'GET' || route.method === 'DELETE' && route.bodyKeys.length === 0) {
        // Query values arrive percent-encoded: a surrogate's WTF-8 bytes decode to U+FFFD, a path segment is refused.
        const res = await app.inject({ method: route.method as 'GET', url: `${path}?${[...route.queryKeys, 'q'].map((k) => `${encodeURIComponent(k)}=%ED%A0%80`).join('&')}` });
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} (query): ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const keys = route.bodyKeys.length ? route.bodyKeys : ['value'];
      const bodies: Record<string, unknown>[] = [
        Object.fromEntries(keys.map((key, i) => [key, lone[i % lone.length]])),
        Object.fromEntries(keys.map((key, i) => [key, { pl: lone[i % lone.length], en: 'ok', firstName: 'Jan\ud800', [`k${lone[i % lone.length]}`]: 1 }])),
        Object.fromEntries(keys.map((key, i) => [key, [lone[i % lone.length]]])),
      ];
      for (const body of bodies) {
        for (const who of ['anonymous', 'operator', 'investor'] as const) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who !== 'anonymous') headers.authorization = `Bearer ${tokens[who]!.accessToken}`;
          const res = await app.inject({ method: route.method as 'POST', url: path, headers, payload: JSON.stringify(body) });
          checked += 1;
          if (res.statusCode >= 500) {
            failures.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          // The caller the route admits reaches the guard: 400 VALUE_NOT_VALID (401/403 for the others).
          if (res.statusCode === 401 || res.statusCode === 403) continue;
          if (!route.url.startsWith('/api')) continue;
          const codes = (res.json().errors ?? []).map((e: { code: string }) => e.code);
          if (res.statusCode !== 400 || !codes.includes('VALUE_NOT_VALID')) {
            failures.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)} (expected 400 VALUE_NOT_VALID)`);
          }
        }
      }
    }
    console.log(`surrogates [${t.kind}]: ${checked} requests over ${routes.length} routes, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it(`answers ${REQUESTS} fuzzed requests over every route with no 5xx and always the envelope (seed ${SEED})`, async () => {
    expect(routes.length).toBeGreaterThan(20);
    const r = prng(SEED + (t.kind === 'postgres' ? 1 : 0));
    const deadline = Date.now() + SECONDS * 1000;
    const seen = new Set<string>();
    const failures: string[] = [];
    let sent = 0;
    for (; sent < REQUESTS && Date.now() < deadline; sent++) {
      // Every route first, then at random.
      const route = sent < routes.length ? routes[sent] : r.pick(routes);
      seen.add(`${route.method} ${route.url}`);
      const who = r.pick(['anonymous', 'anonymous', 'investor', 'operator'] as const);
      const { payload, contentType } = route.method === 'GET' || route.method === 'DELETE' ? (r.chance(0.1) ? randomBody(r, route) : {}) : randomBody(r, route);
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (who !== 'anonymous') headers.authorization = `Bearer ${tokens[who]!.accessToken}`;
      if (r.chance(0.1)) headers.authorization = r.pick(['Bearer', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', `Bearer ${'a'.repeat(3000)}`]);
      if (r.chance(0.2)) headers['accept-language'] = r.pick(['en', 'pl', 'de', '*', 'en;q=abc', ',,,', 'x'.repeat(200)]);
      if (r.chance(0.05)) headers['idempotency-key'] = randomString(r).slice(0, 300).replace(/[^\x20-\x7e]/g, '');
      const request: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: randomPath(r, route) + randomQuery(r, route),
        headers,
        payload,
        remoteAddress: `10.${100 + r.int(100)}.${r.int(256)}.${r.int(256)}`,
      };
      const res = await app.inject(request);
      try {
        assertAnswer(res, route, request, SEED, sent);
      } catch (error) {
        failures.push(`${route.method} ${route.url}: ${(error as Error).message.split('\n').slice(0, 2).join(' ').slice(0, 900)}`);
      }

      if (route.url === '/api/operator/site-settings' && route.method !== 'GET') await resetMaintenance();
      // A fuzzed call may have ended a session (revoke, password change): sign in again.
      if (who !== 'anonymous' && res.statusCode === 401 && headers.authorization === `Bearer ${tokens[who]!.accessToken}`) await login(who);
    }
    console.log(`fuzz [${t.kind}]: ${sent} requests over ${seen.size} of ${routes.length} routes, seed ${SEED}, ${failures.length} failures`);
    // One failing request per route is enough to read (the seed replays all of them).
    const firstPerRoute = [...new Map(failures.map((f) => [f.slice(0, f.indexOf(':')), f])).values()];
    expect(firstPerRoute, `${failures.length} bad answers; first per route:\n${firstPerRoute.join('\n\n')}`).toEqual([]);
    expect(seen.size).toBe(routes.length);
    expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 500));
    // Nothing leaked into the prototype of every object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  }, (SECONDS + 30) * 1000);
});
