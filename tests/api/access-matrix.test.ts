import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessMatrix, type MatrixRow } from './access-matrix';
import { describeEachDatabase, type TokenPair } from './helpers';
import { buildAppWithRoutes, type RouteInfo } from './route-table';

// Every private route × anonymous, investor, operator, from the table in access-matrix.ts. Ownership
// (another investor's resources → 404) is in investor-area-access.ts / investor-area.test.ts.

const fill = (row: MatrixRow) =>
  row.route.replace(/:(\w+)/g, (_, name: string) => row.params?.[name] ?? (/id$/i.test(name) ? '1' : 'no-such-slug'));

describeEachDatabase('access matrix', {}, (t) => {
  let app: FastifyInstance;
  let routes: RouteInfo[];
  const tokens: Partial<Record<'investor' | 'operator', TokenPair>> = {};

  beforeAll(async () => {
    ({ app, routes } = await buildAppWithRoutes(t.config, t.database));
    tokens.investor = await t.login('investor');
    tokens.operator = await t.login('operator');
  });
  afterAll(() => app?.close());

  // Rows whose route does not exist (yet) are skipped: features land in parallel; a missing ROW always fails.
  it('has a row for every private route of the app', () => {
    const key = (r: { method: string; url?: string; route?: string }) => `${r.method} ${r.url ?? r.route}`;
    const privateRoutes = routes.filter((r) => r.private).map(key).sort();
    const rows = accessMatrix.map(key).sort();
    expect(privateRoutes.filter((r) => !rows.includes(r)), 'private routes missing from tests/api/access-matrix.ts').toEqual([]);
    // A public route listed as private would be an authorization hole: every row that exists must be private.
    const publicRoutes = routes.filter((r) => !r.private).map(key);
    expect(rows.filter((r) => publicRoutes.includes(r)), 'rows of access-matrix.ts whose route is public').toEqual([]);
  });

  for (const row of accessMatrix) {
    it(`${row.method} ${row.route}: anonymous 401, investor ${row.investor}, operator ${row.operator}`, async () => {
      if (!routes.some((r) => r.method === row.method && r.url === row.route)) return; // checked by the completeness test
      const url = fill(row);
      const payload = row.body === undefined ? undefined : JSON.stringify(row.body);
      const headers = payload === undefined ? {} : { 'content-type': 'application/json' };
      const anonymous = await app.inject({ method: row.method, url, payload, headers });
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      expect(anonymous.json().errors[0].code).toBe('UNAUTHORIZED');
      for (const who of ['investor', 'operator'] as const) {
        const res = await app.inject({ method: row.method, url, payload, headers: { ...headers, authorization: `Bearer ${tokens[who]!.accessToken}` } });
        const expected = row[who];
        if (expected === 'allowed') {
          expect([401, 403], `${who}: ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(expected);
        }
      }
    });
  }
});
