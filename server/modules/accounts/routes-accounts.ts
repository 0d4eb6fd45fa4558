import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerEmailCheckDataSchema } from '../../../contract/accounts';
import { envelopeSchema, errorEnvelopeSchema, ok, responses } from '../../lib/envelope';
import { tooManyTries } from '../../lib/errors';
import { createAccountsService } from './service';
import { countries } from './countries';
import {
  activateBodySchema,
  investorPatchSchema,
  investorSchema,
  registerBodySchema,
  registerEmailCheckBodySchema,
  resendBodySchema,
  resetPasswordBodySchema,
  resetPasswordQuerySchema,
} from './schemas';

// docs/api.md "Accounts": registration, activation, reset/set password, investor settings.
const accountsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const service = createAccountsService(fastify);
  const emailData = z.object({ email: z.string() });

  fastify.get('/investor/register', {
    schema: { response: responses(z.object({ countries: z.array(z.object({ id: z.string(), code: z.string() })) }), []) },
    handler: async () => ok({ countries: countries() }),
  });

  // Each registration mails an address: REGISTER_LIMIT per client IP per REGISTER_LIMIT_WINDOW_SECONDS. The
  // e-mail check (the registration's first step) is limited the same way in a bucket of its own, so checks
  // do not use up registrations. Counted once the body is valid (preHandler).
  // Counted atomically: a burst from one address gets exactly the free admissions (rate-limit-repository.ts admit).
  const limitPerIp = (action: 'register' | 'register_check') => async (request: FastifyRequest) => {
    const { admitted } = await fastify.rateLimitRepository.admit(action, { ip: request.ip }, fastify.config.registerLimit);
    if (!admitted) throw tooManyTries(fastify.config.registerLimit.windowSeconds);
    await fastify.rateLimitRepository.prune(action, fastify.config.registerLimit.windowSeconds);
  };

  fastify.post('/investor/register', {
    schema: {
      body: registerBodySchema,
      response: { 201: envelopeSchema(emailData), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
    },
    preHandler: limitPerIp('register'),
    handler: async (request, reply) => reply.code(201).send(ok(await service.register(request.body, request.language), 201)),
  });

  // The registration's first step: is this e-mail free? It reveals no more than the registration does (its
  // EMAIL_EXISTS).
  fastify.post('/investor/register/check-email', {
    schema: { body: registerEmailCheckBodySchema, response: responses(registerEmailCheckDataSchema, [400, 429]) },
    preHandler: limitPerIp('register_check'),
    handler: async (request) => ok(await service.checkEmailFree(request.body.email)),
  });

  fastify.post('/investor/activate-account', {
    schema: { body: activateBodySchema, response: responses(emailData, [400, 409]) },
    handler: async (request) => ok(await service.activate(request.body?.activationToken ?? '')),
  });

  fastify.post('/investor/activate-account/resend', {
    schema: { body: resendBodySchema, response: responses(z.null(), [400, 429]) },
    handler: async (request) => {
      await service.resendActivation(request.body.email, request.ip);
      return ok(null);
    },
  });

  fastify.get('/user/reset-password', {
    schema: {
      querystring: resetPasswordQuerySchema,
      response: responses(z.object({ valid: z.literal(true), email: z.string() })),
    },
    handler: async (request) => ok(await service.checkResetToken(request.query.resetPasswordToken ?? '')),
  });

  fastify.post('/user/reset-password', {
    schema: { body: resetPasswordBodySchema, response: responses(z.null(), [400, 429]) },
    handler: async (request) => {
      const body = request.body;
      if (body.mode === 'request') await service.requestPasswordReset(body.email, request.ip);
      else await service.setPasswordWithToken(body.token, body.password);
      return ok(null);
    },
  });

  fastify.get('/investor', {
    onRequest: fastify.authenticate,
    schema: { response: responses(investorSchema, [401]) },
    handler: async (request) => ok(await service.investor(request.principal!.userId)),
  });

  fastify.patch('/investor', {
    onRequest: fastify.authenticate,
    schema: { body: investorPatchSchema, response: responses(investorSchema, [400, 401, 429]) },
    handler: async (request) =>
      ok(await service.patch(request.principal!.userId, request.principal!.sessionId, request.body, request.ip)),
  });

  fastify.post('/investor/confirm-email', {
    schema: { body: z.object({ token: z.string().max(200, 'TOKEN_NOT_VALID').nullish() }).nullish(), response: responses(emailData) },
    handler: async (request) => ok(await service.confirmEmail(request.body?.token ?? '')),
  });

  // GET /investor/documents lives with the investor area (modules/portfolio).
};

export default accountsRoutes;
