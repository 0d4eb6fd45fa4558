import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

// Security headers on every answer, API and static alike. No inline script is allowed by the CSP.
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

export default fp(
  async (fastify) => {
    await fastify.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: policyFor(fastify.config?.csp) },
      // frame-ancestors 'none' says it for current browsers; DENY says the same to old ones.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only makes sense over TLS; set below per request.
      strictTransportSecurity: false,
      xContentTypeOptions: true,
    });

    // request.protocol is 'https' for a TLS socket, or for x-forwarded-proto: https when TRUST_PROXY is on.
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
