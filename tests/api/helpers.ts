import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { app as appPlugin, serverOptions, type AppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type Database } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { markTestOnly, recordAnswers } from './conformance/recorder';

// Every API suite runs against every available database: PGlite in memory always, and PostgreSQL when
// TEST_DATABASE_URL is set (a throwaway database per suite, created from that URL and dropped after).

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

if (process.env.CI === 'true' && !TEST_DATABASE_URL) {
  throw new Error(
    'CI=true but TEST_DATABASE_URL is not set: the API tests must also run against PostgreSQL ' +
      '(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).',
  );
}

export type DatabaseKind = 'pglite' | 'postgres';
export const databaseKinds: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const CLIENT = { clientId: 'web-spa', clientSecret: 'web-spa-secret' } as const;

export const DEMO = {
  investor: { email: 'investor@example.com', password: 'Investor123' },
  operator: { email: 'operator@example.com', password: 'Operator123' },
  inactive: { email: 'inactive@example.com', password: 'Inactive123' },
} as const;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: 'memory://', SERVE_SPA: 'false', NODE_ENV: 'test' }),
    // Suites register many accounts from one address; the registration limit has its own test (hardening-limits).
    registerLimit: { limit: 10_000, windowSeconds: 600 },
    // Links on one known origin, whatever Host an injected request has (tests/api/public-url.test.ts turns
    // the request's origin on).
    publicUrlFromRequest: false,
    // The API suites hold orders to investor protection (production turns it on with INVESTOR_PROTECTION_GATE).
    investorProtectionGate: true,
    ...overrides,
  };
}

// ---------- throwaway PostgreSQL databases ----------

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A database of its own for one suite, from `template` when given (a copy of its tables and rows). */
export async function createThrowawayPostgres(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return {
    url: withDatabaseName(TEST_DATABASE_URL, name),
    async drop() {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<T>> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query<T>(text, values);
  } finally {
    await admin.end();
  }
}

// ---------- PostgreSQL templates ----------
// Migrating and seeding a database takes about 3 s; PostgreSQL copies a template database in a fraction of it
// (CREATE DATABASE ... TEMPLATE). The first suite to need one builds it under a temporary name and renames it
// when it is complete (a suite that dies half way leaves no half template), under an advisory lock so that
// parallel workers build it once; its name carries the same key as the PGlite dump's.

const postgresTemplates = new Map<boolean, Promise<string>>();

function postgresTemplate(seed: boolean): Promise<string> {
  let template = postgresTemplates.get(seed);
  if (!template) {
    template = (async () => {
      const name = `tmpl_${templateKey()}_${seed ? 'seeded' : 'empty'}`;
      const lock = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock(hashtext($1))', [name]);
        const found = await lock.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return name;
        const building = await createThrowawayPostgres();
        const database = await createDatabase({ databaseUrl: building.url, dataDir: 'memory://', poolSize: 2 });
        try {
          await migrateDatabase(database);
          if (seed) await seedDemo(database.db);
        } catch (error) {
          await database.close();
          await building.drop();
          throw error;
        }
        await database.close();
        await lock.query(`alter database "${new URL(building.url).pathname.slice(1)}" rename to "${name}"`);
        return name;
      } finally {
        await lock.end();
      }
    })();
    postgresTemplates.set(seed, template);
  }
  return template;
}

// ---------- PGlite templates ----------
// A fresh PGlite costs about 6 s (initdb); loading a dumped data folder about 1 s. So the first suite builds a
// migrated (and seeded) database once, dumps it to the temp folder under a key hashing everything under
// server/db/ and server/lib/, and later suites, in any worker, start from that dump.

const serverDir = fileURLToPath(new URL('../../server/', import.meta.url));

function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(file).update(readFileSync(file));
    }
  };
  walk(path.join(serverDir, 'db'));
  walk(path.join(serverDir, 'lib'));
  return hash.digest('hex').slice(0, 16);
}

/**
 * What a template is made from: the database code and the day (the demo's dates are relative to the day it is
 * seeded on), so a template is never older than today's seed.
 */
function templateKey(): string {
  return `${sourceHash()}_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
}

const templates = new Map<boolean, Promise<Blob>>();

function pgliteTemplate(seed: boolean): Promise<Blob> {
  let template = templates.get(seed);
  if (!template) {
    template = (async () => {
      const file = path.join(tmpdir(), `estate-shares-pglite-${templateKey()}-${seed ? 'seeded' : 'empty'}.tar`);
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const database = await createDatabase({ dataDir: 'memory://' });
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      try {
        await migrateDatabase(database);
        if (seed) await seedDemo(database.db);
        const dump = await database.client.dumpDataDir('none');
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file); // atomic: a parallel worker never reads half a file
        return dump;
      } finally {
        await database.close();
      }
    })();
    templates.set(seed, template);
  }
  return template;
}

/** Opens a fresh, migrated (and optionally seeded) database of the given kind. */
export async function openTestDatabase(kind: DatabaseKind, { seed = true } = {}) {
  const throwaway = kind === 'postgres' ? await createThrowawayPostgres(await postgresTemplate(seed)) : undefined;
  const pgliteSnapshot = kind === 'pglite' ? await pgliteTemplate(seed) : undefined;
  const database = await createDatabase({ databaseUrl: throwaway?.url, dataDir: 'memory://', poolSize: 5, pgliteSnapshot });
  // a template is migrated already: this finds nothing to do, unless the template predates a migration
  await migrateDatabase(database);
  return {
    database,
    url: throwaway?.url,
    async close() {
      await database.close();
      await throwaway?.drop();
    },
  };
}

// ---------- the app, with its answers recorded ----------

/**
 * server/app.ts's buildApp, plus the recorder of every /api answer (tests/api/conformance/recorder.ts): after the
 * suite, `npm test` checks each recorded answer against docs/openapi.json (scripts/api-conformance.ts). A suite's
 * extra routes are marked test-only, so their answers are left out.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options.config, options.logStream));
  recordAnswers(fastify);
  await fastify.register(appPlugin, { ...options, extraApiRoutes: options.extraApiRoutes && markTestOnly(options.extraApiRoutes) });
  return fastify;
}

// ---------- a suite per database ----------

export interface SuiteOptions {
  config?: Partial<Config>;
  seed?: boolean;
  extraApiRoutes?: FastifyPluginAsync;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  currentLocale: string;
}

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A second app (another "server process") on the same database. */
  buildAnotherApp(config?: Partial<Config>): Promise<FastifyInstance>;
  login(who: keyof typeof DEMO): Promise<TokenPair>;
  /** inject with `Authorization: Bearer <accessToken>`. */
  injectAs(tokens: Pick<TokenPair, 'accessToken'> | string, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function describeEachDatabase(title: string, options: SuiteOptions, body: (t: TestContext) => void) {
  for (const kind of databaseKinds) {
    describe(`${title} [${kind}]`, () => {
      const cleanups: (() => Promise<void>)[] = [];
      const t = { kind } as TestContext;

      beforeAll(async () => {
        const opened = await openTestDatabase(kind, { seed: options.seed ?? true });
        cleanups.push(() => opened.close());
        t.database = opened.database;
        t.config = testConfig(options.config);
        t.app = await buildApp({ config: t.config, database: opened.database, extraApiRoutes: options.extraApiRoutes });
        cleanups.push(() => t.app.close());
        await t.app.ready();

        t.buildAnotherApp = async (config = {}) => {
          let database = opened.database;
          if (opened.url) {
            database = await createDatabase({ databaseUrl: opened.url, dataDir: 'memory://', poolSize: 5 });
            const other = database;
            cleanups.push(() => other.close());
          }
          const app = await buildApp({ config: { ...t.config, ...config }, database, extraApiRoutes: options.extraApiRoutes });
          cleanups.push(() => app.close());
          await app.ready();
          return app;
        };
      });

      afterAll(async () => {
        for (const cleanup of cleanups.reverse()) await cleanup();
      });

      t.login = async (who) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/token',
          payload: { grantType: 'password', ...DEMO[who], ...CLIENT },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as TokenPair;
      };

      t.injectAs = (tokens, injectOptions) => {
        const accessToken = typeof tokens === 'string' ? tokens : tokens.accessToken;
        return t.app.inject({
          ...injectOptions,
          headers: { ...(injectOptions.headers ?? {}), authorization: `Bearer ${accessToken}` },
        });
      };

      body(t);
    });
  }
}

// ---------- envelope assertions ----------

export interface ExpectedError {
  code: string;
  context?: string;
}

/** Asserts a success envelope and returns its data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
export function expectData<T = any>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'errors', 'status']);
  expect(body.errors).toEqual([]);
  expect(body.status).toBe(status);
  return body.data as T;
}

/** Asserts the error envelope: status, exactly these codes (and contexts when given), a message each. */
export function expectError(res: LightMyRequestResponse, status: number, expected: ExpectedError[]) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.data).toBeNull();
  expect(body.status).toBe(status);
  expect(Array.isArray(body.errors)).toBe(true);
  for (const error of body.errors) {
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
    expect(typeof error.context).toBe('string');
  }
  const actual = body.errors.map((e: ExpectedError) => ({ code: e.code, context: e.context }));
  const wanted = expected.map((e) => (e.context === undefined ? { code: e.code, context: expect.any(String) } : e));
  expect(actual).toEqual(wanted);
  return body.errors as { code: string; context: string; message: string }[];
}

/** POST /api/token with the password grant (demo client) and any overrides. */
export const passwordGrant = (app: FastifyInstance, fields: Record<string, unknown>, extra: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { grantType: 'password', ...CLIENT, ...fields },
    ...extra,
  });
