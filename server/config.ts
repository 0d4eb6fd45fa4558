import { existsSync } from 'node:fs';
import { z } from 'zod';
import { compactAccountNumber, isValidNrb, isValidSwift, type BankAccountConfig } from './modules/payments/bank-account';
import { defaultPublicUrl } from './lib/public-url';

// The server's environment, read and checked once at start (STYLE: "environment read and checked once").
// Every variable, its default and its meaning is listed in server/README.md.

const booleanFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

// A space-separated list of CSP sources (`https://tiles.example.com https://*.example.org`).
const sourceList = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(/\s+/).filter(Boolean))
  .refine((list) => list.every((source) => /^https:\/\/[\w.*-]+(:\d+)?(\/\S*)?$/.test(source)), {
    message: 'must be space-separated https:// origins',
  });

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
  // Connections per process to PostgreSQL (node-postgres pool).
  DATABASE_POOL_SIZE: positiveInt(10),
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
  // The public pages' HTML rendered by the server (src/entry-server.tsx); false: the shell, rendered in the browser.
  SERVER_RENDERING: booleanFromEnv(true),
  // Finished pages kept per node while their answers are current; false builds every page for every request
  // (to measure what the cache saves: docs/benchmarks.md).
  PAGE_CACHE: booleanFromEnv(true),
  // Connections, readiness and shutdown: limits a node can live with without a proxy in front, and how it
  // leaves a load balancer (docs/production.md "Limits", deploy/haproxy.cfg holds the proxy's side).
  MAX_CONNECTIONS: positiveInt(1000),
  HEADERS_TIMEOUT_MS: positiveInt(10_000),
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt(5_000),
  CONNECTION_TIMEOUT_MS: positiveInt(60_000),
  READY_TIMEOUT_MS: positiveInt(2_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  SHUTDOWN_GRACE_MS: positiveInt(30_000),
  // Accounts and mail (issue: accounts)
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      message: 'must be an smtp:// or smtps:// URL (leave unset to write mail as .eml files into MAIL_DIR)',
    }),
  MAIL_FROM: z.string().min(1).default('Estate Shares <no-reply@estate-shares.local>'),
  MAIL_DIR: z.string().min(1).default('./data/mail'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), { message: 'must be an http(s):// URL' }),
  MAIL_WORKER: booleanFromEnv(true),
  MAIL_POLL_INTERVAL_MS: positiveInt(2000),
  MAIL_MAX_ATTEMPTS: positiveInt(8),
  MAIL_RETRY_BASE_SECONDS: positiveInt(30),
  CONTACT_NOTIFY_TO: z.string().optional().transform((value) => (value ? value : undefined)),
  // Third-party origins the operator allows (map tiles, embeds, analytics); nothing by default.
  CSP_IMG_SRC: sourceList,
  CSP_FRAME_SRC: sourceList,
  CSP_SCRIPT_SRC: sourceList,
  CSP_CONNECT_SRC: sourceList,
  ACTIVATION_TOKEN_TTL: positiveInt(7 * 24 * 60 * 60),
  RESET_PASSWORD_TOKEN_TTL: positiveInt(60 * 60),
  EMAIL_CHANGE_TOKEN_TTL: positiveInt(24 * 60 * 60),
  // Hardening: registration limit, refresh-token grace, database timeouts and start retries
  REGISTER_LIMIT: positiveInt(5),
  REGISTER_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().max(3600).default(600),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  DB_CONNECT_TIMEOUT_MS: positiveInt(5000),
  DB_QUERY_TIMEOUT_MS: positiveInt(20_000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(15_000),
  DB_START_RETRIES: z.coerce.number().int().min(0).max(100).default(8),
  // Orders (issue: investing)
  ORDER_PAYMENT_HOURS: positiveInt(72),
  ORDER_REMINDER_HOURS_BEFORE: positiveInt(24),
  ORDER_WORKER: booleanFromEnv(true),
  ORDER_WORKER_INTERVAL_MS: positiveInt(60_000),
  // false: order transactions commit without waiting for the WAL flush (see server/README.md "Benchmarks").
  ORDER_SYNCHRONOUS_COMMIT: booleanFromEnv(true),
  // Back office: largest bank statement an operator may upload, bytes (default 5 MiB).
  STATEMENT_MAX_BYTES: positiveInt(5 * 1024 * 1024),
  // Investor protection's order gate (knowledge test, large-investment consent; ECSP Art. 21): on, since the
  // investment flow walks an investor through the test and the warning. `off` only for a deployment that
  // does not serve retail investors under the regulation.
  INVESTOR_PROTECTION_GATE: z.enum(['on', 'off']).default('on'),
  // Flat income tax withheld on income distributions to individual investors, basis points (1900 = 19%).
  DISTRIBUTION_TAX_RATE_BP: z.coerce.number().int().min(0).max(10_000).default(1900),
  OFFER_CLOSE_WORKER: booleanFromEnv(true),
  OFFER_CLOSE_WORKER_INTERVAL_MS: positiveInt(60_000),
  OFFER_CLOSE_ORDER_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  OFFER_CLOSE_LEASE_MS: positiveInt(120_000),
  // The platform's receiving account (demo defaults: a made-up account with a valid checksum).
  BANK_ACCOUNT_HOLDER: z.string().trim().min(1).max(200).default('Estate Shares Sp. z o.o.'),
  BANK_ACCOUNT_ADDRESS: z.string().trim().min(1).max(300).default('ul. Marszałkowska 100, 00-026 Warszawa'),
  BANK_NAME: z.string().trim().min(1).max(200).default('Bank Demo S.A.'),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .default('61 1090 1014 0000 0712 1981 2874')
    .transform(compactAccountNumber)
    .refine(isValidNrb, { message: 'must be a 26-digit Polish account number (NRB) with a valid IBAN checksum' }),
  BANK_SWIFT: z
    .string()
    .default('WBKPPLPP')
    .transform((value) => value.trim().toUpperCase())
    .refine(isValidSwift, { message: 'must be a SWIFT/BIC code of 8 or 11 characters' }),
  // PayPal (issue: PayPal). local: the PayPal-protocol test peer served by this server under /paypal-peer.
  PAYPAL_MODE: z.enum(['local', 'sandbox', 'live'], { message: 'must be local, sandbox or live' }).default('local'),
  PAYPAL_CLIENT_ID: z.string().optional().transform((value) => (value ? value : undefined)),
  PAYPAL_CLIENT_SECRET: z.string().optional().transform((value) => (value ? value : undefined)),
  PAYPAL_WEBHOOK_ID: z.string().optional().transform((value) => (value ? value : undefined)),
  /** local mode only: another node's peer (`http://host:port/paypal-peer`); default this server's own. */
  PAYPAL_LOCAL_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), { message: 'must be an http(s):// URL' }),
  PAYPAL_BRAND_NAME: z.string().min(1).max(127).default('Estate Shares'),
  PAYPAL_TIMEOUT_MS: positiveInt(15_000),
  // Operations (docs/operations.md): login locks, the workers' backoff, metrics.
  // A login e-mail (an account, known or not) is locked after LOGIN_ACCOUNT_LIMIT failures for LOGIN_LOCK_SECONDS,
  // doubling with each further failure up to LOGIN_LOCK_MAX_SECONDS; failures are remembered
  // LOGIN_FAILURE_MEMORY_SECONDS (a correct password forgets them). One client IP is refused only after
  // LOGIN_IP_LIMIT failures within LOGIN_IP_WINDOW_SECONDS, for any e-mails: high enough for an office behind NAT.
  LOGIN_ACCOUNT_LIMIT: positiveInt(5),
  LOGIN_LOCK_SECONDS: positiveInt(60),
  LOGIN_LOCK_MAX_SECONDS: positiveInt(3600),
  LOGIN_FAILURE_MEMORY_SECONDS: positiveInt(24 * 3600),
  LOGIN_IP_LIMIT: positiveInt(100),
  LOGIN_IP_WINDOW_SECONDS: positiveInt(900),
  // Every background worker waits base × 2^(n-1) ms (with jitter, at most max) after n failed passes in a row.
  WORKER_BACKOFF_BASE_MS: positiveInt(1000),
  WORKER_BACKOFF_MAX_MS: positiveInt(60_000),
  // Prometheus metrics: off unless METRICS_PORT (a port of their own) or METRICS_TOKEN (bearer token) is set.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().optional().transform((value) => (value ? value : undefined)),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 16, { message: 'must be at least 16 characters' }),
}).superRefine((e, ctx) => {
  if (e.LOGIN_LOCK_MAX_SECONDS < e.LOGIN_LOCK_SECONDS) {
    ctx.addIssue({ code: 'custom', path: ['LOGIN_LOCK_MAX_SECONDS'], message: 'must be at least LOGIN_LOCK_SECONDS' });
  }
  if (e.LOGIN_FAILURE_MEMORY_SECONDS < e.LOGIN_LOCK_MAX_SECONDS) {
    ctx.addIssue({ code: 'custom', path: ['LOGIN_FAILURE_MEMORY_SECONDS'], message: 'must be at least LOGIN_LOCK_MAX_SECONDS' });
  }
  if (e.WORKER_BACKOFF_MAX_MS < e.WORKER_BACKOFF_BASE_MS) {
    ctx.addIssue({ code: 'custom', path: ['WORKER_BACKOFF_MAX_MS'], message: 'must be at least WORKER_BACKOFF_BASE_MS' });
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT (leave it unset to serve /metrics on PORT with METRICS_TOKEN)' });
  }
}).superRefine((e, ctx) => {
  // Node refuses a headers time-out longer than the whole request's; a drain longer than the grace would be cut.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not be longer than REQUEST_TIMEOUT_MS' });
  }
  if (e.SHUTDOWN_DRAIN_MS >= e.SHUTDOWN_GRACE_MS) {
    ctx.addIssue({ code: 'custom', path: ['SHUTDOWN_DRAIN_MS'], message: 'must be shorter than SHUTDOWN_GRACE_MS' });
  }
  // sandbox and live need the REST app's credentials and the webhook id: refuse to start without them.
  if (e.PAYPAL_MODE === 'local') return;
  for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) {
    if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when PAYPAL_MODE=${e.PAYPAL_MODE}` });
  }
  if (e.PAYPAL_LOCAL_URL) ctx.addIssue({ code: 'custom', path: ['PAYPAL_LOCAL_URL'], message: 'is only for PAYPAL_MODE=local' });
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
  /** PostgreSQL connections per process. */
  poolSize: number;
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
  /** Public pages arrive rendered by the server and the browser hydrates them; false: the shell, as the SPA alone. */
  serverRendering: boolean;
  pageCache: boolean;
  /** Socket limits of the HTTP server (server/app.ts serverOptions). */
  connections: ConnectionLimits;
  /** GET /api/ready: longest wait for the database's answer before answering 503 (ms). */
  readyTimeoutMs: number;
  /** SIGTERM: not ready at once, keep serving `drainMs` (the load balancer notices), then close; exit by `graceMs`. */
  shutdown: { drainMs: number; graceMs: number };
  /** undefined: no SMTP server; each message is written as an .eml file into `mailDir` and logged. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  /**
   * Origin of the links in e-mails and of PayPal's return page (no trailing slash). Unset (the default
   * http://localhost:PORT), each request's links use the origin it came from (server/lib/public-url.ts).
   */
  publicUrl: string;
  /** PUBLIC_URL is unset: a request's links use the origin it came from when that is this machine. */
  publicUrlFromRequest: boolean;
  /** Run the outbox sender in this process (default on; off when NODE_ENV=test). */
  mailWorker: boolean;
  mailPollIntervalMs: number;
  mailMaxAttempts: number;
  /** Retry n waits base * 2^(n-1) seconds, at most an hour. */
  mailRetryBaseSeconds: number;
  /** Address(es) for contact-form notifications; undefined: every operator account. */
  contactNotifyTo: string | undefined;
  /** extra Content-Security-Policy sources per directive, from CSP_*_SRC */
  csp: { imgSrc: string[]; frameSrc: string[]; scriptSrc: string[]; connectSrc: string[] };
  activationTokenTtl: number;
  resetPasswordTokenTtl: number;
  emailChangeTokenTtl: number;
  /** Registrations per client IP per window (REGISTER_LIMIT, REGISTER_LIMIT_WINDOW_SECONDS). */
  registerLimit: { limit: number; windowSeconds: number };
  /** A rotated refresh token presented again within this many seconds gets the same new pair (0: never). */
  refreshReuseGraceSeconds: number;
  /** node-postgres: connect timeout, client-side query timeout, server-side statement_timeout (ms). */
  dbTimeouts: { connectMs: number; queryMs: number; statementMs: number };
  /** Attempts to reach the database at start after the first one, with exponential backoff (0.5 s, 1 s, 2 s, … at most 10 s). */
  dbStartRetries: number;
  /** Hours an unpaid order holds its shares before it expires. */
  orderPaymentHours: number;
  /** The payment reminder goes out this many hours before expiry. */
  orderReminderHoursBefore: number;
  /** Run the order expiry/reminder worker in this process (default on; off when NODE_ENV=test). */
  orderWorker: boolean;
  orderWorkerIntervalMs: number;
  /**
   * Order creation waits for its commit to be flushed to disk (default). Off: `synchronous_commit = off` for
   * that one transaction: the series row lock is released sooner (more orders/s on one series); a database
   * crash may lose the orders of the last moments, whole (never half an order, never an oversell).
   */
  orderSynchronousCommit: boolean;
  /** Largest bank statement file accepted by POST /operator/statements (bytes). */
  statementMaxBytes: number;
  /** Orders need a valid knowledge test and, above the threshold, large-investment consent (server/modules/protection). */
  investorProtectionGate: boolean;
  /** Flat income tax withheld on rental income and interest paid to individuals, basis points (server/modules/payouts/tax.ts). */
  distributionTaxRateBasisPoints: number;
  /** Run the offer close worker in this process (default on; off when NODE_ENV=test). Every node may: a lease on the offer row lets one close it. */
  offerCloseWorker: boolean;
  offerCloseWorkerIntervalMs: number;
  /**
   * A pause after each order the close worker settles (0: none): spreads a large close's writes over time; the
   * crash test uses it to find a node half way through a close.
   */
  offerCloseOrderPauseMs: number;
  /** How long a node holds an offer it closes before another may take the close over (a node that died). */
  offerCloseLeaseMs: number;
  /** The platform's receiving bank account (BANK_*). */
  bankAccount: BankAccountConfig;
  /** The clock of orders (creation, expiry, reminders); tests inject a controllable one. Default: real time. */
  now?: () => Date;
  paypal: PayPalConfig;
  /** Login (and current-password) failure limits: per e-mail/account with a growing lock, per client IP at a high threshold. */
  loginLimits: LoginLimits;
  /** The wait of every background worker after failed passes (server/lib/periodic-worker.ts). */
  workerBackoff: { baseMs: number; maxMs: number };
  /** Prometheus metrics (server/metrics): enabled when `port` or `token` is set. */
  metrics: MetricsConfig;
}

export interface LoginLimits {
  /** Failures of one e-mail/account before it is locked. */
  accountFailures: number;
  /** The first lock, seconds; each further failure doubles it. */
  lockSeconds: number;
  lockMaxSeconds: number;
  /** How long an account's failures count towards its lock, seconds. */
  failureMemorySeconds: number;
  /** Failures from one client IP (any e-mails) within `ipWindowSeconds` before that IP is refused. */
  ipFailures: number;
  ipWindowSeconds: number;
}

export interface MetricsConfig {
  /** A port of their own for GET /metrics (0: any free port, tests); undefined: none. */
  port: number | undefined;
  /** Interface of that port (default HOST). */
  host: string;
  /** Bearer token GET /metrics requires (on PORT when `port` is unset, and on `port` too when both are set). */
  token: string | undefined;
}

export interface ConnectionLimits {
  /** server.maxConnections: connections beyond it are dropped as they arrive; open ones keep working. */
  max: number;
  /** Complete request headers within this (slow-header clients get 408 and are cut). */
  headersTimeoutMs: number;
  /** Complete request, headers and body, within this (slow-body clients get 408 and are cut). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way for this long is destroyed (longer than any request takes to answer). */
  idleTimeoutMs: number;
}

export type PayPalMode = 'local' | 'sandbox' | 'live';

export interface PayPalConfig {
  mode: PayPalMode;
  /**
   * REST base URL: https://api-m.sandbox.paypal.com (sandbox), https://api-m.paypal.com (live); in local mode
   * PAYPAL_LOCAL_URL, or undefined: this server's own /paypal-peer, found once it listens.
   */
  baseUrl: string | undefined;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  brandName: string;
  timeoutMs: number;
  /** Local peer only: 'manual' queues its webhooks until a test delivers them (default 'auto'). Not from the environment. */
  peerWebhooks?: 'auto' | 'manual';
}

export const PAYPAL_BASE_URLS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;
/** Where the local PayPal peer is served (PAYPAL_MODE=local only). */
export const PAYPAL_PEER_PREFIX = '/paypal-peer';

/** The current time by the config's clock. */
export const nowOf = (config: Pick<Config, 'now'>): Date => (config.now ? config.now() : new Date());

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
    poolSize: e.DATABASE_POOL_SIZE,
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
    serverRendering: e.SERVER_RENDERING,
    pageCache: e.PAGE_CACHE,
    connections: {
      max: e.MAX_CONNECTIONS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    },
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, graceMs: e.SHUTDOWN_GRACE_MS },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: e.MAIL_DIR,
    publicUrl: e.PUBLIC_URL ?? defaultPublicUrl(e.PORT),
    publicUrlFromRequest: e.PUBLIC_URL === undefined,
    // Off by default under NODE_ENV=test: test apps send nothing unless a suite turns the sender on.
    mailWorker: env.MAIL_WORKER ? e.MAIL_WORKER : env.NODE_ENV !== 'test',
    mailPollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailRetryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    contactNotifyTo: e.CONTACT_NOTIFY_TO,
    csp: { imgSrc: e.CSP_IMG_SRC, frameSrc: e.CSP_FRAME_SRC, scriptSrc: e.CSP_SCRIPT_SRC, connectSrc: e.CSP_CONNECT_SRC },
    activationTokenTtl: e.ACTIVATION_TOKEN_TTL,
    resetPasswordTokenTtl: e.RESET_PASSWORD_TOKEN_TTL,
    emailChangeTokenTtl: e.EMAIL_CHANGE_TOKEN_TTL,
    registerLimit: { limit: e.REGISTER_LIMIT, windowSeconds: e.REGISTER_LIMIT_WINDOW_SECONDS },
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    dbTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS },
    dbStartRetries: e.DB_START_RETRIES,
    orderPaymentHours: e.ORDER_PAYMENT_HOURS,
    orderReminderHoursBefore: e.ORDER_REMINDER_HOURS_BEFORE,
    orderWorker: env.ORDER_WORKER ? e.ORDER_WORKER : env.NODE_ENV !== 'test',
    orderWorkerIntervalMs: e.ORDER_WORKER_INTERVAL_MS,
    orderSynchronousCommit: e.ORDER_SYNCHRONOUS_COMMIT,
    statementMaxBytes: e.STATEMENT_MAX_BYTES,
    investorProtectionGate: e.INVESTOR_PROTECTION_GATE === 'on',
    distributionTaxRateBasisPoints: e.DISTRIBUTION_TAX_RATE_BP,
    offerCloseWorker: env.OFFER_CLOSE_WORKER ? e.OFFER_CLOSE_WORKER : env.NODE_ENV !== 'test',
    offerCloseWorkerIntervalMs: e.OFFER_CLOSE_WORKER_INTERVAL_MS,
    offerCloseOrderPauseMs: e.OFFER_CLOSE_ORDER_PAUSE_MS,
    offerCloseLeaseMs: e.OFFER_CLOSE_LEASE_MS,
    bankAccount: {
      holder: e.BANK_ACCOUNT_HOLDER,
      address: e.BANK_ACCOUNT_ADDRESS,
      bankName: e.BANK_NAME,
      accountNumber: e.BANK_ACCOUNT_NUMBER,
      swift: e.BANK_SWIFT,
    },
    paypal: {
      mode: e.PAYPAL_MODE,
      baseUrl: e.PAYPAL_MODE === 'local' ? e.PAYPAL_LOCAL_URL : PAYPAL_BASE_URLS[e.PAYPAL_MODE],
      // The local peer accepts these defaults; sandbox and live must be given theirs (checked above).
      clientId: e.PAYPAL_CLIENT_ID ?? 'local-client',
      clientSecret: e.PAYPAL_CLIENT_SECRET ?? 'local-secret',
      webhookId: e.PAYPAL_WEBHOOK_ID ?? 'LOCAL-WEBHOOK',
      brandName: e.PAYPAL_BRAND_NAME,
      timeoutMs: e.PAYPAL_TIMEOUT_MS,
    },
    loginLimits: {
      accountFailures: e.LOGIN_ACCOUNT_LIMIT,
      lockSeconds: e.LOGIN_LOCK_SECONDS,
      lockMaxSeconds: e.LOGIN_LOCK_MAX_SECONDS,
      failureMemorySeconds: e.LOGIN_FAILURE_MEMORY_SECONDS,
      ipFailures: e.LOGIN_IP_LIMIT,
      ipWindowSeconds: e.LOGIN_IP_WINDOW_SECONDS,
    },
    workerBackoff: { baseMs: e.WORKER_BACKOFF_BASE_MS, maxMs: e.WORKER_BACKOFF_MAX_MS },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
  };
}
