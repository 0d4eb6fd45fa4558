import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors';
import type { Principal } from '../../types';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Marks the access guards (`authenticate`, `requireRole(...)`), so a route's guards can be found and run first. */
export const AUTH_GUARD = Symbol('authGuard');

type Hook = (...args: never[]) => unknown;
const isGuard = (hook: unknown): boolean => typeof hook === 'function' && (hook as { [AUTH_GUARD]?: true })[AUTH_GUARD] === true;
const asList = (value: unknown): Hook[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value as Hook]);

/** Does the route refuse an anonymous caller (its hooks include `authenticate`)? Tests enumerate private routes with it. */
export const isPrivateRoute = (route: { onRequest?: unknown; preValidation?: unknown; preHandler?: unknown }): boolean =>
  [...asList(route.onRequest), ...asList(route.preValidation), ...asList(route.preHandler)].some(isGuard);

/** The roles a `requireRole(...)` guard admits, kept on the guard so the OpenAPI document can say "operator only". */
export const AUTH_ROLES = Symbol('authRoles');

/** The roles a route requires (empty when any signed-in user, or anyone, may call it). */
export const requiredRoles = (route: { onRequest?: unknown; preValidation?: unknown; preHandler?: unknown }): Principal['role'][] =>
  [...asList(route.onRequest), ...asList(route.preValidation), ...asList(route.preHandler)].flatMap(
    (hook) => ((hook as { [AUTH_ROLES]?: Principal['role'][] })[AUTH_ROLES] ?? []),
  );

type Resolution = { principal: Principal } | { principal: null; reason: 'missing' | 'invalid' | 'expired' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the bearer token: verifies the JWT, then checks its session row (one indexed select). */
    resolvePrincipal(request: FastifyRequest): Promise<Resolution>;
    /**
     * Guard of private calls: 401 UNAUTHORIZED / TOKEN_EXPIRED, else request.principal is set. Register it as
     * `onRequest: fastify.authenticate` (it then runs before the body is read or validated); a route that lists it
     * under preValidation/preHandler gets it moved to onRequest anyway (see the onRoute hook below).
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Guard: 403 FORBIDDEN unless the signed-in user has one of the roles (`onRequest: [fastify.authenticate, fastify.requireRole('operator')]`). */
    requireRole(...roles: Principal['role'][]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest('principal', undefined);

    const resolutions = new WeakMap<FastifyRequest, Resolution>();

    fastify.decorate('resolvePrincipal', async (request: FastifyRequest): Promise<Resolution> => {
      const cached = resolutions.get(request);
      if (cached) return cached;
      const resolution = await resolve(request);
      resolutions.set(request, resolution);
      request.principal = resolution.principal;
      return resolution;
    });

    async function resolve(request: FastifyRequest): Promise<Resolution> {
      const token = bearerToken(request);
      if (!token) return { principal: null, reason: 'missing' };
      const verified = await fastify.tokens.verifyAccessToken(token);
      if (!verified.ok) return { principal: null, reason: verified.reason };
      const session = await fastify.sessionsRepository.findLive(verified.principal.sessionId);
      if (!session || !session.isActive || session.userId !== verified.principal.userId) {
        return { principal: null, reason: 'invalid' };
      }
      // The role comes from the database, so a changed role takes effect without a new login.
      return { principal: { ...verified.principal, role: session.role } };
    }

    const guard = <T extends object>(hook: T): T => Object.assign(hook, { [AUTH_GUARD]: true as const });

    fastify.decorate(
      'authenticate',
      guard(async (request: FastifyRequest) => {
        const resolution = await fastify.resolvePrincipal(request);
        if (resolution.principal) return;
        throw unauthorized(resolution.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
      }),
    );

    fastify.decorate('requireRole', (...roles: Principal['role'][]) =>
      Object.assign(
        guard(async (request: FastifyRequest) => {
          if (!request.principal) throw unauthorized();
          if (!roles.includes(request.principal.role)) throw forbidden();
        }),
        { [AUTH_ROLES]: roles },
      ),
    );

    // Authorization before validation, for every route at once: a private route refuses an anonymous (or
    // wrong-role) caller before its body is parsed or validated, so the answer is 401/403, never body errors.
    // Guards listed under preValidation or preHandler are moved, in their order, to the end of onRequest.
    fastify.addHook('onRoute', (route) => {
      const moved = [...asList(route.preValidation), ...asList(route.preHandler)].filter(isGuard);
      if (moved.length === 0) return;
      const keep = (value: unknown) => {
        const rest = asList(value).filter((hook) => !isGuard(hook));
        return rest.length ? rest : undefined;
      };
      const options = route as unknown as Record<'onRequest' | 'preValidation' | 'preHandler', unknown>;
      options.preValidation = keep(route.preValidation);
      options.preHandler = keep(route.preHandler);
      options.onRequest = [...asList(route.onRequest), ...moved];
    });
  },
  { name: 'auth', dependencies: ['tokens', 'sessions-repository'] },
);
