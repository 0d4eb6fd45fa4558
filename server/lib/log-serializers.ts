// What an error looks like in the log. Database errors carry the SQL text and its parameter values (an argon2
// hash, a bank account number, an address: drizzle's `query`/`params` and its "Failed query … params: …"
// message, the driver's `detail` such as "Key (email)=(…) already exists", and messages such as
// `invalid input syntax for type integer: "…"`). None of that may reach the log. So an error is logged by
// type, code and place only: its SQLSTATE, constraint/table/column names and stack frames; the message is kept
// only for errors that have nothing to do with the database.
//
// Installed as pino's `err` (and `error`) serializer in server/app.ts serverOptions(), so it holds for every
// log line of the process: request errors, the mail worker, start-up.

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  code?: string;
  statusCode?: number;
  /** The error's message, except for database errors: "database error <SQLSTATE>" (their messages may quote values). */
  message: string;
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** Stack frames only (the first line of a stack repeats the message). */
  stack: string;
  cause?: SerializedError;
}

type Loose = Record<string, unknown> & { constructor?: { name?: string } };

// Five characters with at least one digit (so errno names such as EPIPE are not taken for one).
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

/** A driver error (pg, PGlite) or drizzle's wrapper: anything that may hold SQL, parameters or row values. */
export function isDatabaseError(error: unknown): boolean {
  for (let e = error as Loose | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as Loose, depth++) {
    if ('query' in e || 'params' in e) return true;
    if (e.constructor?.name === 'DrizzleQueryError' || e.constructor?.name === 'DatabaseError') return true;
    if (typeof e.severity === 'string' && typeof e.code === 'string' && SQLSTATE.test(e.code)) return true;
  }
  return false;
}

const stackFrames = (stack: unknown): string | undefined => {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 15);
  return frames.length ? frames.join('\n') : undefined;
};

const shortString = (value: unknown, max = 100) =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : undefined;

function serialize(error: unknown, database: boolean, depth: number): SerializedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: '', stack: '' };
  const e = error as Loose;
  const out: SerializedError = { type: shortString(e.constructor?.name) ?? shortString(e.name) ?? 'Error', message: '', stack: '' };
  const code = shortString(e.code, 40);
  if (code) {
    if (database && SQLSTATE.test(code)) out.sqlState = code;
    else out.code = code;
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (!database && typeof e.message === 'string') out.message = e.message.slice(0, 500);
  if (database) out.message = `database error${sqlStateOf(e) ? ` ${sqlStateOf(e)}` : ''}`;
  if (database) {
    // Names of schema objects, never values.
    out.constraint = shortString(e.constraint);
    out.table = shortString(e.table);
    out.column = shortString(e.column);
    out.routine = shortString(e.routine);
  }
  out.stack = stackFrames(e.stack) ?? '';
  if (e.cause && depth < 5) out.cause = serialize(e.cause, database, depth + 1);
  for (const key of Object.keys(out) as (keyof SerializedError)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** pino serializer for `err`: type, codes and stack frames; no SQL, parameters, details or value-bearing messages. */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, isDatabaseError(error), 0);
}

/** The SQLSTATE of a database error anywhere in the cause chain (for log lines and classification). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as Loose | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as Loose, depth++) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e.code;
  }
  return undefined;
}
