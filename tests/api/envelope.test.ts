import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expect, it } from 'vitest';
import { ok } from '../../server/lib/envelope';
import { badRequest } from '../../server/lib/errors';
import { paged, pageWindow, paginationQuery } from '../../server/lib/pagination';
import { translateCode } from '../../server/i18n/messages';
import { DEMO, describeEachDatabase, expectData, expectError, passwordGrant } from './helpers';

// Test-only routes inside the /api scope: a paged list, a crash, a nested body and a role check.
const testRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const all = Array.from({ length: 23 }, (_, i) => ({ n: i + 1 }));
  fastify.get('/__test/paged', {
    schema: { querystring: z.object(paginationQuery) },
    handler: async (request) => {
      const page = request.query.pagination;
      const { limit, offset } = pageWindow(page);
      return ok(paged(all.slice(offset, offset + limit), all.length, page));
    },
  });
  fastify.get('/__test/crash', async () => {
    throw new Error('connection string postgres://secret@db/internal failed');
  });
  fastify.post('/__test/nested', {
    schema: {
      body: z.object({
        investmentData: z.object({ quantity: z.number().int().min(1, 'IS_LOWER_THAN_MIN'), slug: z.string().min(1) }),
      }),
    },
    handler: async () => ok(true),
  });
  fastify.get('/__test/coded', async () => {
    throw badRequest('BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', 'bank.accountNumber');
  });
  fastify.get('/__test/operators-only', {
    preHandler: [fastify.authenticate, fastify.requireRole('operator')],
    handler: async () => ok('welcome'),
  });
};

describeEachDatabase('envelope and error handling', { extraApiRoutes: testRoutes as FastifyPluginAsync }, (t) => {
  it('wraps a success as { data, errors: [], status }', async () => {
    const data = expectData(await t.app.inject({ method: 'GET', url: '/api/splash-screen' }));
    expect(data.maintenanceMode).toBe(false);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grantType": "password", ',
    });
    expectError(res, 400, [{ code: 'MALFORMED_JSON', context: '' }]);
  });

  it('refuses prototype pollution in JSON as malformed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grantType":"password","__proto__":{"admin":true}}',
    });
    expectError(res, 400, [{ code: 'MALFORMED_JSON', context: '' }]);
  });

  it('answers a non-JSON content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': type }, payload: 'a=b' });
      expectError(res, 415, [{ code: 'UNSUPPORTED_MEDIA_TYPE', context: '' }]);
    }
  });

  it('answers a body over BODY_LIMIT with 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ grantType: 'password', email: 'a@b.pl', password: 'x'.repeat(t.config.bodyLimit) });
    const res = await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/json' }, payload });
    expectError(res, 413, [{ code: 'PAYLOAD_TOO_LARGE', context: '' }]);
  });

  it('answers unknown /api routes with 404 ROUTE_NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['DELETE', '/api/token'],
      ['GET', '/api/token'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expectError(res, 404, [{ code: 'ROUTE_NOT_FOUND', context: '' }]);
    }
  });

  it('hides the internals of a 5xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/crash', headers: { 'content-language': 'en' } });
    const [error] = expectError(res, 500, [{ code: 'INTERNAL_ERROR', context: '' }]);
    expect(error.message).toBe(translateCode('INTERNAL_ERROR', 'en'));
    expect(res.body).not.toMatch(/secret|postgres|stack|Error:/);
  });

  it('gives nested fields dotted contexts and schema-named codes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__test/nested',
      payload: { investmentData: { quantity: 0, slug: '' } },
    });
    expectError(res, 400, [
      { code: 'IS_LOWER_THAN_MIN', context: 'investmentData.quantity' },
      { code: 'IS_EMPTY', context: 'investmentData.slug' },
    ]);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/__test/nested', payload: { investmentData: { quantity: 'x' } } });
    expectError(wrongType, 400, [
      { code: 'VALUE_NOT_VALID', context: 'investmentData.quantity' },
      { code: 'IS_EMPTY', context: 'investmentData.slug' },
    ]);
  });

  it('translates handler errors from the dictionary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/coded', headers: { 'content-language': 'pl' } });
    const [error] = expectError(res, 400, [{ code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', context: 'bank.accountNumber' }]);
    expect(error.message).toBe('Numer konta bankowego musi mieć 26 cyfr');
  });

  it('answers 403 FORBIDDEN to a signed-in user without the role', async () => {
    const investor = await t.login('investor');
    expectError(await t.injectAs(investor, { method: 'GET', url: '/api/__test/operators-only' }), 403, [{ code: 'FORBIDDEN', context: '' }]);
    const operator = await t.login('operator');
    expect(expectData(await t.injectAs(operator, { method: 'GET', url: '/api/__test/operators-only' }))).toBe('welcome');
    expectError(await t.app.inject({ method: 'GET', url: '/api/__test/operators-only' }), 401, [{ code: 'UNAUTHORIZED' }]);
  });

  it('never answers 500 to hostile or odd input', async () => {
    const requests = [
      { method: 'POST', url: '/api/token', payload: 'null', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/token', payload: '[]', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/token', payload: '"x"', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/token', payload: '{"grantType":"password","email":"a@b.pl","password":"x\\u0000y"}', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken: 'x'.repeat(5000) } },
      { method: 'POST', url: '/api/token', payload: { grantType: 'password', email: `${'a'.repeat(300)}@b.pl`, password: 'x' } },
      { method: 'POST', url: '/api/token', payload: { grantType: ['password'] } },
      { method: 'GET', url: '/api/user/me', headers: { authorization: 'Bearer ' + 'a'.repeat(5000) } },
      { method: 'GET', url: '/api/user/me', headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' } },
      { method: 'GET', url: '/api/__test/paged?pagination[pageSize][x]=1&pagination[__proto__][a]=1' },
      { method: 'GET', url: '/api/__test/paged?pagination=%ZZ' },
      { method: 'POST', url: '/api/token/revoke', payload: { refreshToken: 42 } },
      { method: 'GET', url: '/api/static-content?%00=1' },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request as never);
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(500);
      const body = res.json();
      expect(body).toHaveProperty('status', res.statusCode);
    }
  });
});

describeEachDatabase('language of messages and content', { extraApiRoutes: testRoutes as FastifyPluginAsync }, (t) => {
  const failLogin = (headers: Record<string, string>) =>
    passwordGrant(t.app, { email: DEMO.investor.email, password: '' }, { headers });

  it('uses Content-Language for messages and echoes it', async () => {
    const en = await failLogin({ 'content-language': 'en' });
    expect(expectError(en, 400, [{ code: 'PASSWORD_EMPTY', context: 'password' }])[0].message).toBe('Password is required');
    expect(en.headers['content-language']).toBe('en');
    const pl = await failLogin({ 'content-language': 'pl' });
    expect(expectError(pl, 400, [{ code: 'PASSWORD_EMPTY', context: 'password' }])[0].message).toBe('Hasło jest wymagane');
    expect(pl.headers['content-language']).toBe('pl');
  });

  it('falls back to Accept-Language, then DEFAULT_LANGUAGE', async () => {
    const accept = await failLogin({ 'accept-language': 'de-DE, en-GB;q=0.8, pl;q=0.5' });
    expect(accept.headers['content-language']).toBe('en');
    expect(accept.json().errors[0].message).toBe('Password is required');
    const unsupported = await failLogin({ 'content-language': 'fr', 'accept-language': 'fr' });
    expect(unsupported.headers['content-language']).toBe('pl');
    expect(unsupported.json().errors[0].message).toBe('Hasło jest wymagane');
    const contentBeatsAccept = await failLogin({ 'content-language': 'pl', 'accept-language': 'en' });
    expect(contentBeatsAccept.headers['content-language']).toBe('pl');
  });

  it('selects the language of content', async () => {
    const en = expectData(await t.app.inject({ method: 'GET', url: '/api/splash-screen', headers: { 'content-language': 'en' } }));
    const pl = expectData(await t.app.inject({ method: 'GET', url: '/api/splash-screen', headers: { 'content-language': 'pl' } }));
    expect(en.maintenanceModeTitle).toBe('We will be back soon');
    expect(pl.maintenanceModeTitle).toBe('Wracamy wkrótce');
  });

  it('translates 404 and 415 too', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'content-language': 'en' } });
    expect(notFound.json().errors[0].message).toBe(translateCode('ROUTE_NOT_FOUND', 'en'));
    expect(notFound.headers['content-language']).toBe('en');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'text/plain', 'content-language': 'pl' },
      payload: 'x',
    });
    expect(wrongType.json().errors[0].message).toBe(translateCode('UNSUPPORTED_MEDIA_TYPE', 'pl'));
  });
});

describeEachDatabase('DEFAULT_LANGUAGE=en', { config: { defaultLanguage: 'en' } }, (t) => {
  it('answers in English when the request names no language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/splash-screen' });
    expect(res.headers['content-language']).toBe('en');
    expect(expectData(res).seoTitle).toMatch(/invest in real estate/);
  });
});

describeEachDatabase('pagination', { extraApiRoutes: testRoutes as FastifyPluginAsync }, (t) => {
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/__test/paged${query}` });

  it('defaults to page 1 of 10', async () => {
    const data = expectData(await get(''));
    expect(data.pagination).toEqual({ pageSize: 10, pageNumber: 1, totalItems: 23, totalPages: 3 });
    expect(data.items.map((i: { n: number }) => i.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads pagination[pageSize] and pagination[pageNumber] in bracket syntax', async () => {
    const data = expectData(await get('?pagination[pageSize]=5&pagination[pageNumber]=3'));
    expect(data.pagination).toEqual({ pageSize: 5, pageNumber: 3, totalItems: 23, totalPages: 5 });
    expect(data.items.map((i: { n: number }) => i.n)).toEqual([11, 12, 13, 14, 15]);
    const encoded = expectData(await get('?pagination%5BpageSize%5D=20&pagination%5BpageNumber%5D=2'));
    expect(encoded.items.map((i: { n: number }) => i.n)).toEqual([21, 22, 23]);
  });

  it('gives an empty page past the end', async () => {
    const data = expectData(await get('?pagination[pageNumber]=9'));
    expect(data.items).toEqual([]);
    expect(data.pagination.totalPages).toBe(3);
  });

  it.each([
    ['pagination[pageSize]=0', 'pagination.pageSize'],
    ['pagination[pageSize]=101', 'pagination.pageSize'],
    ['pagination[pageSize]=abc', 'pagination.pageSize'],
    ['pagination[pageSize]=2.5', 'pagination.pageSize'],
    ['pagination[pageSize]=-1', 'pagination.pageSize'],
    ['pagination[pageSize]=', 'pagination.pageSize'],
    ['pagination[pageSize]=5&pagination[pageSize]=6', 'pagination.pageSize'],
    ['pagination[pageNumber]=0', 'pagination.pageNumber'],
    ['pagination[pageNumber]=x', 'pagination.pageNumber'],
    ['pagination=5', 'pagination'],
  ])('rejects %s as VALUE_NOT_VALID at %s', async (query, context) => {
    expectError(await get(`?${query}`), 400, [{ code: 'VALUE_NOT_VALID', context }]);
  });
});
