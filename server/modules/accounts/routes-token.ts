import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { bearerToken } from './auth';
import { createTokenService } from './token-service';
import { revokeRequestSchema, tokenDataSchema, tokenRequestSchema } from './token-schemas';

// POST /token (password and refresh grants) and POST /token/revoke, as in docs/api.md "Auth".
const tokenRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const service = createTokenService(fastify);

  fastify.post('/token', {
    config: { maintenanceExempt: true },
    schema: {
      body: tokenRequestSchema,
      response: responses(tokenDataSchema, [400, 429]),
    },
    handler: async (request) => {
      const body = request.body;
      if (body.grantType === 'refresh_token') return ok(await service.refreshGrant(body.refreshToken));
      service.assertClient(body.clientId, body.clientSecret);
      return ok(await service.passwordGrant(body.email, body.password, request.ip));
    },
  });

  fastify.post('/token/revoke', {
    config: { maintenanceExempt: true },
    schema: {
      body: revokeRequestSchema,
      response: responses(z.null()),
    },
    handler: async (request) => {
      await service.revoke(bearerToken(request), request.body?.refreshToken);
      return ok(null);
    },
  });
};

export default tokenRoutes;
