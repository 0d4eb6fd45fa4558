import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';

// What every API call (the maintenance gate) and every cached public answer (server/cache/public-cache.ts) needs to
// know about the whole site, read with ONE query at most once per second per node instead of once per request:
// - the two maintenance flags (site_settings),
// - the content version (content_version; bumped by anything that changes public content, see bumpContentVersion),
// - a fingerprint of the share counters of every series (offer_series sold/reserved: they move with every order),
//   so the figures that depend on orders (funding progress, platform statistics) are never older than a second.
// A change made on another node is seen here within SITE_STATE_TTL_MS; a change made through this node's own routes
// calls `invalidate()`, so it is seen at once. A stampede of requests after the TTL shares one in-flight read.

export const SITE_STATE_TTL_MS = 1000;

export interface SiteState {
  maintenanceMode: boolean;
  systemMaintenanceMode: boolean;
  contentVersion: number;
  sharesFingerprint: string;
}

type Row = { maintenance_mode: boolean | null; system_maintenance_mode: boolean | null; version: string | number | null; shares: string | null };

const READ = sql`
  select
    (select maintenance_mode from site_settings where id = 1) as maintenance_mode,
    (select system_maintenance_mode from site_settings where id = 1) as system_maintenance_mode,
    (select version from content_version where id = 1) as version,
    (select md5(coalesce(string_agg(id || ':' || sold_shares || ':' || reserved_shares, ',' order by id), '')) from offer_series) as shares`;

export async function readSiteState(db: Db): Promise<SiteState> {
  const result = (await db.execute(READ)) as unknown as { rows: Row[] };
  const row = result.rows[0];
  return {
    maintenanceMode: row?.maintenance_mode ?? false,
    systemMaintenanceMode: row?.system_maintenance_mode ?? false,
    contentVersion: Number(row?.version ?? 0),
    sharesFingerprint: row?.shares ?? '',
  };
}

export interface SiteStateCache {
  /** The state, read at most SITE_STATE_TTL_MS ago (one shared read when it is older). */
  get(): Promise<SiteState>;
  /**
   * The same state without a promise when it is fresh (read less than SITE_STATE_TTL_MS ago), else undefined: hot
   * paths (the maintenance gate, cached public answers) then stay synchronous and call get() only when it says so.
   */
  peek(): SiteState | undefined;
  /** Forget the state (and any read in flight): the next get() reads the database. Call after a change on this node. */
  invalidate(): void;
}

export function createSiteStateCache(read: () => Promise<SiteState>, ttlMs = SITE_STATE_TTL_MS, now = () => Date.now()): SiteStateCache {
  let current: SiteState | null = null;
  let readStartedAt = 0;
  let inflight: Promise<SiteState> | null = null;
  let generation = 0;

  return {
    peek() {
      return current && now() - readStartedAt < ttlMs ? current : undefined;
    },
    get() {
      if (current && now() - readStartedAt < ttlMs) return Promise.resolve(current);
      if (inflight) return inflight;
      const started = now();
      const mine = ++generation;
      const promise = read().then(
        (state) => {
          // A read that began before an invalidate() may have missed the change: do not keep it.
          if (mine === generation) {
            current = state;
            readStartedAt = started;
          }
          return state;
        },
      );
      inflight = promise;
      promise.then(
        () => { if (inflight === promise) inflight = null; },
        () => { if (inflight === promise) inflight = null; },
      );
      return promise;
    },
    invalidate() {
      generation += 1;
      current = null;
      inflight = null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    siteState: SiteStateCache;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('siteState', createSiteStateCache(() => readSiteState(fastify.db)));
  },
  { name: 'site-state', dependencies: ['database'] },
);
