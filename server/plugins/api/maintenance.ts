import fp from 'fastify-plugin';
import { apiError, unauthorized } from '../../lib/errors';

// docs/api.md "Maintenance": while either flag is on, every call answers 503 MAINTENANCE except the routes
// marked `config: { maintenanceExempt: true }` and calls made with an operator's access token.
export default fp(
  async (fastify) => {
    fastify.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.maintenanceExempt) return;
      // Read with the content version at most once per second per node (plugins/app/site-state.ts).
      const flags = await fastify.siteState.get();
      if (!flags.maintenanceMode && !flags.systemMaintenanceMode) return;
      const resolution = await fastify.resolvePrincipal(request);
      if (resolution.principal?.role === 'operator') return;
      // An expired token may be an operator's: let the SPA refresh it and try again.
      if (resolution.principal === null && resolution.reason === 'expired') throw unauthorized('TOKEN_EXPIRED');
      throw apiError(503, 'MAINTENANCE');
    });
  },
  { name: 'api-maintenance', dependencies: ['auth', 'site-state'] },
);
