import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';

describeEachDatabase('operator site settings', {}, (t) => {
  let investor: TokenPair;
  let operator: TokenPair;

  beforeAll(async () => {
    investor = await t.login('investor');
    operator = await t.login('operator');
  });

  const patch = (who: TokenPair, payload: unknown) =>
    t.injectAs(who, { method: 'PATCH', url: '/api/operator/site-settings', payload: payload as object });

  it('is closed to anonymous callers and to investors', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/operator/site-settings' }), 401, [{ code: 'UNAUTHORIZED' }]);
    expectError(await patch(investor, { maintenanceMode: true }), 403, [{ code: 'FORBIDDEN' }]);
    const splash = expectData(await t.app.inject({ method: 'GET', url: '/api/splash-screen' }));
    expect(splash.maintenanceMode).toBe(false);
  });

  it('lets an operator switch maintenance on (investors then get 503) and off again, during maintenance too', async () => {
    const on = expectData(await patch(operator, { maintenanceMode: true }));
    expect(on.maintenanceMode).toBe(true);
    expect(on.systemMaintenanceMode).toBe(false);
    expectError(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }), 503, [{ code: 'MAINTENANCE' }]);
    const off = expectData(await patch(operator, { maintenanceMode: false }));
    expect(off.maintenanceMode).toBe(false);
    expectData(await t.injectAs(investor, { method: 'GET', url: '/api/user/me' }));
  });

  it('changes texts per language and keeps the others', async () => {
    const before = expectData(await t.injectAs(operator, { method: 'GET', url: '/api/operator/site-settings' }));
    const next = expectData(
      await patch(operator, { maintenanceModeTitle: { pl: 'Przerwa', en: 'A short break' } }),
    );
    expect(next.maintenanceModeTitle).toEqual({ pl: 'Przerwa', en: 'A short break' });
    expect(next.maintenanceModeMessage).toEqual(before.maintenanceModeMessage);
    const splash = expectData(
      await t.app.inject({ method: 'GET', url: '/api/splash-screen', headers: { 'content-language': 'en' } }),
    );
    expect(splash.maintenanceModeTitle).toBe('A short break');
  });

  it('rejects unknown fields and wrong types in the envelope', async () => {
    expectError(await patch(operator, { maintenanceMode: 'yes' }), 400, [{ code: 'VALUE_NOT_VALID', context: 'maintenanceMode' }]);
    const res = await patch(operator, { seoTitle: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});
