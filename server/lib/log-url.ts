// What a request's URL looks like in the log. Links carry tokens: the mailed activation, password-reset and
// e-mail-confirmation links have them in the path (/en/activate/<token>, contract/routes.ts), an offer
// preview and PayPal's return in the query (?previewToken=…, ?token=…). Anyone who reads the log could use
// them. So the logged URL keeps the path and the query's names, with every token-like value replaced:
// - a path segment that is a route's token parameter (a parameter whose name says "token");
// - a query value whose name says token, secret, password, key, signature or code.
import { ROUTES } from '../../contract/routes';

export const REDACTED = '[redacted]';

const SECRET_NAME = /token|secret|passw|key|signature|code|jwt/i;

/** Per route with a token parameter: its segments, `null` where the token stands, `*` for other parameters. */
const TOKEN_ROUTES: Array<Array<string | null>> = ROUTES.flatMap((route) =>
  Object.values(route.path)
    .map((path) => path.split('/').filter(Boolean))
    .filter((segments) => segments.some((s) => s.startsWith(':') && /token/i.test(s)))
    .map((segments) => segments.map((s) => (s.startsWith(':') ? (/token/i.test(s) ? null : '*') : s))),
);

function redactPath(path: string): string {
  const segments = path.split('/');
  // "/en/activate/abc" → ['', 'en', 'activate', 'abc']: the route's segments follow the language
  const offset = 2;
  for (const pattern of TOKEN_ROUTES) {
    if (segments.length - offset !== pattern.length) continue;
    const matches = pattern.every((p, i) => p === null || p === '*' || p === safeDecode(segments[offset + i]));
    if (!matches) continue;
    return segments.map((s, i) => (i >= offset && pattern[i - offset] === null ? REDACTED : s)).join('/');
  }
  return path;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_NAME.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The URL as it may be logged: the path's and query's token values replaced by [redacted]. */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  return redactPath(path) + (q < 0 ? '' : `?${redactQuery(query)}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  id?: string;
}

/** pino serializer for `req` (Fastify's own fields, with the URL redacted). */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
