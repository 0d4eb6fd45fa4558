import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { PAYPAL_PEER_PREFIX } from '../../../config';
import { createPayPalClient, type PayPalClient } from './client';
import type { PayPalPeer } from '../../../../dev/paypal-peer/peer';
import { createPayPalService, type PayPalService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    paypal: { client: PayPalClient; service: PayPalService };
    /** The local PayPal peer: only in PAYPAL_MODE=local (undefined otherwise; its routes are not registered). */
    paypalPeer: PayPalPeer | undefined;
  }
}

// PayPal: the REST client, the service, its payment-method handler (registered into `fastify.paymentMethods`,
// server/modules/orders/payment-methods.ts) and, in PAYPAL_MODE=local only, the local peer under /paypal-peer
// (dev/paypal-peer/: not part of the production tree).
export default fp(
  async (fastify) => {
    const settings = fastify.config.paypal;

    /** This server's own address, as other code on this machine reaches it (known once it listens). */
    const selfOrigin = () => {
      const address = fastify.server.address() as AddressInfo | string | null;
      if (!address || typeof address === 'string') throw new Error('the local PayPal peer needs the server to be listening');
      const host =
        address.address === '0.0.0.0' || address.address === '::'
          ? '127.0.0.1'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
      return `http://${host}:${address.port}`;
    };

    let peer: PayPalPeer | undefined;
    if (settings.mode === 'local') {
      // Loaded only here: production (a real PayPal) never imports the peer's code.
      const { mountPayPalPeer } = await import('../../../../dev/paypal-peer/plugin');
      peer = await mountPayPalPeer(fastify, {
        prefix: PAYPAL_PEER_PREFIX,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        webhookId: settings.webhookId,
        publicBase: () => `${fastify.config.publicUrl}${PAYPAL_PEER_PREFIX}`,
        apiBase: () => `${selfOrigin()}${PAYPAL_PEER_PREFIX}`,
        webhookUrl: () => `${selfOrigin()}/api/paypal/webhook`,
        webhooks: settings.peerWebhooks ?? 'auto',
        log: fastify.log.child({ module: 'paypal-peer' }),
      });
    }
    fastify.decorate('paypalPeer', peer);

    const client = createPayPalClient({
      baseUrl: () => settings.baseUrl ?? `${selfOrigin()}${PAYPAL_PEER_PREFIX}`,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      webhookId: settings.webhookId,
      timeoutMs: settings.timeoutMs,
      log: fastify.log.child({ module: 'paypal-client' }),
    });
    const service = createPayPalService({
      db: fastify.db,
      config: fastify.config,
      log: fastify.log,
      client,
      paymentMethods: fastify.paymentMethods,
    });
    fastify.paymentMethods.register(service.handler);
    fastify.decorate('paypal', { client, service });

    fastify.addHook('onReady', async () => {
      if (settings.mode !== 'local') fastify.log.info({ mode: settings.mode, baseUrl: settings.baseUrl }, 'PayPal');
    });
  },
  { name: 'paypal', dependencies: ['database', 'orders'] },
);
