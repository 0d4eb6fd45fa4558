import type { FastifyPluginAsync } from 'fastify';
import accountsRoutes from './routes-accounts';
import tokenRoutes from './routes-token';
import userRoutes from './routes-user';

// Sign-in (the OAuth token and its revocation), the signed-in user, and the account's own routes: registration,
// activation, passwords, settings (docs/api.md "Accounts").
const accountRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(tokenRoutes);
  await fastify.register(userRoutes);
  await fastify.register(accountsRoutes);
};

export default accountRoutes;
