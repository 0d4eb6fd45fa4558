import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import type { Principal } from '../../types';

// Optional auth for public calls: a bearer token is accepted, never required.
// No token, or one that does not verify (bad signature, revoked session): the caller is a visitor.
// An expired token: 401 TOKEN_EXPIRED, so the SPA refreshes it and asks again (as the maintenance gate does).
export async function optionalPrincipal(fastify: FastifyInstance, request: FastifyRequest): Promise<Principal | null> {
  const resolution = await fastify.resolvePrincipal(request);
  if (resolution.principal) return resolution.principal;
  if (resolution.reason === 'expired') throw unauthorized('TOKEN_EXPIRED');
  return null;
}

/** Investor documents are for signed-in investors (and operators, who run the platform). */
export async function mayseeInvestorDocuments(fastify: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const principal = await optionalPrincipal(fastify, request);
  return principal !== null && (principal.role === 'investor' || principal.role === 'operator');
}
