import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { onOrderTransition } from '../modules/orders/events';
import { createMetrics, type AppMetrics, type OutboxFigures } from './metrics';

// Prometheus metrics, not public. Off by default; on when METRICS_PORT or METRICS_TOKEN is set:
// - METRICS_PORT: GET /metrics on a port of its own (METRICS_HOST), which the load balancer never routes; the
//   firewall keeps it inside the network. With METRICS_TOKEN also set, that port asks for the token too.
// - METRICS_TOKEN alone: GET /metrics on the app's port, only with `Authorization: Bearer <METRICS_TOKEN>`
//   (401 otherwise). Without either, /metrics is a plain 404 like any unknown path.
// Counting costs nothing measurable when off: the per-request hook and the pool's wait times are only wired when on.

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics & {
      /** Whether the metrics are served (METRICS_PORT or METRICS_TOKEN set). */
      enabled: boolean;
      /** The metrics port's address once it listens (METRICS_PORT; 0 picks a free one). */
      address(): AddressInfo | null;
    };
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const OUTBOX_TIMEOUT_MS = 1000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Does the request carry `Authorization: Bearer <token>`? Constant-time comparison. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

async function readOutbox(db: Db): Promise<OutboxFigures> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('mail outbox read timed out')), OUTBOX_TIMEOUT_MS);
  });
  try {
    const query = db.execute(sql`
      select count(*)::int as depth,
             coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
      from mail_outbox where status = 'pending'`) as unknown as Promise<{ rows: { depth: number; oldest: number }[] }>;
    // A late answer after the timeout is dropped, not left rejected.
    query.catch(() => {});
    const { rows } = await Promise.race([query, timeout]);
    return { depth: Number(rows[0]?.depth ?? 0), oldestAgeSeconds: Number(rows[0]?.oldest ?? 0) };
  } finally {
    clearTimeout(timer);
  }
}

export default fp(
  async (fastify) => {
    const settings = fastify.config.metrics;
    const enabled = settings.port !== undefined || settings.token !== undefined;
    const metrics = createMetrics({ defaultMetrics: enabled });
    let server: Server | undefined;
    fastify.decorate('metrics', {
      ...metrics,
      enabled,
      address: () => (server?.address() as AddressInfo | null) ?? null,
    });

    const unsubscribe: (() => void)[] = [];
    // Payments and expiries are counted when their transaction has committed (server/modules/orders/events.ts).
    unsubscribe.push(
      onOrderTransition((change) => {
        if (change.to === 'paid') metrics.paymentsCaptured.inc({ actor: change.actor });
        if (change.to === 'cancelled' && change.reason === 'PAYMENT_EXPIRED') metrics.ordersExpired.inc();
      }),
    );
    fastify.addHook('onClose', async () => {
      for (const stop of unsubscribe) stop();
      if (server) await new Promise((resolve) => server!.close(resolve));
    });
    if (!enabled) return;

    const database = fastify.database;
    if (database.kind === 'postgres') metrics.setPool(database.pool);
    unsubscribe.push(
      database.events.onAcquire((seconds, ok) => metrics.dbAcquire.observe({ outcome: ok ? 'ok' : 'failed' }, seconds)),
      database.events.onConnectionError((_error, { checkedOut }) => metrics.dbConnectionErrors.inc({ in_use: String(checkedOut) })),
    );
    metrics.setOutbox(() => readOutbox(fastify.db));

    // By the route's pattern (`/api/offers/:slug`), never the raw URL: a bounded set of series.
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? (reply.statusCode < 400 ? '(spa)' : '(unmatched)');
      metrics.httpRequestDuration.observe(
        { method: METHODS.has(request.method) ? request.method : 'OTHER', route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const answer = async (authorization: string | undefined) => {
      if (settings.token && !bearerMatches(authorization, settings.token)) return { status: 401, type: 'text/plain; charset=utf-8', body: 'Unauthorized\n' };
      return { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() };
    };

    if (settings.port === undefined) {
      fastify.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
        const { status, type, body } = await answer(request.headers.authorization);
        if (status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.code(status).header('cache-control', 'no-store').type(type).send(body);
      });
      return;
    }

    const port = settings.port;
    const handle = async (request: IncomingMessage, response: ServerResponse) => {
      try {
        const path = (request.url ?? '').split('?', 1)[0];
        if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        const { status, type, body } = await answer(request.headers.authorization);
        response.writeHead(status, {
          'content-type': type,
          'cache-control': 'no-store',
          ...(status === 401 ? { 'www-authenticate': 'Bearer realm="metrics"' } : {}),
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      } catch (error) {
        fastify.log.error({ err: error }, 'metrics: scrape failed');
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Internal server error\n');
      }
    };
    fastify.addHook('onReady', async () => {
      server = createServer((request, response) => void handle(request, response));
      server.on('clientError', (_error, socket) => socket.destroy());
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, settings.host, () => {
          server!.off('error', reject);
          resolve();
        });
      });
      fastify.log.info({ address: server.address() }, 'metrics listening');
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
