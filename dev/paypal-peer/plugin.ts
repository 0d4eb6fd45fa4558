import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PayPalPeer } from './peer';
import peerRoutes from './routes';

// The local PayPal peer: a stand-in for PayPal's REST API and approval page, for development, the demo and the
// tests. It lives outside server/ because production never runs it: the PayPal plugin imports this module only
// when PAYPAL_MODE=local, so with a real PayPal account none of this code is loaded.

export interface MountPeerOptions {
  prefix: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  webhooks: 'auto' | 'manual';
  /** the browser's address of the peer (the approval page) */
  publicBase: () => string;
  /** the server's own address of the peer, and of the app's webhook */
  apiBase: () => string;
  webhookUrl: () => string;
  log: FastifyBaseLogger;
}

/** Registers the peer's routes under `prefix` (outside /api: PayPal's paths and bodies, not our envelope). */
export async function mountPayPalPeer(fastify: FastifyInstance, options: MountPeerOptions): Promise<PayPalPeer> {
  const peer = new PayPalPeer({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    webhookId: options.webhookId,
    publicBase: options.publicBase,
    apiBase: options.apiBase,
    webhookUrl: options.webhookUrl,
    webhooks: options.webhooks,
    log: options.log,
  });
  await fastify.register(peerRoutes, { prefix: options.prefix, peer });
  fastify.addHook('onClose', async () => peer.close());
  return peer;
}

export { PayPalPeer };
