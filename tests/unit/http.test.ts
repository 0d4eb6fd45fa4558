import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type Tokens } from '../../machines/auth.machine';
import { createEndpoints } from '../../src/api/endpoints';
import { ApiRequestError, createHttp, fieldErrorsOf } from '../../src/api/http';
import { createFakeFetch, gate, type RecordedCall } from '../model/support/fakeFetch';

const OLD: Tokens = { accessToken: 'old-access', refreshToken: 'old-refresh', expiresAt: 1 };

/** The HTTP client wired to a real auth actor whose refresh goes through the same client (as in system.ts). */
function setup(tokens: Tokens | null = OLD) {
  const fake = createFakeFetch();
  const onForbidden = vi.fn();
  const onMaintenance = vi.fn();
  const clearSession = vi.fn();
  const redirectToLogin = vi.fn();
  const persistTokens = vi.fn();
  // eslint-disable-next-line prefer-const
  let auth: ReturnType<typeof createAuth>;
  const http = createHttp({
    baseURL: '/api',
    getLanguage: () => 'en',
    getAuth: () => auth,
    fetchImpl: fake.fetchImpl,
    onForbidden,
    onMaintenance,
  });
  const api = createEndpoints(http);
  function createAuth() {
    return createActor(
      authMachine.provide({
        actors: { refresh: fromPromise(({ input }) => api.refresh(input.refreshToken)) },
        actions: {
          persistTokens: (_, p) => persistTokens(p.tokens),
          clearSession,
          redirectToLogin,
        },
      }),
      { input: { tokens } },
    );
  }
  auth = createAuth();
  auth.start();
  return { fake, http, api, auth, onForbidden, onMaintenance, clearSession, redirectToLogin, persistTokens };
}

const bearer = (c: RecordedCall) => c.headers.authorization;

describe('createHttp: headers and envelope', () => {
  it('sends the language, the bearer token, and returns data', async () => {
    const { fake, http } = setup();
    fake.on('GET', '/offers', () => ({ data: { items: [1] } }));
    await expect(http('/offers', { query: { 'pagination[pageSize]': 10 } })).resolves.toEqual({ items: [1] });
    expect(fake.calls[0].headers['content-language']).toBe('en');
    expect(fake.calls[0].headers.authorization).toBe('Bearer old-access');
    expect(decodeURIComponent(fake.calls[0].url)).toContain('pagination[pageSize]=10');
  });

  it('sends no Authorization header without a session, and JSON for a body', async () => {
    const { fake, http } = setup(null);
    fake.on('POST', '/contact-form', () => ({ data: null }));
    await http('/contact-form', { method: 'POST', body: { fullName: 'Jan' } });
    expect(fake.calls[0].headers.authorization).toBeUndefined();
    expect(fake.calls[0].headers['content-type']).toBe('application/json');
    expect(fake.calls[0].body).toEqual({ fullName: 'Jan' });
  });

  it('turns an error envelope into an ApiRequestError with status and errors', async () => {
    const { fake, http } = setup(null);
    fake.on('POST', '/contact-form', () => ({
      status: 400,
      errors: [{ code: 'EMAIL_EMPTY', context: 'email', message: 'E-mail is required' }],
    }));
    const error = await http<never>('/contact-form', { method: 'POST', body: {} }).catch((e: ApiRequestError) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('EMAIL_EMPTY');
    expect(error.message).toBe('E-mail is required');
  });

  it('turns a network failure into NETWORK_ERROR', async () => {
    const http = createHttp({
      baseURL: '/api',
      getLanguage: () => 'pl',
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const error = await http<never>('/slider').catch((e: ApiRequestError) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });
});

describe('createHttp: 401 → one refresh, every waiting request retried (SPEC §4, §7)', () => {
  it('three concurrent private requests with an expired token make exactly one refresh and all resolve', async () => {
    const { fake, http, auth, persistTokens } = setup();
    const refreshAnswer = gate();
    fake.on('GET', /^\/order\/\d$/, (c) =>
      bearer(c) === 'Bearer new-access'
        ? { data: { id: c.path.slice('/order/'.length), retried: true } }
        : { status: 401, errors: [{ code: 'TOKEN_EXPIRED', context: '', message: 'expired' }] },
    );
    fake.on('POST', '/token', async (c) => {
      await refreshAnswer.promise;
      return (c.body as { refreshToken: string }).refreshToken === 'old-refresh'
        ? { data: { accessToken: 'new-access', refreshToken: 'new-refresh', expiresIn: 900, currentLocale: 'en' } }
        : { status: 400, errors: [{ code: 'INVALID_GRANT', context: 'refreshToken', message: 'no' }] };
    });

    const all = Promise.all([http('/order/1'), http('/order/2'), http('/order/3')]);
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.path.startsWith('/order/'))).toHaveLength(3));
    await vi.waitFor(() => expect(auth.getSnapshot().hasTag('refreshing')).toBe(true));
    refreshAnswer.open();

    await expect(all).resolves.toEqual([
      { id: '1', retried: true },
      { id: '2', retried: true },
      { id: '3', retried: true },
    ]);
    const refreshes = fake.callsTo('POST', '/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ grantType: 'refresh_token', refreshToken: 'old-refresh' });
    // The refresh call itself never retried on a 401 and was not sent twice.
    const orderCalls = fake.calls.filter((c) => c.path.startsWith('/order/'));
    expect(orderCalls.map(bearer)).toEqual([
      'Bearer old-access',
      'Bearer old-access',
      'Bearer old-access',
      'Bearer new-access',
      'Bearer new-access',
      'Bearer new-access',
    ]);
    expect(auth.getSnapshot().context.tokens?.accessToken).toBe('new-access');
    expect(persistTokens).toHaveBeenCalledTimes(1);
    expect(persistTokens.mock.calls[0][0]).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
  });

  it('a 401 that arrives after the refresh (for the old token) retries without a second refresh', async () => {
    const { fake, http, auth } = setup();
    const late = gate();
    fake.on('GET', '/user/me', async (c) => {
      if (bearer(c) === 'Bearer new-access') return { data: { id: 'u1' } };
      await late.promise;
      return { status: 401, errors: [{ code: 'TOKEN_EXPIRED', context: '', message: 'expired' }] };
    });
    fake.on('GET', '/investment', (c) =>
      bearer(c) === 'Bearer new-access' ? { data: ['i'] } : { status: 401, errors: [{ code: 'TOKEN_EXPIRED', context: '', message: '' }] },
    );
    fake.on('POST', '/token', () => ({ data: { accessToken: 'new-access', refreshToken: 'new-refresh', expiresIn: 900, currentLocale: 'en' } }));

    const slow = http('/user/me');
    await expect(http('/investment')).resolves.toEqual(['i']);
    expect(auth.getSnapshot().context.tokens?.accessToken).toBe('new-access');
    late.open();
    await expect(slow).resolves.toEqual({ id: 'u1' });
    expect(fake.callsTo('POST', '/token')).toHaveLength(1);
  });

  it('a failed refresh logs out (clearSession + redirectToLogin) and the waiting requests fail with their 401', async () => {
    const { fake, http, auth, clearSession, redirectToLogin } = setup();
    fake.on('GET', /^\/order\/\d$/, () => ({ status: 401, errors: [{ code: 'UNAUTHORIZED', context: '', message: '' }] }));
    fake.on('POST', '/token', () => ({ status: 400, errors: [{ code: 'INVALID_GRANT', context: 'refreshToken', message: '' }] }));

    const results = await Promise.allSettled([http('/order/1'), http('/order/2')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.status).toBe(401);
    expect(fake.callsTo('POST', '/token')).toHaveLength(1);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(auth.getSnapshot().value).toBe('signedOut');
    expect(auth.getSnapshot().context.tokens).toBeNull();
  });

  it('a request marked noAuthRetry (token calls) never asks for a refresh', async () => {
    const { fake, api, auth } = setup();
    fake.on('POST', '/token/revoke', () => ({ status: 401, errors: [{ code: 'UNAUTHORIZED', context: '', message: '' }] }));
    await expect(api.revoke('old-refresh')).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo('POST', '/token')).toHaveLength(0);
    expect(auth.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
  });

  it('a 401 without a session is just an error', async () => {
    const { fake, http } = setup(null);
    fake.on('GET', '/user/me', () => ({ status: 401, errors: [{ code: 'UNAUTHORIZED', context: '', message: '' }] }));
    await expect(http('/user/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(fake.calls).toHaveLength(1);
  });

  it('a retried request that fails again applies the 403/503 rules to the retry', async () => {
    const { fake, http, onForbidden } = setup();
    fake.on('GET', '/investor/documents', (c) =>
      bearer(c) === 'Bearer new-access'
        ? { status: 403, errors: [{ code: 'FORBIDDEN', context: '', message: '' }] }
        : { status: 401, errors: [{ code: 'TOKEN_EXPIRED', context: '', message: '' }] },
    );
    fake.on('POST', '/token', () => ({ data: { accessToken: 'new-access', refreshToken: 'r2', expiresIn: 900, currentLocale: 'en' } }));
    await expect(http('/investor/documents')).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});

describe('createHttp: 403 and 503', () => {
  it('403 calls onForbidden and rejects', async () => {
    const { fake, http, onForbidden, onMaintenance } = setup();
    fake.on('GET', '/order', () => ({ status: 403, errors: [{ code: 'FORBIDDEN', context: '', message: 'Forbidden' }] }));
    await expect(http('/order')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onMaintenance).not.toHaveBeenCalled();
  });

  it('a 403 the call expects as its answer (forbiddenIsAnswer) rejects without the forbidden page', async () => {
    const { fake, http, onForbidden } = setup();
    fake.on('POST', '/operator/distributions/1/approve', () => ({ status: 403, errors: [{ code: 'DISTRIBUTION_FOUR_EYES', context: 'id', message: 'The author cannot approve' }] }));
    await expect(http('/operator/distributions/1/approve', { method: 'POST', body: {}, forbiddenIsAnswer: true })).rejects.toMatchObject({ status: 403, code: 'DISTRIBUTION_FOUR_EYES' });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('503 calls onMaintenance and rejects', async () => {
    const { fake, http, onForbidden, onMaintenance } = setup(null);
    fake.on('GET', '/faq', () => ({ status: 503, errors: [{ code: 'MAINTENANCE', context: '', message: '' }] }));
    await expect(http('/faq')).rejects.toMatchObject({ status: 503, code: 'MAINTENANCE' });
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('other failures call neither', async () => {
    const { fake, http, onForbidden, onMaintenance } = setup(null);
    fake.on('GET', '/faq', () => ({ status: 500, errors: [{ code: 'INTERNAL_ERROR', context: '', message: '' }] }));
    await expect(http('/faq')).rejects.toMatchObject({ status: 500 });
    expect(onForbidden).not.toHaveBeenCalled();
    expect(onMaintenance).not.toHaveBeenCalled();
  });

  it('an aborted request stops waiting for a refresh', async () => {
    const { fake, http, auth } = setup();
    const never = gate();
    fake.on('GET', '/user/me', () => ({ status: 401, errors: [{ code: 'TOKEN_EXPIRED', context: '', message: '' }] }));
    fake.on('POST', '/token', async () => {
      await never.promise;
      return { data: null };
    });
    const controller = new AbortController();
    const pending = http('/user/me', { signal: controller.signal });
    await waitFor(auth, (s) => s.hasTag('refreshing'));
    controller.abort();
    await expect(pending).rejects.toBeDefined();
  });
});

describe('fieldErrorsOf (SPEC §5)', () => {
  const e = (code: string, context: string) => ({ code, context, message: '' });

  it('strips the wrapper segments children, data, pl and en', () => {
    expect(
      fieldErrorsOf([
        e('EMAIL_EMPTY', 'email'),
        e('IS_EMPTY', 'data.firstName'),
        e('IS_EMPTY', 'children.address.children.city'),
        e('VALUE_NOT_VALID', 'pl.title'),
        e('VALUE_NOT_VALID', 'en.data.description'),
        e('STOCKS_IS_REQUIRED', 'investmentData.quantity'),
        e('IS_EMPTY', 'agreements[2]'),
      ]),
    ).toEqual({
      email: 'EMAIL_EMPTY',
      firstName: 'IS_EMPTY',
      'address.city': 'IS_EMPTY',
      title: 'VALUE_NOT_VALID',
      description: 'VALUE_NOT_VALID',
      'investmentData.quantity': 'STOCKS_IS_REQUIRED',
      'agreements.2': 'IS_EMPTY',
    });
  });

  it('keeps the first error of a field and files field-less errors under ""', () => {
    expect(fieldErrorsOf([e('EMAIL_EMPTY', 'email'), e('EMAIL_INVALID_FORMAT', 'email'), e('TOO_MANY_TRIES', '')])).toEqual({
      email: 'EMAIL_EMPTY',
      '': 'TOO_MANY_TRIES',
    });
    expect(fieldErrorsOf([e('X', 'data')])).toEqual({ '': 'X' });
    expect(fieldErrorsOf([])).toEqual({});
  });
});
