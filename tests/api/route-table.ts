import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { app, serverOptions } from '../../server/app';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { isPrivateRoute } from '../../server/modules/accounts/auth';

// The app's routes as Fastify registers them, collected with an onRoute hook while the app is built: the fuzz
// and access-matrix suites cover every route, including ones added after they were written.

export interface RouteInfo {
  method: string;
  url: string;
  private: boolean;
  /** zod object shapes of the route's schema, when it has them (used to aim the fuzzer at real fields). */
  bodyKeys: string[];
  queryKeys: string[];
  /** The route's options, as the app's plugins leave them once the app is ready (route-level hooks included). */
  options: RouteOptions;
}

const keysOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape && typeof shape === 'object') return Object.keys(shape);
  const inner = (schema as { def?: { innerType?: unknown; in?: unknown } } | undefined)?.def;
  if (inner?.innerType) return keysOf(inner.innerType);
  if (inner?.in) return keysOf(inner.in);
  return [];
};

export async function buildAppWithRoutes(config: Config, database: Database): Promise<{ app: FastifyInstance; routes: RouteInfo[] }> {
  const fastify = Fastify(serverOptions(config));
  const routes: RouteInfo[] = [];
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      routes.push({ method, url: route.url, private: isPrivateRoute(route), bodyKeys: keysOf(schema.body), queryKeys: keysOf(schema.querystring), options: route });
    }
  });
  await fastify.register(app, { config, database });
  await fastify.ready();
  return { app: fastify, routes };
}
