import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';
import { isApiUrl } from '../../lib/api-url';

// Security headers on every answer, API and static alike: the document set (below) on pages, files and anything
// else a browser may render, a short data set on the API's JSON. No inline script is allowed by the CSP.
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** The policy with the third-party origins the operator configured (CSP_*_SRC); none by default. */
export function policyFor(csp: Config['csp'] | undefined): Record<string, string[]> {
  if (!csp) return contentSecurityPolicy;
  return {
    ...contentSecurityPolicy,
    'img-src': [...contentSecurityPolicy['img-src'], ...csp.imgSrc],
    'frame-src': csp.frameSrc.length ? csp.frameSrc : contentSecurityPolicy['frame-src'],
    'script-src': [...contentSecurityPolicy['script-src'], ...csp.scriptSrc],
    'connect-src': [...contentSecurityPolicy['connect-src'], ...csp.connectSrc],
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets for these options, computed ONCE. (@fastify/helmet rebuilt helmet's middleware on every
 * request, parsing the CSP directives each time: an eighth of a cached public answer's CPU.)
 */
export function securityHeadersFor(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of an API answer that is data (JSON, or an empty 304 / 204): it is never rendered as a page, so it may
 * load nothing and be framed by nothing. The document set carries 11 headers (0.6 kB) that only a page uses; on
 * every cached public answer they cost more to write than the answer's own headers. What api.github.com
 * sends its JSON with, in substance.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Content types an API answer keeps the data set with; anything else under /api (the reference's page, PDFs, CSV) is a document. */
const isData = (type: unknown) => type === undefined || (typeof type === 'string' && type.startsWith('application/json'));

export default fp(
  async (fastify) => {
    const documentHeaders = Object.entries(
      securityHeadersFor({
        contentSecurityPolicy: { useDefaults: false, directives: policyFor(fastify.config?.csp) },
        // frame-ancestors 'none' says it for current browsers; DENY says the same to old ones.
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        // HSTS only makes sense over TLS; set below per request.
        strictTransportSecurity: false,
        xContentTypeOptions: true,
      }),
    );
    const apiHeaders = Object.entries(apiSecurityHeaders);

    // Every answer, API and static alike, errors and 404s too. request.protocol is 'https' for a TLS socket, or
    // for x-forwarded-proto: https when TRUST_PROXY is on.
    fastify.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of isApiUrl(request.url) ? apiHeaders : documentHeaders) reply.header(name, value);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });

    // An /api answer that turns out not to be data gets the document set over the data set (whose names it covers).
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (isApiUrl(request.url) && !isData(reply.getHeader('content-type'))) {
        for (const [name, value] of documentHeaders) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
