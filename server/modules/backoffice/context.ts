import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { findUserEmail } from '../accounts/users-repository';
import type { Operator } from './audit';

/** The signed-in operator (id and e-mail, for the audit log). Routes guard the role in onRequest. */
export async function operatorOf(fastify: FastifyInstance, request: FastifyRequest): Promise<Operator> {
  const userId = request.principal?.userId;
  if (!userId) throw unauthorized();
  const email = await findUserEmail(fastify.db, userId);
  if (email === undefined) throw unauthorized();
  return { userId, email };
}
