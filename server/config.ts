import { existsSync } from 'node:fs';
import { z } from 'zod';

// The server's environment, read and checked once at start (STYLE: "environment read and checked once").
// Every variable, its default and its meaning is listed in server/README.md.

const booleanFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// URL (leave unset for the embedded PGlite database)',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  // Anything other than pl/en falls back to pl (SPEC §2: "fallback pl").
  DEFAULT_LANGUAGE: z
    .string()
    .optional()
    .transform((value): 'pl' | 'en' => (value === 'en' ? 'en' : 'pl')),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 32, { message: 'must be at least 32 characters' }),
  ACCESS_TOKEN_TTL: positiveInt(900),
  REFRESH_TOKEN_TTL: positiveInt(30 * 24 * 60 * 60),
  OAUTH_CLIENT_ID: z.string().min(1).default('web-spa'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('web-spa-secret'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: positiveInt(1024 * 1024),
  TRUST_PROXY: booleanFromEnv(false),
  SEED_DEMO: booleanFromEnv(true),
  SPA_DIR: z.string().min(1).default('dist'),
  SERVE_SPA: booleanFromEnv(true),
});

export type Language = 'pl' | 'en';
export const LANGUAGES: readonly Language[] = ['pl', 'en'];

export interface Config {
  port: number;
  host: string;
  /** postgres:// URL, or undefined for the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** PGlite data folder; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  defaultLanguage: Language;
  /** undefined: generated once and kept in the database, so every node shares it. */
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  oauthClientId: string;
  oauthClientSecret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimit: number;
  trustProxy: boolean;
  seedDemo: boolean;
  spaDir: string;
  serveSpa: boolean;
}

export class ConfigError extends Error {}

/** Reads `.env` (if there is one) into process.env; variables already set in the environment win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    oauthClientId: e.OAUTH_CLIENT_ID,
    oauthClientSecret: e.OAUTH_CLIENT_SECRET,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    spaDir: e.SPA_DIR,
    serveSpa: e.SERVE_SPA,
  };
}
