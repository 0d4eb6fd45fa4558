import type { ErrorParams } from '../../lib/locales/errorText';
import type { ErrorCode } from '../i18n/messages';

export interface ApiErrorItem {
  code: ErrorCode;
  /** Dotted path of the offending request field, or '' when the error concerns no field. */
  context: string;
  /** values the message is written with (TOO_MANY_TRIES: minutes); never sent as such, only in the translated message */
  params?: ErrorParams;
}

/** A failure the error handler turns into the envelope; messages are added there, in the request's language. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: ApiErrorItem[];

  constructor(statusCode: number, errors: ApiErrorItem[]) {
    super(errors.map((e) => e.code).join(', '));
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const apiError = (statusCode: number, code: ErrorCode, context = '') => new ApiError(statusCode, [{ code, context }]);
export const badRequest = (code: ErrorCode, context = '') => apiError(400, code, context);
export const unauthorized = (code: 'UNAUTHORIZED' | 'TOKEN_EXPIRED' = 'UNAUTHORIZED') => apiError(401, code);
export const forbidden = () => apiError(403, 'FORBIDDEN');
export const notFound = (context = '') => apiError(404, 'NOT_FOUND', context);

/**
 * 429 of a rate limit: its message tells the limit's own window ("wait 10 minutes" for the registration,
 * "1 minute" for the password checks), and the answer carries `Retry-After` with the window in seconds.
 */
export class TooManyTriesError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(windowSeconds: number) {
    super(429, [{ code: 'TOO_MANY_TRIES', context: '', params: { minutes: Math.max(1, Math.ceil(windowSeconds / 60)) } }]);
    this.retryAfterSeconds = windowSeconds;
  }
}

export const tooManyTries = (windowSeconds: number) => new TooManyTriesError(windowSeconds);
