import { randomBytes } from 'node:crypto';

// PayPal's error shape, the only one the local peer answers with (besides the OAuth 2 token endpoint, which
// answers `{ error, error_description }` as RFC 6749 §5.2 and PayPal's own /v1/oauth2/token do):
//   { name, message, debug_id, details: [{ field?, value?, location?, issue, description }], links }
// Names and messages per HTTP status from https://developer.paypal.com/api/rest/responses/. A status PayPal
// documents no name for keeps its code and takes the family's name (INVALID_REQUEST for 4xx).

export interface PeerAnswer {
  status: number;
  body: unknown;
}

export interface PayPalErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
  issue: string;
  description: string;
}

export interface PayPalLinkDescription {
  href: string;
  rel: string;
  method?: string;
}

const NAMES: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' },
  403: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  405: { name: 'METHOD_NOT_SUPPORTED', message: 'The server does not implement the requested HTTP method.' },
  406: { name: 'MEDIA_TYPE_NOT_ACCEPTABLE', message: 'The server does not implement the media type that would be acceptable to the client.' },
  415: { name: 'UNSUPPORTED_MEDIA_TYPE', message: "The server does not support the request payload's media type." },
  422: { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.' },
  429: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.' },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' },
  503: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
};

export const newDebugId = () => randomBytes(7).toString('hex');

/** PayPal's name and message for an HTTP status. */
export function errorName(status: number) {
  return NAMES[status] ?? (status >= 500 ? NAMES[500] : NAMES[400]);
}

/** One error answer in PayPal's shape: a detail (issue + description) and an information link, always. */
export function paypalError(
  status: number,
  issue: string,
  description: string,
  debugId: string,
  extra: Omit<Partial<PayPalErrorDetail>, 'issue' | 'description'> & { links?: PayPalLinkDescription[] } = {},
): PeerAnswer {
  const { links = [], ...where } = extra;
  const { name, message } = errorName(status);
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId,
      details: [{ ...where, issue, description }],
      links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }, ...links],
    },
  };
}

/** Thrown where an answer cannot be returned (body parsers, hooks): the peer's error handler sends it as is. */
export class PeerHttpError extends Error {
  constructor(readonly answer: PeerAnswer) {
    super(`${answer.status} ${(answer.body as { name?: string }).name ?? ''}`);
    this.name = 'PeerHttpError';
  }
}

/**
 * For Fastify's `frameworkErrors` (a URL that does not decode, a path parameter over the router's limit): these
 * are answered before any plugin's handlers, so the app's handler asks this for URLs under the peer's prefix.
 */
export function peerFrameworkError(code: string): PeerAnswer & { debugId: string } {
  const debugId = newDebugId();
  const answer =
    code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? paypalError(400, 'INVALID_PARAMETER_SYNTAX', 'A path parameter is longer than allowed.', debugId, { location: 'path' })
      : paypalError(400, 'INVALID_PARAMETER_SYNTAX', 'The request URL is not well-formed.', debugId, { location: 'path' });
  return { ...answer, debugId };
}
