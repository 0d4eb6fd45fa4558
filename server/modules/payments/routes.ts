import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payPalReturnAnswerSchema, payPalReturnBodySchema, retryAnswerSchema, retryBodySchema } from '../../../contract/paypal';
import { ok, responses } from '../../lib/envelope';
import { apiError } from '../../lib/errors';
import type { WebhookEvent } from './paypal/client';

// docs/api.md "PayPal": the return page's call, the payment retry and PayPal's webhook.

const header = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value : undefined);

const paypalRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const service = () => fastify.paypal.service;

  fastify.post('/order/:id/paypal/return', {
    onRequest: fastify.authenticate,
    schema: {
      params: z.object({ id: z.string().max(64) }),
      body: payPalReturnBodySchema,
      response: responses(payPalReturnAnswerSchema, [400, 401, 404, 502]),
    },
    handler: async (request) =>
      ok(await service().handleReturn(request.principal!.userId, request.params.id, request.body?.token, request.language)),
  });

  fastify.post('/transaction/retry', {
    onRequest: fastify.authenticate,
    schema: { body: retryBodySchema, response: responses(retryAnswerSchema, [400, 401, 404, 409, 502]) },
    handler: async (request) => ok(await service().retry(request.principal!.userId, request.body, request.language)),
  });

  // PayPal's notifications. No body schema on purpose: the event is verified exactly as PayPal sent it (a
  // parsed-and-rebuilt object could reorder its keys). Open during maintenance: PayPal would retry for days.
  fastify.post('/paypal/webhook', {
    config: { maintenanceExempt: true },
    schema: { response: responses(z.object({ received: z.literal(true), duplicate: z.boolean() }), [400, 502]) },
    handler: async (request) => {
      const event = request.body as WebhookEvent | undefined;
      const headers = {
        transmissionId: header(request.headers['paypal-transmission-id']),
        transmissionTime: header(request.headers['paypal-transmission-time']),
        transmissionSig: header(request.headers['paypal-transmission-sig']),
        certUrl: header(request.headers['paypal-cert-url']),
        authAlgo: header(request.headers['paypal-auth-algo']),
      };
      const wellFormed =
        event &&
        typeof event === 'object' &&
        typeof event.id === 'string' &&
        event.id.length <= 100 &&
        typeof event.event_type === 'string' &&
        typeof event.resource === 'object' &&
        event.resource !== null;
      const missing = Object.entries(headers).filter(([, v]) => !v).map(([k]) => k);
      if (!wellFormed || missing.length) {
        request.log.warn({ ip: request.ip, missing, eventId: (event as { id?: unknown } | undefined)?.id }, 'PayPal webhook refused: not a PayPal event');
        throw apiError(400, 'WEBHOOK_NOT_VERIFIED');
      }
      const verified = await service().verify(headers as { [K in keyof typeof headers]: string }, event);
      if (!verified) {
        request.log.warn(
          { ip: request.ip, eventId: event.id, eventType: event.event_type, transmissionId: headers.transmissionId },
          'PayPal webhook refused: signature not verified (forged?)',
        );
        throw apiError(400, 'WEBHOOK_NOT_VERIFIED');
      }
      const result = await service().handleEvent(event, headers.transmissionId!);
      return ok({ received: true as const, duplicate: result.duplicate });
    },
  });
};

export default paypalRoutes;
