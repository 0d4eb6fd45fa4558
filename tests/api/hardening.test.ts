import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp, describeEachDatabase, expectError } from './helpers';

// Each test reproduces the probe that found the defect.

const SECRET = 'PL61109010140000071219812874-$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0';

// Queries that fail inside PostgreSQL with a value in the parameters, the driver's message and its detail.
const failingRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get('/test/failing-cast', async () => {
    await fastify.db.execute(sql`select ${SECRET}::int`);
    return null;
  });
  fastify.get('/test/failing-unique', async () => {
    await fastify.db.execute(sql`insert into app_secrets (name, value) values ('jwt_secret', ${SECRET})`);
    return null;
  });
};

describeEachDatabase('hardening', { extraApiRoutes: failingRoutes }, (t) => {
  // ---------- 1. NUL bytes ----------

  it('answers a NUL byte in a path parameter with 400 VALUE_NOT_VALID naming the parameter', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/offers/a%00b' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'slug' }]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/page/%00' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'slug' }]);
  });

  it('answers a NUL byte in the query string with its bracketed context', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/offers?pagination[pageSize]=1%00' });
    expectError(res, 400, [{ code: 'VALUE_NOT_VALID', context: 'pagination.pageSize' }]);
  });

  it('answers a NUL byte anywhere in a body with the field context (registration, contact, settings, operator)', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/investor/register',
      payload: { firstName: 'a\u0000b', email: 'nul@example.com' },
    });
    expectError(register, 400, [{ code: 'VALUE_NOT_VALID', context: 'firstName' }]);

    const contact = await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: { message: 'x\u0000' } });
    expectError(contact, 400, [{ code: 'VALUE_NOT_VALID', context: 'message' }]);

    const investor = await t.login('investor');
    const patch = await t.injectAs(investor, {
      method: 'PATCH',
      url: '/api/investor',
      payload: { address: { street: 'Main\u0000 1', city: 'Warsaw' } },
    });
    expectError(patch, 400, [{ code: 'VALUE_NOT_VALID', context: 'address.street' }]);

    const operator = await t.login('operator');
    const settings = await t.injectAs(operator, {
      method: 'PATCH',
      url: '/api/operator/site-settings',
      payload: { maintenanceModeTitle: { pl: '\u0000', en: 'ok' } },
    });
    expectError(settings, 400, [{ code: 'VALUE_NOT_VALID', context: 'maintenanceModeTitle.pl' }]);
  });

  // ---------- 2. no values in the log ----------

  it('logs a failed query with its code, route and request id, never its SQL, parameters or values', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      database: t.database,
      extraApiRoutes: failingRoutes,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await app.ready();
      for (const url of ['/api/test/failing-cast', '/api/test/failing-unique']) {
        const res = await app.inject({ method: 'GET', url });
        expectError(res, 500, [{ code: 'INTERNAL_ERROR', context: '' }]);
        expect(res.body).not.toContain(SECRET);
      }
    } finally {
      await app.close();
    }
    const failures = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed');
    expect(failures).toHaveLength(2);
    expect(failures.map((f) => f.route)).toEqual(['/api/test/failing-cast', '/api/test/failing-unique']);
    expect(failures.map((f) => f.sqlState)).toEqual(['22P02', '23505']);
    for (const failure of failures) {
      expect(failure.reqId).toMatch(/\S/);
      expect(failure.code).toBe('INTERNAL_ERROR');
    }
    const all = lines.join('\n');
    expect(all).not.toContain('PL61109010140000071219812874');
    expect(all).not.toContain('argon2id');
    expect(all).not.toContain('Failed query');
    expect(all).not.toContain('app_secrets (name');
    expect(all).not.toMatch(/"(params|query|detail)":/);
  });

  // ---------- 4. private answers are not cached ----------

  it('marks private answers Cache-Control: no-store (token, user, investor, operator, errors)', async () => {
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { grantType: 'password', email: 'investor@example.com', password: 'Investor123', clientId: 'web-spa', clientSecret: 'web-spa-secret' },
    });
    expect(tokenRes.statusCode).toBe(200);
    expect(tokenRes.headers['cache-control']).toBe('no-store');
    const investor = tokenRes.json().data;
    const operator = await t.login('operator');
    for (const [who, url] of [
      [investor, '/api/user/me'],
      [investor, '/api/investor'],
      [operator, '/api/operator/site-settings'],
    ] as const) {
      const res = await t.injectAs(who, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  // ---------- 6. framework errors answer the envelope without echoing the URL ----------

  it('answers a URL that does not decode with the envelope, not the URL', async () => {
    for (const url of ['/api/page/%ZZ', '/api/nowhere/%E0%A4%A', '/en/%ZZ']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectError(res, 400, [{ code: 'URL_NOT_VALID', context: '' }]);
      expect(res.body).not.toContain('%');
      expect(res.body).not.toContain('FST_');
    }
  });

  it('answers long slugs through the schema (400/404) and very long ones with 414 URL_TOO_LONG', async () => {
    expectError(await t.app.inject({ method: 'GET', url: `/api/page/${'a'.repeat(150)}` }), 404, [{ code: 'NOT_FOUND' }]);
    expectError(await t.app.inject({ method: 'GET', url: `/api/offers/${'a'.repeat(250)}` }), 400, [
      { code: 'VALUE_NOT_VALID', context: 'slug' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/page/${'b'.repeat(600)}`, headers: { 'accept-language': 'en' } });
    const [error] = expectError(res, 414, [{ code: 'URL_TOO_LONG', context: '' }]);
    expect(error.message).toBe('The address of the request is too long');
    expect(res.body).not.toContain('bbbb');
  });

  it('answers headers over the limit with a 431 envelope (a real socket)', async () => {
    const app = await t.buildAnotherApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/slider HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      data: null,
      status: 431,
      errors: [{ code: 'HEADERS_TOO_LARGE', context: '', message: expect.any(String) }],
    });
  });

  // ---------- 7. authorization before validation ----------

  it('refuses an anonymous caller of a private route before reading the body: 401, not body errors', async () => {
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/investor', payload: { firstName: 1, bogus: true } });
    expectError(patch, 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/investor',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expectError(malformed, 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    const investor = await t.login('investor');
    const wrongRole = await t.injectAs(investor, { method: 'PATCH', url: '/api/operator/site-settings', payload: { nope: 1 } });
    expectError(wrongRole, 403, [{ code: 'FORBIDDEN', context: '' }]);
  });

  it('moves a guard a route lists under preHandler to onRequest (routes written the old way are covered too)', async () => {
    const legacy = await buildApp({
      config: t.config,
      database: t.database,
      extraApiRoutes: async (fastify) => {
        fastify.post('/test/legacy', { preHandler: fastify.authenticate }, async () => ({ data: null, errors: [], status: 200 }));
      },
    });
    try {
      const res = await legacy.inject({ method: 'POST', url: '/api/test/legacy', headers: { 'content-type': 'application/json' }, payload: '{bad' });
      expectError(res, 401, [{ code: 'UNAUTHORIZED', context: '' }]);
    } finally {
      await legacy.close();
    }
  });
});
