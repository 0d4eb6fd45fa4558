import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { createEndpoints, toLoginFailure, toTokens } from '../../src/api/endpoints';
import { ApiRequestError, createHttp } from '../../src/api/http';
import { createAppSystem } from '../../src/system/system';
import { STORAGE_KEYS } from '../../src/config/storage';
import { createFakeFetch } from '../model/support/fakeFetch';

afterEach(() => {
  vi.useRealTimers();
});

describe('toTokens', () => {
  it('stores the expiry as now + expiresIn seconds', () => {
    expect(toTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 900, currentLocale: 'pl' }, 1_000_000)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 1_000_000 + 900_000,
    });
  });

  it('uses the clock by default', () => {
    vi.useFakeTimers({ now: 5_000 });
    expect(toTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 60, currentLocale: 'en' }).expiresAt).toBe(65_000);
  });
});

describe('toLoginFailure', () => {
  it('an inactive account gives the e-mail to resend activation to', () => {
    const error = new ApiRequestError(400, [{ code: 'TOKEN_REQUEST:USER_NOT_ACTIVE', context: 'email', message: '' }]);
    expect(toLoginFailure(error, 'jan@example.pl')).toEqual({ fieldErrors: {}, inactiveEmail: 'jan@example.pl' });
  });

  it('other API errors become codes per field', () => {
    const error = new ApiRequestError(400, [
      { code: 'EMAIL_EMPTY', context: 'email', message: '' },
      { code: 'PASSWORD_EMPTY', context: 'data.password', message: '' },
    ]);
    expect(toLoginFailure(error, '')).toEqual({ fieldErrors: { email: 'EMAIL_EMPTY', password: 'PASSWORD_EMPTY' } });
    expect(toLoginFailure(new ApiRequestError(400, [{ code: 'INVALID_GRANT', context: 'password', message: '' }]), 'x')).toEqual({
      fieldErrors: { password: 'INVALID_GRANT' },
    });
  });

  it('anything else is a network error for the form as a whole', () => {
    expect(toLoginFailure(new TypeError('Failed to fetch'), 'x')).toEqual({ fieldErrors: { '': 'NETWORK_ERROR' } });
  });
});

describe('createEndpoints', () => {
  function setup() {
    const fake = createFakeFetch();
    const api = createEndpoints(createHttp({ baseURL: '/api', getLanguage: () => 'pl', fetchImpl: fake.fetchImpl }));
    return { fake, api };
  }

  it('login posts the password grant with the client credentials and returns tokens', async () => {
    const { fake, api } = setup();
    fake.on('POST', '/token', () => ({ data: { accessToken: 'A', refreshToken: 'R', expiresIn: 900, currentLocale: 'pl' } }));
    vi.useFakeTimers({ now: 10_000, toFake: ['Date'] });
    await expect(api.login('jan@example.pl', 'Secret123')).resolves.toEqual({ accessToken: 'A', refreshToken: 'R', expiresAt: 910_000 });
    expect(fake.calls[0].body).toEqual({
      grantType: 'password',
      email: 'jan@example.pl',
      password: 'Secret123',
      clientId: 'web-spa',
      clientSecret: 'web-spa-secret',
    });
  });

  it('a failed login rejects with a LoginFailure', async () => {
    const { fake, api } = setup();
    fake.on('POST', '/token', () => ({ status: 400, errors: [{ code: 'TOKEN_REQUEST:USER_NOT_ACTIVE', context: 'email', message: '' }] }));
    await expect(api.login('jan@example.pl', 'x')).rejects.toEqual({ fieldErrors: {}, inactiveEmail: 'jan@example.pl' });
  });

  it('refresh posts the refresh grant; revoke posts the refresh token', async () => {
    const { fake, api } = setup();
    fake.on('POST', '/token', () => ({ data: { accessToken: 'A2', refreshToken: 'R2', expiresIn: 10, currentLocale: 'pl' } }));
    fake.on('POST', '/token/revoke', () => ({ data: null }));
    await expect(api.refresh('R1')).resolves.toMatchObject({ accessToken: 'A2', refreshToken: 'R2' });
    expect(fake.calls[0].body).toEqual({ grantType: 'refresh_token', refreshToken: 'R1' });
    await api.revoke('R2');
    expect(fake.calls[1]).toMatchObject({ method: 'POST', path: '/token/revoke', body: { refreshToken: 'R2' } });
  });
});

describe('login through the app system (persistTokens)', () => {
  it('stores the tokens, the logged-in flag and expiry = now + expiresIn, with the e-mail lowercased', async () => {
    const fake = createFakeFetch();
    fake.on('POST', '/token', () => ({ data: { accessToken: 'A', refreshToken: 'R', expiresIn: 900, currentLocale: 'pl' } }));
    fake.on('GET', '/user/me', () => ({ data: { id: 'u', userData: { firstName: 'Jan', lastName: 'K' } } }));
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    const system = createAppSystem({ fetchImpl: fake.fetchImpl, navigate: vi.fn(), reload: vi.fn() });
    system.auth.start();
    system.auth.send({ type: 'auth.loginSubmitted', email: '  Jan.Kowalski@Example.PL ', password: 'Secret123' });
    await waitFor(system.auth, (s) => s.matches({ signedIn: { user: 'loaded' } }));
    expect((fake.callsTo('POST', '/token')[0].body as { email: string }).email).toBe('jan.kowalski@example.pl');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('A');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R');
    expect(localStorage.getItem(STORAGE_KEYS.isLoggedIn)).toBe('true');
    expect(Number(localStorage.getItem(STORAGE_KEYS.expiresAt))).toBe(1_700_000_000_000 + 900_000);
    system.stop();
  });
});
