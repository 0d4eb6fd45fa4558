import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining state of this node (server/index.ts turns it on at the first shutdown signal). */
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  /** true from the first shutdown signal on: GET /api/ready answers 503 NODE_DRAINING. */
  readonly draining: boolean;
  /** Not ready from now on, and every later answer closes its connection (`Connection: close`). */
  startDraining(): void;
}

// The node's side of a deploy: the connection cap, and the draining state a load balancer reads through
// GET /api/ready. While draining, the node still answers whatever reaches it (the balancer needs a moment to
// notice), but each answer closes its connection, so by the time the listener closes no idle keep-alive
// connection of the balancer's is left to race a new request against the close.
export default fp(
  async (fastify) => {
    const max = fastify.config.connections.max;
    fastify.server.maxConnections = max;
    // Node drops a connection over the cap as it arrives; say so, at most once per 10 s.
    let dropped = 0;
    let lastWarning = 0;
    fastify.server.on('drop', () => {
      dropped += 1;
      const now = Date.now();
      if (now - lastWarning < 10_000) return;
      fastify.log.warn({ dropped, maxConnections: max }, 'connection cap reached: new connections dropped (MAX_CONNECTIONS)');
      lastWarning = now;
      dropped = 0;
    });

    let draining = false;
    fastify.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      startDraining() {
        if (draining) return;
        draining = true;
        // A listener added only now: nothing is spent per request before a shutdown. Prepended, so the header
        // is set before Fastify can answer.
        fastify.server.prependListener('request', (request, response) => {
          if (request.httpVersionMajor < 2 && !response.headersSent) response.setHeader('connection', 'close');
        });
      },
    } satisfies Lifecycle);

    // Closing: Node's server.close() closes the connections idle at that moment, and Fastify answers later
    // requests with `Connection: close`; but a connection whose request was in flight then (and was answered
    // keep-alive) would stay open until its keep-alive time-out, holding the close up. So until the server has
    // closed, connections are closed as soon as they fall idle.
    fastify.addHook('preClose', async () => {
      if (!fastify.server.listening) return;
      const sweep = setInterval(() => fastify.server.closeIdleConnections(), 100);
      sweep.unref();
      fastify.server.once('close', () => clearInterval(sweep));
    });
  },
  { name: 'lifecycle' },
);
