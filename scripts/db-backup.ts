import path from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../server/config';
import { BackupError, backupPglite, backupPostgres, formatBytes, formatCounts } from './db-backup-core';

// `npm run db:backup -- [--force] [file]`: a backup of the database the server is configured with (.env, then the
// environment): DATABASE_URL → pg_dump's custom format (the nodes keep running); unset → PGlite's dump of DATA_DIR
// (the server must be stopped). Restore it with `npm run db:restore -- <file>` (scripts/db-restore.ts).

const USAGE = `Usage: npm run db:backup -- [--force] [file]

Backs up the database of DATABASE_URL (PostgreSQL: pg_dump, custom format; the nodes keep running) or, without
it, the embedded PGlite database in DATA_DIR (its own dump; stop the server first).
  file     where to write it (never overwritten); default backups/estate-shares-<time>.pgdump or .pglite.tgz
  --force  PGlite only: back up although DATA_DIR looks open (a crash left postmaster.pid)
Restore: npm run db:restore -- <file>`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  const unknown = rest.filter((a) => a.startsWith('-'));
  if (unknown.length || rest.length > 1) {
    console.error(`${unknown.length ? `unknown option ${unknown.join(' ')}` : 'one file only'}\n\n${USAGE}`);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const started = Date.now();
  if (config.databaseUrl) {
    if (force) console.warn('--force is for PGlite only; ignored');
    const file = rest[0] ?? path.join('backups', `estate-shares-${stamp}.pgdump`);
    const { bytes, entries } = await backupPostgres(config.databaseUrl, file);
    console.log(`PostgreSQL backup: ${file} (${formatBytes(bytes)}, ${entries} archive entries) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    const file = rest[0] ?? path.join('backups', `estate-shares-${stamp}.pglite.tgz`);
    const { bytes, counts } = await backupPglite(config.dataDir, file, { force });
    console.log(`PGlite backup of ${config.dataDir}: ${file} (${formatBytes(bytes)}; ${formatCounts(counts)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(`db:backup: ${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
