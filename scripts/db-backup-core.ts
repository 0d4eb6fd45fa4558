import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// Backups of the platform's database (`npm run db:backup` / `npm run db:restore`, docs/production.md "Backups"):
// everything lives in it (accounts, orders, transactions, the PDFs issued and uploaded, mail not yet sent).
//   PostgreSQL (DATABASE_URL set): pg_dump's custom format, taken in one snapshot while the nodes run, restored
//     with pg_restore into a new, empty database in one transaction.
//   PGlite (the embedded database in DATA_DIR): PGlite's own dump of its data folder (dumpDataDir, a gzipped tar),
//     taken while no server has the folder open, restored into a new folder.
// A backup is written next to its file name first and renamed when complete: a failed run leaves no file that
// looks like a backup. The kind of a file is read from its first bytes, so a restore cannot take one for the
// other.

export class BackupError extends Error {}

export type BackupKind = 'postgres' | 'pglite';

/** What a backup file holds, from its first bytes. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  const head = Buffer.alloc(512);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (read >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  throw new BackupError(`${file} is not a backup of this platform (neither pg_dump's custom format nor a PGlite dump)`);
}

/** The URL without its password (for command lines, which other users can read) and the password for PGPASSWORD. */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';

function run(command: string, args: string[], password: string | undefined): { status: number; output: string } {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new BackupError(`${command} is not installed: it comes with PostgreSQL's client (Debian: apt-get install postgresql-client)`);
  }
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function tool(name: 'pg_dump' | 'pg_restore'): string {
  const dir = process.env.PG_BIN_DIR;
  return dir ? path.join(dir, name) : name;
}

export interface Counts {
  orders: number;
  transactions: number;
  issuedDocuments: number;
  offerDocumentFiles: number;
  users: number;
}

const COUNTS_SQL = `select (select count(*) from orders)::int as orders, (select count(*) from transactions)::int as transactions,
  (select count(*) from issued_documents)::int as "issuedDocuments", (select count(*) from offer_document_files)::int as "offerDocumentFiles",
  (select count(*) from users)::int as users`;

function partialOf(file: string) {
  return `${file}.partial-${process.pid}`;
}

function prepareTarget(file: string) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (existsSync(file)) throw new BackupError(`${file} exists already: name a new file (a backup never overwrites one)`);
}

// ---------- PostgreSQL ----------

export async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number; entries: number }> {
  prepareTarget(file);
  const { url, password } = splitPassword(databaseUrl);
  const partial = partialOf(file);
  try {
    const dump = run(tool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`], password);
    if (dump.status !== 0) {
      const hint = /server version mismatch/.test(dump.output) ? '\n(pg_dump must be at least the server\'s major version: install that postgresql-client)' : '';
      throw new BackupError(`pg_dump failed:\n${dump.output}${hint}`);
    }
    // Proof the archive reads back: its table of contents.
    const list = run(tool('pg_restore'), ['--list', partial], undefined);
    if (list.status !== 0) throw new BackupError(`the archive pg_dump wrote does not read back:\n${list.output}`);
    const entries = list.output.split('\n').filter((line) => line && !line.startsWith(';')).length;
    renameSync(partial, file);
    return { bytes: statSync(file).size, entries };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Into a new or empty database (created when it does not exist), in one transaction. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<{ created: boolean; counts: Counts }> {
  if (backupKindOf(file) !== 'postgres') {
    throw new BackupError(`${file} is a PGlite backup: it restores into the embedded database (unset DATABASE_URL, set DATA_DIR to a new folder)`);
  }
  const name = databaseName(databaseUrl);
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  let created = false;
  const adminClient = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await adminClient.connect();
  } catch (error) {
    throw new BackupError(`cannot reach PostgreSQL at ${splitPassword(databaseUrl).url}: ${(error as Error).message}`);
  }
  try {
    const exists = (await adminClient.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) {
      await adminClient.query(`create database "${name.replace(/"/g, '""')}"`);
      created = true;
    }
  } finally {
    await adminClient.end();
  }
  const target = new pg.Client({ connectionString: databaseUrl });
  await target.connect();
  try {
    const [{ relations }] = (
      await target.query(
        `select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
      )
    ).rows as { relations: number }[];
    if (relations > 0) {
      throw new BackupError(
        `database "${name}" is not empty (${relations} tables, sequences or indexes): restore into a new database ` +
          `(name one that does not exist in DATABASE_URL; it is created), then point the nodes at it`,
      );
    }
  } finally {
    await target.end();
  }
  const { url, password } = splitPassword(databaseUrl);
  const restore = run(tool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file], password);
  if (restore.status !== 0) throw new BackupError(`pg_restore failed (nothing was restored: one transaction):\n${restore.output}`);
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  try {
    const counts = (await check.query(COUNTS_SQL)).rows[0] as Counts;
    return { created, counts };
  } finally {
    await check.end();
  }
}

// ---------- PGlite ----------

function isPgliteFolder(dir: string) {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/** A dump of the data folder; the server must not have it open (PGlite is one process's database). */
export async function backupPglite(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<{ bytes: number; counts: Counts }> {
  if (dataDir.startsWith('memory://')) throw new BackupError('DATA_DIR is memory://: an in-memory database has nothing to back up');
  if (!isPgliteFolder(dataDir)) throw new BackupError(`${dataDir} holds no database (no PG_VERSION): set DATA_DIR, or DATABASE_URL for PostgreSQL`);
  if (existsSync(path.join(dataDir, 'postmaster.pid')) && !options.force) {
    throw new BackupError(
      `the database in ${dataDir} is open (postmaster.pid): stop the server first (PGlite is one process's database). ` +
        'If no server runs on it (a crash left the file), pass --force.',
    );
  }
  prepareTarget(file);
  const partial = partialOf(file);
  const db = await PGlite.create(dataDir);
  try {
    const counts = (await db.query<Counts>(COUNTS_SQL)).rows[0];
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return { bytes: statSync(file).size, counts };
  } finally {
    rmSync(partial, { force: true });
    await db.close();
  }
}

/** Into a new (missing or empty) data folder. */
export async function restorePglite(file: string, dataDir: string): Promise<{ counts: Counts }> {
  if (backupKindOf(file) !== 'pglite') {
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump): it restores into PostgreSQL (set DATABASE_URL to a new database)`);
  }
  if (dataDir.startsWith('memory://')) throw new BackupError('DATA_DIR is memory://: name a folder to restore into');
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`);
  }
  mkdirSync(dataDir, { recursive: true });
  const blob = new Blob([readFileSync(file)]);
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(dataDir, { loadDataDir: blob });
    const counts = (await db.query<Counts>(COUNTS_SQL)).rows[0];
    await db.close();
    return { counts };
  } catch (error) {
    await db?.close().catch(() => {});
    // nothing half-restored is left behind
    rmSync(dataDir, { recursive: true, force: true });
    throw new BackupError(`the PGlite dump could not be loaded: ${(error as Error).message}`);
  }
}

export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`);

export const formatCounts = (c: Counts) =>
  `${c.users} accounts, ${c.orders} orders, ${c.transactions} transactions, ${c.issuedDocuments} issued documents, ${c.offerDocumentFiles} uploaded offer documents`;
