import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

// Security headers on every answer, API and static alike. No inline script is allowed by the CSP.
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(
  async (fastify) => {
    await fastify.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
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
