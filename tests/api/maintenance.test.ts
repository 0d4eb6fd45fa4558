import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { siteSettings } from '../../server/db/schema';
import { DEMO, describeEachDatabase, expectData, expectError, passwordGrant, type TokenPair } from './helpers';

describeEachDatabase('maintenance gate', {}, (t) => {
  let investor: TokenPair;
  let operator: TokenPair;
  // A flag flipped by hand in the database: every node sees it within a second (plugins/app/site-state.ts); the
  // tests tell this node to look again at once instead of waiting ("sees a flag flipped elsewhere" waits).
  const setFlags = async (flags: { maintenanceMode?: boolean; systemMaintenanceMode?: boolean }) => {
    await t.database.db.update(siteSettings).set(flags).where(eq(siteSettings.id, 1));
    t.app.siteState.invalidate();
  };

  beforeAll(async () => {
    investor = await t.login('investor');
    operator = await t.login('operator');
  });

  it('lets everything through while both flags are off', async () => {
    await setFlags({ maintenanceMode: false, systemMaintenanceMode: false });
    expectData(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }));
  });

  for (const flag of ['maintenanceMode', 'systemMaintenanceMode'] as const) {
    it(`with ${flag} on: investors get 503 MAINTENANCE, operators pass, public content and token stay up`, async () => {
      await setFlags({ maintenanceMode: false, systemMaintenanceMode: false, [flag]: true });
      try {
        expectError(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }), 503, [{ code: 'MAINTENANCE', context: '' }]);
        expectError(await t.app.inject({ method: 'GET', url: '/api/user/me' }), 503, [{ code: 'MAINTENANCE', context: '' }]);
        expect(expectData(await t.injectAs(operator, { method: 'GET', url: '/api/user/me' })).role).toBe('operator');

        const splash = expectData(await t.app.inject({ method: 'GET', url: '/api/splash-screen', headers: { 'content-language': 'en' } }));
        expect(splash[flag]).toBe(true);
        expect(splash.maintenanceModeTitle).toBe('We will be back soon');
        expect(splash.systemMaintenanceModeTitle).toBe('Scheduled maintenance');
        expectData(await t.app.inject({ method: 'GET', url: '/api/slider' }));
        expectData(await t.app.inject({ method: 'GET', url: '/api/static-content' }));
        expectData(await passwordGrant(t.app, DEMO.investor));
        const fresh = expectData(await passwordGrant(t.app, DEMO.operator));
        expectData(await t.app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'refresh_token', refreshToken: fresh.refreshToken } }));
        expectData(await t.app.inject({ method: 'POST', url: '/api/token/revoke' }));
      } finally {
        await setFlags({ maintenanceMode: false, systemMaintenanceMode: false });
      }
    });
  }

  it('keeps the API reference readable and gates public offers (the exemption set by a later onRoute hook counts)', async () => {
    await setFlags({ maintenanceMode: true });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
      expectError(await t.app.inject({ method: 'GET', url: '/api/offers' }), 503, [{ code: 'MAINTENANCE', context: '' }]);
      expect((await t.app.inject({ method: 'HEAD', url: '/api/offers' })).statusCode).toBe(503);
    } finally {
      await setFlags({ maintenanceMode: false });
    }
    expectData(await t.app.inject({ method: 'GET', url: '/api/offers' }));
  });

  it('asks an expired token to refresh first (it may be an operator’s)', async () => {
    await setFlags({ maintenanceMode: true });
    try {
      const expired = await t.app.tokens.signAccessToken({ userId: '00000000-0000-4000-8000-000000000000', sessionId: '00000000-0000-4000-8000-000000000000', role: 'operator' }, -5);
      expectError(await t.injectAs(expired, { method: 'GET', url: '/api/user/me' }), 401, [{ code: 'TOKEN_EXPIRED' }]);
    } finally {
      await setFlags({ maintenanceMode: false });
    }
  });

  it('reopens as soon as the flag is off again', async () => {
    await setFlags({ maintenanceMode: true });
    expectError(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }), 503, [{ code: 'MAINTENANCE' }]);
    await setFlags({ maintenanceMode: false });
    expectData(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }));
  });

  it('sees a flag flipped in the database by another node within a second, without a query per call', async () => {
    await setFlags({ maintenanceMode: false });
    expectData(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }));
    // Flipped behind this node's back (no invalidate): still open right now, closed after at most a second.
    await t.database.db.update(siteSettings).set({ maintenanceMode: true }).where(eq(siteSettings.id, 1));
    try {
      const started = Date.now();
      let status = 200;
      while (Date.now() - started < 3000) {
        status = (await t.injectAs(investor, { method: 'GET', url: '/api/user/me' })).statusCode;
        if (status === 503) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(503);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await setFlags({ maintenanceMode: false });
    }
  });

  it('PATCH /operator/site-settings takes effect on this node at once and on another node within a second', async () => {
    const other = await t.buildAnotherApp();
    try {
      expectData(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }));
      expectData(await other.inject({ method: 'GET', url: '/api/offers' }));
      expectData(await t.injectAs(operator, { method: 'PATCH', url: '/api/operator/site-settings', payload: { maintenanceMode: true } }));
      expectError(await t.app.inject({ method: 'GET', url: '/api/offers' }), 503, [{ code: 'MAINTENANCE' }]);
      const splash = expectData(await t.app.inject({ method: 'GET', url: '/api/splash-screen' }));
      expect(splash.maintenanceMode).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expectError(await other.inject({ method: 'GET', url: '/api/offers' }), 503, [{ code: 'MAINTENANCE' }]);
      expect(expectData(await other.inject({ method: 'GET', url: '/api/splash-screen' })).maintenanceMode).toBe(true);
    } finally {
      expectData(await t.injectAs(operator, { method: 'PATCH', url: '/api/operator/site-settings', payload: { maintenanceMode: false } }));
      await other.close();
    }
  });
});
