import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { siteSettings } from '../../server/db/schema';
import { DEMO, describeEachDatabase, expectData, expectError, passwordGrant, type TokenPair } from './helpers';

describeEachDatabase('maintenance gate', {}, (t) => {
  let investor: TokenPair;
  let operator: TokenPair;
  const setFlags = (flags: { maintenanceMode?: boolean; systemMaintenanceMode?: boolean }) =>
    t.database.db.update(siteSettings).set(flags).where(eq(siteSettings.id, 1));

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
});
