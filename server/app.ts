import type { Server } from 'node:http';
import Fastify, { LogController, type FastifyHttpOptions, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { Database } from './db/client';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './lib/database-errors';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors';
import { serializeError } from './lib/log-serializers';
import { serializeRequest } from './lib/log-url';
import { parseQueryString } from './lib/querystring';
import compress from './plugins/external/compress';
import securityHeaders from './plugins/external/security-headers';
import databasePlugin from './plugins/app/database';
import lifecycle from './plugins/app/lifecycle';
import auth from './modules/accounts/auth';
import mail from './modules/mail/plugin';
import metrics from './metrics/plugin';
import orders from './modules/orders/plugin';
import paypal from './modules/payments/paypal/plugin';
import payouts from './modules/payouts/plugin';
import tokens from './modules/accounts/tokens';
import rateLimitRepository from './modules/accounts/rate-limit-repository';
import siteState from './plugins/app/site-state';
import publicCache from './cache/public-cache';
import sessionsRepository from './modules/accounts/sessions-repository';
import api from './http/api';
import media from './http/media';
import spa from './pages/spa';
import './types';
import { requestAwareConfig } from './lib/public-url';

/**
 * One log line per request, when it is answered, with the (redacted) request, status and time: Fastify's
 * default writes two ("incoming request" and "request completed"), and each line costs CPU on every request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** A pino destination: anything with write(line). */
export type LogStream = { write(line: string): void };

export interface AppOptions {
  config: Config;
  /** Opened and migrated by the caller, who also closes it. */
  database: Database;
  /** Extra routes inside the /api scope (tests). */
  extraApiRoutes?: FastifyPluginAsync;
  /** Where the log goes (tests capture it); default stdout. */
  logStream?: LogStream;
}

/** The application as a plugin: external plugins, then app plugins, then routes (fastify/demo's order). */
export const app = fp<AppOptions>(
  async (fastify, options) => {
    fastify.decorate('config', requestAwareConfig(fastify, options.config));

    // External plugins
    await fastify.register(securityHeaders);
    await fastify.register(compress);

    // App plugins
    await fastify.register(lifecycle);
    await fastify.register(databasePlugin, { database: options.database });
    await fastify.register(metrics);
    await fastify.register(sessionsRepository);
    await fastify.register(rateLimitRepository);
    await fastify.register(tokens);
    await fastify.register(siteState);
    await fastify.register(publicCache);
    await fastify.register(auth);
    await fastify.register(mail);
    await fastify.register(orders);
    await fastify.register(paypal);
    await fastify.register(payouts);

    // Routes
    await fastify.register(api, { prefix: '/api', extraRoutes: options.extraApiRoutes });
    await fastify.register(media);
    await fastify.register(spa);

    // Outside /api (static files): hide the internals of a 5xx too.
    fastify.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error, code: 'DATABASE_UNAVAILABLE', method: request.method, route: request.routeOptions.url }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .type('text/plain; charset=utf-8')
          .send('Service temporarily unavailable\n');
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, 'request failed');
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .send(status >= 500 ? 'Internal server error\n' : 'Bad request\n');
    });
  },
  { name: 'app' },
);

export function serverOptions(config: Config, logStream?: LogStream): FastifyHttpOptions<Server> {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Errors are logged by type, code and stack frames: never SQL parameters or values (lib/log-serializers.ts).
            // Request URLs are logged with their tokens redacted (mailed links, previews: lib/log-url.ts).
            serializers: { err: serializeError, error: serializeError, req: serializeRequest },
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    ...connectionOptions(config),
    routerOptions: {
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
      // Longer than any valid path parameter (slugs are at most 200 characters), so the schemas answer a
      // too-long slug with 400; beyond it the router refuses with 414 URL_TOO_LONG (lib/framework-errors.ts).
      maxParamLength: 500,
    },
    // Router and transport failures answer the envelope too, without echoing the URL.
    frameworkErrors: frameworkErrors(config),
    clientErrorHandler: clientErrorHandler(config),
  };
}

/**
 * Time-outs that free a slow client in seconds without a proxy in front (Node's defaults hold a socket for
 * minutes): the headers within `headersTimeoutMs`, the whole request within `requestTimeoutMs` (both answered
 * 408 by lib/framework-errors.ts), an idle keep-alive connection `keepAliveTimeoutMs`, any silent socket
 * `idleTimeoutMs`. Node checks the first two only every `connectionsCheckingInterval` (30 s by default), so
 * the interval follows the headers time-out. The connection cap is set in plugins/app/lifecycle.ts.
 */
function connectionOptions(config: Config): Partial<FastifyHttpOptions<Server>> {
  const limits = config.connections;
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    // While closing, a request that still arrives on an open connection is answered, not refused with 503:
    // the load balancer has already taken the node out (server/index.ts drains first), so such a request was
    // sent just before that and the node can still serve it.
    return503OnClosing: false,
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options.config, options.logStream));
  await fastify.register(app, options);
  return fastify;
}
