import type { Config, Language } from './config';
import type { Database, Db } from './db/client';

/** The signed-in caller, resolved from the bearer token and its session row. */
export interface Principal {
  userId: string;
  sessionId: string;
  role: 'investor' | 'operator';
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }

  interface FastifyRequest {
    /** Language of content and messages (docs/api.md "Language"). */
    language: Language;
    /** undefined: not looked at yet; null: no valid token. */
    principal: Principal | null | undefined;
  }

  interface FastifyContextConfig {
    /** Answer even while maintenance mode is on (docs/api.md "Maintenance"). */
    maintenanceExempt?: boolean;
  }
}
