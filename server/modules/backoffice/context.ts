import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import type { Operator } from './audit';

/** The signed-in operator (id and e-mail, for the audit log). Routes guard the role in onRequest. */
export async function operatorOf(fastify: FastifyInstance, request: FastifyRequest): Promise<Operator> {
  const userId = request.principal?.userId;
  if (!userId) throw unauthorized();
  const [row] = await fastify.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw unauthorized();
  return { userId, email: row.email };
}
