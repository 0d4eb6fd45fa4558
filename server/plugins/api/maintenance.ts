import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, unauthorized } from '../../lib/errors';

// docs/api.md "Maintenance": while either flag is on, every call answers 503 MAINTENANCE except the routes
// marked `config: { maintenanceExempt: true }` and calls made with an operator's access token.
//
// The gate is put on each route when it is registered (first of its onRequest hooks, so before the access guards)
// rather than run as a global hook that builds request.routeOptions on every call: while the flags read less than a
// second ago are off, the gate is one synchronous check (the API's fixed cost per request).
export default fp(
  async (fastify) => {
    async function check(request: FastifyRequest): Promise<void> {
      // Read with the content version at most once per second per node (plugins/app/site-state.ts).
      const flags = await fastify.siteState.get();
      if (!flags.maintenanceMode && !flags.systemMaintenanceMode) return;
      const resolution = await fastify.resolvePrincipal(request);
      if (resolution.principal?.role === 'operator') return;
      // An expired token may be an operator's: let the SPA refresh it and try again.
      if (resolution.principal === null && resolution.reason === 'expired') throw unauthorized('TOKEN_EXPIRED');
      throw apiError(503, 'MAINTENANCE');
    }

    fastify.addHook('onRoute', (route) => {
      // Read when a request comes, not now: a later onRoute hook may still mark the route exempt (plugins/api/openapi.ts).
      const gate = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const flags = route.config?.maintenanceExempt ? undefined : fastify.siteState.peek();
        if (route.config?.maintenanceExempt || (flags && !flags.maintenanceMode && !flags.systemMaintenanceMode)) {
          done();
          return;
        }
        check(request).then(() => done(), done);
      };
      const current = route.onRequest;
      const rest = current === undefined || current === null ? [] : Array.isArray(current) ? current : [current];
      route.onRequest = [gate as onRequestHookHandler, ...rest];
    });
  },
  { name: 'api-maintenance', dependencies: ['auth', 'site-state'] },
);
