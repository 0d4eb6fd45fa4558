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

type Resolution = { principal: Principal } | { principal: null; reason: 'missing' | 'invalid' | 'expired' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the bearer token: verifies the JWT, then checks its session row (one indexed select). */
    resolvePrincipal(request: FastifyRequest): Promise<Resolution>;
    /** preHandler of private calls: 401 UNAUTHORIZED / TOKEN_EXPIRED, else request.principal is set. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: 403 FORBIDDEN unless the signed-in user has one of the roles (use after authenticate). */
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

    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      const resolution = await fastify.resolvePrincipal(request);
      if (resolution.principal) return;
      throw unauthorized(resolution.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
    });

    fastify.decorate('requireRole', (...roles: Principal['role'][]) => async (request: FastifyRequest) => {
      if (!request.principal) throw unauthorized();
      if (!roles.includes(request.principal.role)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['tokens', 'sessions-repository'] },
);
