// The operator's switch for the platform: maintenance flags and their texts (a back office comes later;
// until then this is how an operator, or the browser suite, turns maintenance on and off without SQL).
// Operators only; an operator's token also passes the maintenance gate, so this works during maintenance.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reasonSchema } from '../../../contract/operator';
import { ok, responses } from '../../lib/envelope';
import { operatorOf } from '../backoffice/context';
import { updateSiteSettings } from './service';
import { readSiteSettings } from './repository';

const translatedSchema = z.object({ pl: z.string().max(2000), en: z.string().max(2000) });

const settingsSchema = z.object({
  maintenanceMode: z.boolean(),
  maintenanceModeTitle: translatedSchema,
  maintenanceModeMessage: translatedSchema,
  systemMaintenanceMode: z.boolean(),
  systemMaintenanceModeTitle: translatedSchema,
  systemMaintenanceModeMessage: translatedSchema,
});

// `reason`: the operator's reason, recorded in the audit log like every other back-office action. Optional here
// (unlike the other actions) because older clients send the flags alone; when given it must not be empty.
const patchSchema = settingsSchema.partial().extend({ reason: reasonSchema.optional() }).strict();

const operatorSiteSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  async function current() {
    const row = await readSiteSettings(fastify.db);
    return settingsSchema.parse(row);
  }

  fastify.get('/operator/site-settings', {
    onRequest: guard,
    schema: { response: responses(settingsSchema, [401, 403]) },
    handler: async () => ok(await current()),
  });

  fastify.patch('/operator/site-settings', {
    onRequest: guard,
    schema: { body: patchSchema, response: responses(settingsSchema, [400, 401, 403]) },
    handler: async (request) => {
      const { reason, ...body } = request.body;
      if (Object.keys(body).length > 0) {
        const operator = await operatorOf(fastify, request);
        const before = await current();
        await updateSiteSettings(fastify.db, operator, body, before, reason ?? null);
        // This node sees the change at once; the others within a second (plugins/app/site-state.ts).
        fastify.siteState.invalidate();
      }
      return ok(await current());
    },
  });
};

export default operatorSiteSettingsRoutes;
