import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { newDebugId, paypalError, PeerHttpError, type PeerAnswer } from './errors';
import { approvalPage, PEER_CSS } from './page';
import type { Funding, PayPalPeer } from './peer';

// HTTP face of the local PayPal peer, mounted at /paypal-peer (PAYPAL_MODE=local only): PayPal's REST paths
// with PayPal's bodies and headers (PayPal-Debug-Id on every answer), plus the approval page and two dev
// controls that stand for decisions PayPal makes on its side (settling a pending capture, a refund).
//
// What PayPal accepts, the peer accepts: `Content-Type: application/json` with no body at all (PayPal's own
// server SDK sends every body-less POST so: capture, authorize, void), `{}`, or a body. Whatever goes wrong
// is answered in PayPal's error shape (errors.ts), from this plugin's own body parsers, error handler and
// not-found handler: malformed JSON, a media type PayPal does not take, an unknown path, a method the path
// does not have (405), a missing or stale token (401). Nothing of the app's envelope or Fastify's defaults
// reaches a PayPal client.

export interface PeerRoutesOptions {
  peer: PayPalPeer;
  prefix: string;
}

type Body = 'json' | 'form' | 'none';

interface ApiRoute {
  method: HTTPMethods;
  url: string;
  /** What body the call takes (a body of another media type is refused with 415). */
  body: Body;
  /** false: the OAuth token call (HTTP Basic instead of a bearer token). */
  bearer?: boolean;
  answer: (request: FastifyRequest<{ Params: Record<string, string> }>, debugId: string) => PeerAnswer;
}

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const isJson = (contentType: string | undefined) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');
const isForm = (contentType: string | undefined) => /^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(contentType ?? '');

const peerRoutes: FastifyPluginAsync<PeerRoutesOptions> = async (fastify, { peer, prefix }) => {
  // Every answer of the peer carries a PayPal-Debug-Id, errors of the parsers and the router included.
  const debugIds = new WeakMap<FastifyRequest, string>();
  fastify.addHook('onRequest', (request, reply, done) => {
    const debugId = newDebugId();
    debugIds.set(request, debugId);
    reply.header('paypal-debug-id', debugId).header('cache-control', 'no-store');
    done();
  });
  const debugIdOf = (request: FastifyRequest) => debugIds.get(request) ?? newDebugId();

  const send = (reply: FastifyReply, answer: PeerAnswer) => {
    if (answer.body === null) return reply.code(answer.status).send();
    return reply.code(answer.status).type('application/json').send(JSON.stringify(answer.body));
  };

  // ---------- bodies ----------
  // Only this plugin's parsers apply here (the app's /api has its own). An empty body is no body, whatever its
  // Content-Type says; a body PayPal would not parse is refused in PayPal's words.
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  const malformed = (request: FastifyRequest, reason: string) =>
    new PeerHttpError(paypalError(400, 'MALFORMED_REQUEST_JSON', `The request JSON is not well formed: ${reason}`, debugIdOf(request), { field: '/', location: 'body' }));

  fastify.addContentTypeParser(/^application\/(?:[\w.+-]+\+)?json$/i, { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => (error ? done(malformed(request, error.message), undefined) : done(null, value)));
  });
  // The token call and the approval page's forms.
  // (axios, under PayPal's SDK, labels a body-less POST such as void with this type.)
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    done(null, text === '' ? undefined : Object.fromEntries(new URLSearchParams(text)));
  });
  // Anything else: nothing to parse is fine (a body-less POST with any Content-Type), a body is refused.
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(unsupportedMediaType(request), undefined);
  });

  function unsupportedMediaType(request: FastifyRequest) {
    const type = request.headers['content-type'] ?? '(none)';
    return new PeerHttpError(
      paypalError(415, 'UNSUPPORTED_MEDIA_TYPE', `The media type ${type} is not supported here.`, debugIdOf(request), { field: 'Content-Type', value: type, location: 'header' }),
    );
  }

  // ---------- errors the router and the framework meet ----------

  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const debugId = debugIdOf(request);
    if (error instanceof PeerHttpError) return send(reply, error.answer);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(reply, unsupportedMediaType(request).answer);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, paypalError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than the server accepts.', debugId, { location: 'body' }));
    }
    if (error.validation) {
      const first = error.validation[0];
      return send(reply, paypalError(400, 'INVALID_PARAMETER_SYNTAX', first?.message ?? error.message, debugId, { field: first?.instancePath || '/', location: error.validationContext === 'querystring' ? 'query' : error.validationContext === 'params' ? 'path' : 'body' }));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error, debugId }, 'local PayPal peer: internal error');
    return send(
      reply,
      status >= 500
        ? paypalError(500, 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.', debugId)
        : paypalError(status, 'INVALID_REQUEST', 'The request could not be read.', debugId),
    );
  });

  fastify.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return send(reply, paypalError(404, 'RESOURCE_NOT_FOUND', `No resource at ${request.method} ${path}.`, debugIdOf(request), { location: 'path' }));
  });

  // ---------- PayPal's REST API ----------

  const requestId = (request: FastifyRequest) => {
    const value = request.headers['paypal-request-id'];
    return typeof value === 'string' && value ? value : undefined;
  };

  const routes: ApiRoute[] = [
    {
      method: 'POST',
      url: '/v1/oauth2/token',
      body: 'form',
      bearer: false,
      answer: (request) => {
        // PayPal reads grant_type from the form only: any other body leaves it unset.
        const body = (isForm(request.headers['content-type']) ? request.body : undefined) as { grant_type?: string } | undefined;
        return peer.issueToken(request.headers.authorization, body?.grant_type);
      },
    },
    { method: 'POST', url: '/v2/checkout/orders', body: 'json', answer: (r, d) => peer.createOrder(r.body, requestId(r), d) },
    { method: 'GET', url: '/v2/checkout/orders/:id', body: 'none', answer: (r, d) => peer.getOrder(r.params.id, d) },
    { method: 'PATCH', url: '/v2/checkout/orders/:id', body: 'json', answer: (r, d) => peer.patchOrder(r.params.id, r.body, d) },
    { method: 'POST', url: '/v2/checkout/orders/:id/capture', body: 'json', answer: (r, d) => peer.capture(r.params.id, requestId(r), d, r.body) },
    { method: 'POST', url: '/v2/checkout/orders/:id/authorize', body: 'json', answer: (r, d) => peer.authorize(r.params.id, requestId(r), d, r.body) },
    { method: 'GET', url: '/v2/payments/authorizations/:id', body: 'none', answer: (r, d) => peer.getAuthorization(r.params.id, d) },
    { method: 'POST', url: '/v2/payments/authorizations/:id/capture', body: 'json', answer: (r, d) => peer.captureAuthorization(r.params.id, r.body, requestId(r), d) },
    { method: 'POST', url: '/v2/payments/authorizations/:id/void', body: 'json', answer: (r, d) => peer.voidAuthorization(r.params.id, d) },
    { method: 'GET', url: '/v2/payments/captures/:id', body: 'none', answer: (r, d) => peer.getCapture(r.params.id, d) },
    { method: 'POST', url: '/v2/payments/captures/:id/refund', body: 'json', answer: (r, d) => peer.refundCapture(r.params.id, r.body, requestId(r), d) },
    { method: 'GET', url: '/v2/payments/refunds/:id', body: 'none', answer: (r, d) => peer.getRefund(r.params.id, d) },
    { method: 'POST', url: '/v1/notifications/verify-webhook-signature', body: 'json', answer: (r, d) => peer.verify(r.body, d) },
  ];

  for (const route of routes) {
    fastify.route<{ Params: Record<string, string> }>({
      method: route.method,
      url: route.url,
      // A bearer token is checked before the body is read, as PayPal's gateway does.
      onRequest: (request, reply, done) => {
        const refused = route.bearer === false ? undefined : peer.authenticate(request.headers.authorization, debugIdOf(request));
        if (refused) return void send(reply, refused);
        done();
      },
      preHandler: (request, reply, done) => {
        // A body of the wrong media type (a form where JSON is expected and the other way round).
        const type = request.headers['content-type'];
        const wrong = request.body !== undefined && (route.body === 'none' || (route.body === 'json' ? !isJson(type) : !isForm(type)));
        if (wrong) return void send(reply, unsupportedMediaType(request).answer);
        done();
      },
      handler: async (request, reply) => send(reply, route.answer(request, debugIdOf(request))),
    });
  }

  // A path PayPal has, with a method it has not: 405 METHOD_NOT_SUPPORTED, naming the methods it has.
  const byUrl = new Map<string, HTTPMethods[]>();
  for (const route of routes) byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route.method]);
  for (const [url, methods] of byUrl) {
    const others = METHODS.filter((m) => !methods.includes(m));
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');
    fastify.route({
      method: others,
      url,
      handler: async (request, reply) =>
        send(reply.header('allow', allow), paypalError(405, 'METHOD_NOT_SUPPORTED', `${request.method} is not supported here; use ${allow}.`, debugIdOf(request))),
    });
  }

  // ---------- the approval page ----------

  fastify.get('/peer.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PEER_CSS));

  fastify.get<{ Querystring: { token?: string; declined?: string } }>('/checkoutnow', async (request, reply) => {
    const order = request.query.token ? peer.orders.get(request.query.token) : undefined;
    const language = order?.experience.locale?.startsWith('pl') ? 'pl' : 'en';
    return reply
      .code(order ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(approvalPage(order, prefix, language, { declined: request.query.declined === '1' || order?.fundingDeclined === true }));
  });

  fastify.post<{ Params: { id: string }; Body: { action?: string } | undefined }>('/checkoutnow/:id', async (request, reply) => {
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
