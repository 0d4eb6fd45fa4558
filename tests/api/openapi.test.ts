import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { serializeOpenapi } from '../../server/plugins/api/openapi';
import { z } from 'zod';
import { routeErrorCodes } from '../../server/http/error-codes';
import { refineRules } from '../../server/modules/accounts/rules';
import { checkConformance, toOpenapiPath } from './conformance/check';
import type { RecordedAnswer } from './conformance/recorder';
import { openapiFile } from './conformance/paths';
import { describeEachDatabase, openTestDatabase, testConfig } from './helpers';
import { buildAppWithRoutes } from './route-table';

// The API reference: docs/openapi.json is what the app generates now, it is valid OpenAPI 3.1, it
// lists every route the app registers with its security, and GET /api/docs is self-hosted under the app's CSP.
// The conformance of every answer the API suite receives is checked after the suite (scripts/api-conformance.ts);
// the checker itself is tested at the end of this file.

type Operation = {
  security?: { bearerAuth?: string[] }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; 'x-error-codes'?: string[] }>;
  'x-roles'?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

describeEachDatabase('OpenAPI reference', {}, (t) => {
  it('docs/openapi.json is what the app generates now (else run `npm run openapi`)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const generated = serializeOpenapi(res.json());
    const committed = readFileSync(openapiFile, 'utf8');
    if (committed !== generated) {
      expect.fail('docs/openapi.json is stale: the routes or their schemas changed. Run `npm run openapi` and commit docs/openapi.json.');
    }
  });

  it('is valid OpenAPI 3.1', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('/api/openapi.json is public and cacheable; /api/docs/json answers the same document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(ui.statusCode).toBe(200);
    expect(ui.json()).toEqual(res.json());
  });

  it('/api/docs is a self-hosted page: no inline script, every asset from this server, the app CSP unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|https?:)/);
    const html = res.body;
    // Every <script> has a src (nothing inline), and nothing points at another host.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(inline.trim()).toBe('');
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/')).toBe(true);
      const file = await t.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    // (The logo is a data: URI whose SVG names the W3C namespaces, and a comment cites a web page: neither is fetched.)
    const code = initializer.body.replace(/'data:[^']*'/g, '').replace(/^\s*\/\/.*$/gm, '');
    expect(code).not.toMatch(/https?:\/\//);
  });
});

describe('OpenAPI reference covers every route', () => {
  it('every route the app registers under /api is an operation, with bearer security exactly on private routes and roles on operator routes', async () => {
    const opened = await openTestDatabase('pglite');
    const { app, routes } = await buildAppWithRoutes(testConfig(), opened.database);
    try {
      const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
      const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && !/^\/api\/(openapi\.json|docs)/.test(r.url));
      expect(apiRoutes.length).toBeGreaterThan(40);
      for (const route of apiRoutes) {
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const operation = document.paths[path]?.[route.method.toLowerCase()];
        expect(operation, `${route.method} ${route.url} is missing from the document`).toBeDefined();
        const bearer = Boolean(operation!.security?.some((s) => s.bearerAuth));
        expect(bearer, `${route.method} ${route.url} security`).toBe(route.private);
        if (route.private) expect(Object.keys(operation!.responses), `${route.method} ${route.url}`).toContain('401');
        if (route.url.startsWith('/api/operator/')) {
          expect(operation!['x-roles']).toEqual(['operator']);
          expect(Object.keys(operation!.responses)).toContain('403');
        }
        // Every status has a body description: JSON with a schema, or a file's media type.
        for (const [status, response] of Object.entries(operation!.responses)) {
          if (status === '304') continue; // Not Modified has no body
          expect(response.content, `${route.method} ${route.url} ${status}`).toBeDefined();
          if (Number(status) >= 400) {
            expect(response.content!['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
            // Statuses with a generic code always list it; 409/422/502 list what server/http/error-codes.ts says.
            if ([400, 401, 403, 404, 413, 415, 429, 500, 503].includes(Number(status))) {
              expect(response['x-error-codes']?.length, `${route.method} ${route.url} ${status} codes`).toBeGreaterThan(0);
            }
          }
        }
        for (const key of route.bodyKeys) {
          expect(JSON.stringify(operation!.requestBody ?? {}), `${route.method} ${route.url} body field ${key}`).toContain(`"${key}"`);
        }
      }
      // The codes a schema names as its messages are listed on 400 (POST /api/token's body names several).
      const investment = document.paths['/api/investment'].post.responses;
      expect(investment['409']['x-error-codes']).toEqual(['NOT_ENOUGH_SHARES_AVAILABLE']);
      const token = document.paths['/api/token'].post.responses['400']['x-error-codes']!;
      expect(token).toEqual(expect.arrayContaining(['EMAIL_EMPTY', 'PASSWORD_EMPTY', 'MALFORMED_JSON', 'VALUE_NOT_VALID']));
      // The codes a superRefine reports are declared with its schema (refineRules) and listed on 400 ...
      const register = document.paths['/api/investor/register'].post.responses['400']['x-error-codes']!;
      expect(register).toEqual(
        expect.arrayContaining(['EMAIL_EMPTY', 'EMAIL_INVALID_FORMAT', 'PASSWORD_CONSTRAINTS_MISMATCH', 'PHONE_NUMBER_NOT_VALID', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG']),
      );
      const patch = document.paths['/api/investor'].patch.responses['400']['x-error-codes']!;
      expect(patch).toEqual(expect.arrayContaining(['CURRENT_PASSWORD_EMPTY', 'REPEAT_PASSWORD_EMPTY', 'EMAIL_NOT_SAME', 'FIRST_NAME_IS_EMPTY']));
      // ... and so are those handlers throw (server/http/error-codes.ts): each entry names a registered
      // route and a status it documents, and is listed there.
      expect(register).toContain('EMAIL_EXISTS');
      for (const [key, byStatus] of Object.entries(routeErrorCodes)) {
        const [method, url] = key.split(' ');
        const operation = document.paths[toOpenapiPath(url)]?.[method.toLowerCase()];
        expect(operation, `${key} (server/http/error-codes.ts) is not a route`).toBeDefined();
        for (const [status, codes] of Object.entries(byStatus)) {
          expect(operation!.responses[status]?.['x-error-codes'], `${key} ${status}`).toEqual(expect.arrayContaining([...codes!]));
        }
      }
    } finally {
      await app.close();
      await opened.close();
    }
  });
});

describe('declared refinement codes', () => {
  it('a rule can only report the codes its schema declares (type level), and the schema reports them', () => {
    const schema = refineRules(z.object({ email: z.string() }), ['EMAIL_EMPTY'], (body) => (body.email ? [] : [{ code: 'EMAIL_EMPTY', path: ['email'] }]));
    // @ts-expect-error EMAIL_EXISTS is not declared for this schema
    refineRules(z.string(), ['EMAIL_EMPTY'], () => [{ code: 'EMAIL_EXISTS', path: [] }]);
    const result = schema.safeParse({ email: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.message, i.path.join('.')])).toEqual([['EMAIL_EMPTY', 'email']]);
  });
});

describe('conformance checker', () => {
  const document = JSON.parse(readFileSync(openapiFile, 'utf8'));
  const answer = (over: Partial<RecordedAnswer>): RecordedAnswer => ({
    method: 'GET',
    route: '/api/user/me',
    url: '/api/user/me',
    status: 401,
    contentType: 'application/json; charset=utf-8',
    body: { data: null, errors: [{ code: 'UNAUTHORIZED', context: '', message: 'x' }], status: 401 },
    ...over,
  });

  it('accepts an answer that matches and reports each kind of mismatch', () => {
    const ok = checkConformance(document, [answer({})]);
    expect(ok.mismatches).toEqual([]);
    expect(ok.checkedBodies).toBe(1);
    expect(ok.routesCovered).toEqual(['GET /api/user/me']);

    const bad = checkConformance(document, [
      answer({ status: 418 }),
      answer({ body: { data: null, errors: [{ code: 1 }], status: 401 } }),
      answer({ contentType: 'text/html' }),
      answer({ route: '/api/nowhere' }),
      answer({ body: { data: null, errors: [{ code: 'EMAIL_EXISTS', context: '', message: 'x' }], status: 401 } }),
    ]);
    const notModified = checkConformance(document, [answer({ route: '/api/faq', url: '/api/faq', status: 304, contentType: '', body: null })]);
    expect(notModified.mismatches).toEqual([]);

    expect(bad.mismatches.map((m) => m.reason)).toEqual([
      expect.stringMatching(/^status 418 is not documented/),
      expect.stringMatching(/^body does not match the schema/),
      expect.stringMatching(/^content-type "text\/html" is not documented/),
      'route not in the OpenAPI document',
      expect.stringMatching(/^error code EMAIL_EXISTS is not listed for this route and status \(x-error-codes: TOKEN_EXPIRED, UNAUTHORIZED\)/),
    ]);
  });
});
