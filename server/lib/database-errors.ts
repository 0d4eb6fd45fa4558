// Is this failure "the database cannot be reached right now" (answer 503 DATABASE_UNAVAILABLE with Retry-After
// and let the caller retry) rather than a bug (500)? Connection refused/reset/timed out, node-postgres' connect
// and query timeouts, a server shutting down, restarting or refusing connections, a backend terminated by an
// administrator or a failover, a statement cancelled by statement_timeout, a closed PGlite.
// Drizzle wraps driver errors, so the whole cause chain is searched.

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// SQLSTATE: class 08 connection exception; 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown),
// 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovery), 57P05 idle session timeout;
// 53300 too many connections; 57014 query_canceled (statement_timeout); 3D000 the database does not exist
// (dropped, or not restored yet); 28P01 / 28000 the server refuses our credentials (a rotated password: an
// operator's fix, not a request's bug); 25006 read-only transaction (a hot standby after a failover, before the
// address moves). 40P01 is NOT here: a deadlock is a bug to see.
const UNAVAILABLE_STATES = /^(08...|57P0[1235]|53300|57014|3D000|28P01|28000|25006)$/;

// 55000 object_not_in_prerequisite_state is what a database with ALLOW_CONNECTIONS false answers a new
// connection, but the same code is also an ordinary statement error (currval before nextval): only the
// connection-level kind counts. A FATAL or PANIC severity always means the session is gone.
const CONNECTION_SEVERITIES = new Set(['FATAL', 'PANIC']);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Query read timeout',
  'connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'is not currently accepting connections',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
  'terminating connection due to administrator command',
  'PGlite is closed',
  'PGlite is closing',
];

type Loose = Record<string, unknown>;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as Loose | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as Loose, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code)) return true;
    if (typeof e.severity === 'string' && CONNECTION_SEVERITIES.has(e.severity)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    // AggregateError (a connection tried on several addresses, IPv4 and IPv6) holds the real causes.
    if (Array.isArray(e.errors) && e.errors.some((inner) => inner !== e && isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is away (the `Retry-After` of the 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
