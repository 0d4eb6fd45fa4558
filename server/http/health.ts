import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsFolder } from '../db/migrate';
import type { ErrorCode } from '../i18n/messages';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope';
import { sendEnvelopeError } from '../plugins/api/errors';

// Probes for a load balancer, an orchestrator or a monitor (docs/production.md "Monitoring"):
//   GET /api/health  liveness: the process answers (nothing else is looked at, so a database outage never
//                    gets a healthy process restarted);
//   GET /api/ready   readiness: the node is not draining, the database answers within READY_TIMEOUT_MS and its
//                    migrations are at least this code's; else 503 with the reason as the error code.
// Both: no authentication, answered during maintenance, never cached (the API's no-store), logged only when
// they fail (a balancer asks every second), and no rate limit applies to them.

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.literal('ready'),
  /** how long the database took to answer the probe's query */
  databaseMs: z.number().int().nonnegative(),
});

type Probe = { ok: true; databaseMs: number } | { ok: false; code: ErrorCode };

/** The newest migration this code ships: drizzle records each applied one with its `when` as created_at. */
function newestMigrationMillis(): number {
  return Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
}

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const expectedMigration = newestMigrationMillis();
  const timeoutMs = fastify.config.readyTimeoutMs;
  const log = fastify.log.child({ module: 'ready' });

  // One query in flight at a time, shared by every probe that comes meanwhile: a slow database is not asked
  // once more per probe.
  let inFlight: Promise<Probe> | undefined;
  const queryDatabase = (): Promise<Probe> => {
    inFlight ??= (async (): Promise<Probe> => {
      const started = performance.now();
      try {
        const result = (await fastify.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { newest: string | number | bigint | null }[];
        };
        const newest = Number(result.rows[0]?.newest ?? 0);
        if (newest < expectedMigration) return { ok: false, code: 'MIGRATIONS_PENDING' };
        return { ok: true, databaseMs: Math.round(performance.now() - started) };
      } catch (error) {
        // 42P01: no migrations table at all.
        if ((error as { code?: string }).code === '42P01' || (error as { cause?: { code?: string } }).cause?.code === '42P01') {
          return { ok: false, code: 'MIGRATIONS_PENDING' };
        }
        return { ok: false, code: 'DATABASE_UNAVAILABLE' };
      }
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const probe = async (): Promise<Probe> => {
    if (fastify.lifecycle.draining) return { ok: false, code: 'NODE_DRAINING' };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Probe>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, code: 'DATABASE_UNAVAILABLE' }), timeoutMs);
    });
    try {
      return await Promise.race([queryDatabase(), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  // Log the changes of state, not every probe.
  let lastState: string | undefined;
  const note = (state: string) => {
    if (state === lastState) return;
    if (state === 'ready') log.info({ previous: lastState ?? null }, 'node ready');
    else log.warn({ reason: state }, 'node not ready');
    lastState = state;
  };

  fastify.get('/health', {
    config: { maintenanceExempt: true },
    logLevel: 'warn',
    schema: { response: { 200: envelopeSchema(healthSchema) } },
    handler: async () => ok({ status: 'ok' as const }),
  });

  fastify.get('/ready', {
    config: { maintenanceExempt: true },
    logLevel: 'warn',
    schema: { response: { 200: envelopeSchema(readySchema), 503: errorEnvelopeSchema } },
    handler: async (request, reply) => {
      const result = await probe();
      if (result.ok) {
        note('ready');
        return ok({ status: 'ready' as const, databaseMs: result.databaseMs });
      }
      note(result.code);
      return sendEnvelopeError(request, reply, 503, [{ code: result.code, context: '' }], request.language);
    },
  });
};

export default healthRoutes;
