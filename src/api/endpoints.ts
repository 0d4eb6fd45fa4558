// The calls of SPEC §7 that the foundation makes, as plain functions over the one HTTP client.
import { env } from '../config/env';
import type { LoginFailure, Tokens } from '../../machines/auth.machine';
import { ApiRequestError, fieldErrorsOf, type Http } from './http';
import type { SliderItem, SplashScreen, StaticContent, TokenData, User } from './types';

export function toTokens(data: TokenData, now = Date.now()): Tokens {
  // SPEC §9: the stored expiry is the seconds of expiresIn added to now.
  return { accessToken: data.accessToken, refreshToken: data.refreshToken, expiresAt: now + data.expiresIn * 1000 };
}

export function createEndpoints(http: Http) {
  return {
    splashScreen: (signal?: AbortSignal) => http<SplashScreen>('/splash-screen', { signal }),
    slider: (signal?: AbortSignal) => http<SliderItem[]>('/slider', { signal }),
    staticContent: (signal?: AbortSignal) => http<StaticContent>('/static-content', { signal }),
    me: (signal?: AbortSignal) => http<User>('/user/me', { signal }),

    async login(email: string, password: string): Promise<Tokens> {
      try {
        const data = await http<TokenData>('/token', {
          method: 'POST',
          noAuthRetry: true,
          body: { grantType: 'password', email, password, clientId: env.clientId, clientSecret: env.clientSecret },
        });
        return toTokens(data);
      } catch (error) {
        throw toLoginFailure(error, email);
      }
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const data = await http<TokenData>('/token', {
        method: 'POST',
        noAuthRetry: true,
        body: { grantType: 'refresh_token', refreshToken },
      });
      return toTokens(data);
    },

    revoke: (refreshToken: string | undefined) =>
      http<null>('/token/revoke', { method: 'POST', noAuthRetry: true, body: refreshToken ? { refreshToken } : {} }),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

/** A failed login as the auth machine understands it: codes per field, or the inactive-account case. */
export function toLoginFailure(error: unknown, email: string): LoginFailure {
  if (error instanceof ApiRequestError) {
    if (error.errors.some((e) => e.code === 'TOKEN_REQUEST:USER_NOT_ACTIVE' || e.code.endsWith(':USER_NOT_ACTIVE'))) {
      return { fieldErrors: {}, inactiveEmail: email };
    }
    return { fieldErrors: fieldErrorsOf(error.errors) };
  }
  return { fieldErrors: { '': 'NETWORK_ERROR' } };
}
