import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { approvalPage, PEER_CSS } from './page';
import type { Funding, PayPalPeer, PeerAnswer } from './peer';

// HTTP face of the local PayPal peer, mounted at /paypal-peer (PAYPAL_MODE=local only): PayPal's REST paths
// with PayPal's bodies and headers (PayPal-Debug-Id on every answer), plus the approval page and two dev
// controls that stand for decisions PayPal makes on its side (settling a pending capture, a refund).

export interface PeerRoutesOptions {
  peer: PayPalPeer;
  prefix: string;
}

const peerRoutes: FastifyPluginAsync<PeerRoutesOptions> = async (fastify, { peer, prefix }) => {
  // Bodies of the token call and of the approval form.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const send = (reply: FastifyReply, debugId: string, answer: PeerAnswer) => {
    reply.header('paypal-debug-id', debugId).header('cache-control', 'no-store');
    if (answer.body === null) return reply.code(answer.status).send();
    return reply.code(answer.status).type('application/json').send(JSON.stringify(answer.body));
  };

  const authorized = (request: FastifyRequest, reply: FastifyReply, debugId: string) => {
    if (peer.isAuthorized(request.headers.authorization)) return true;
    void send(reply, debugId, {
      status: 401,
      body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', links: [], debug_id: debugId },
    });
    return false;
  };

  const requestId = (request: FastifyRequest) => {
    const value = request.headers['paypal-request-id'];
    return typeof value === 'string' && value ? value : undefined;
  };

  fastify.post('/v1/oauth2/token', async (request, reply) => {
    const debugId = peer.newDebugId();
    const body = (request.body ?? {}) as { grant_type?: string };
    return send(reply, debugId, peer.issueToken(request.headers.authorization, body.grant_type));
  });

  fastify.post('/v2/checkout/orders', async (request, reply) => {
    const debugId = peer.newDebugId();
    if (!authorized(request, reply, debugId)) return reply;
    return send(reply, debugId, peer.createOrder(request.body, requestId(request), debugId));
  });

  fastify.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
    const debugId = peer.newDebugId();
    if (!authorized(request, reply, debugId)) return reply;
    return send(reply, debugId, peer.getOrder(request.params.id, debugId));
  });

  fastify.patch<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
    const debugId = peer.newDebugId();
    if (!authorized(request, reply, debugId)) return reply;
    return send(reply, debugId, peer.patchOrder(request.params.id, request.body, debugId));
  });

  fastify.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const debugId = peer.newDebugId();
    if (!authorized(request, reply, debugId)) return reply;
    return send(reply, debugId, peer.capture(request.params.id, requestId(request), debugId));
  });

  fastify.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    const debugId = peer.newDebugId();
    if (!authorized(request, reply, debugId)) return reply;
    return send(reply, debugId, peer.verify(request.body));
  });

  // ---------- the approval page ----------

  fastify.get('/peer.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PEER_CSS));

  fastify.get<{ Querystring: { token?: string; declined?: string } }>('/checkoutnow', async (request, reply) => {
    const order = request.query.token ? peer.orders.get(request.query.token) : undefined;
    const language = order?.experience.locale?.startsWith('pl') ? 'pl' : 'en';
    return reply
      .code(order ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(approvalPage(order, prefix, language, { declined: request.query.declined === '1' || order?.fundingDeclined === true }));
  });

  fastify.post<{ Params: { id: string }; Body: { action?: string } }>('/checkoutnow/:id', async (request, reply) => {
    const action = request.body?.action;
    const id = request.params.id;
    const target =
      action === 'cancel'
        ? peer.cancel(id)
        : action === 'pay' || action === 'pending' || action === 'declined-card'
          ? peer.approve(id, (action === 'pay' ? 'paypal' : action) as Funding)
          : undefined;
    if (!target) {
      const order = peer.orders.get(id);
      return reply.code(409).type('text/html; charset=utf-8').send(approvalPage(order?.status === 'APPROVED' ? undefined : order, prefix, 'en'));
    }
    return reply.code(303).header('location', target).send();
  });

  // ---------- dev controls (what PayPal decides on its side) ----------

  fastify.post<{ Params: { id: string; outcome: string } }>('/dev/captures/:id/:outcome', async (request, reply) => {
    const outcome = request.params.outcome;
    if (outcome !== 'complete' && outcome !== 'deny' && outcome !== 'refund') return reply.code(404).send();
    const done = peer.settleCapture(request.params.id, outcome);
    return reply.code(done ? 204 : 409).send();
  });
};

export default peerRoutes;
