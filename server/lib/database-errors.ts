// Is this failure "the database cannot be reached right now" (answer 503 DATABASE_UNAVAILABLE and let the caller
// retry) rather than a bug (500)? Connection refused/reset/timed out, node-postgres' connect and query timeouts,
// a server shutting down or refusing connections, a statement cancelled by statement_timeout, a closed PGlite.
// Drizzle wraps driver errors, so the whole cause chain is searched.

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

// SQLSTATE: class 08 connection exception; 57P01-57P03 shutdown / cannot connect now; 53300 too many
// connections; 57014 query_canceled (statement_timeout); 40P01 is NOT here (a deadlock is a bug to see).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300|57014)$/;

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Query read timeout',
  'connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as Record<string, unknown>, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}
