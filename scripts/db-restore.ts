import { ConfigError, loadConfig, loadDotEnv } from '../server/config';
import { BackupError, backupKindOf, formatCounts, restorePglite, restorePostgres } from './db-backup-core';

// `npm run db:restore -- <file>`: a backup made by `npm run db:backup` into a NEW database: DATABASE_URL names a
// PostgreSQL database that does not exist (it is created) or is empty; without it, DATA_DIR names a folder that does
// not exist or is empty. Then start the nodes on it (they apply any newer migrations).

const USAGE = `Usage: npm run db:restore -- <file>

Restores a backup of npm run db:backup into a new database, never over an existing one:
  PostgreSQL backup (.pgdump): into DATABASE_URL's database, created if it does not exist, refused unless empty;
                               pg_restore in one transaction
  PGlite backup (.pglite.tgz): into DATA_DIR, a folder that does not exist or is empty
Then point the nodes at it and start them.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(`${args.length ? 'one backup file, no options' : 'which backup file?'}\n\n${USAGE}`);
    return 2;
  }
  const file = args[0];
  loadDotEnv();
  const config = loadConfig();
  const kind = backupKindOf(file);
  const started = Date.now();
  if (kind === 'postgres') {
    if (!config.databaseUrl) throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to the new database to restore it into`);
    const { created, counts } = await restorePostgres(file, config.databaseUrl);
    const name = new URL(config.databaseUrl).pathname.slice(1);
    console.log(`restored ${file} into PostgreSQL database "${name}"${created ? ' (created)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${formatCounts(counts)}`);
  } else {
    if (config.databaseUrl) throw new BackupError(`${file} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to the new folder to restore it into`);
    const { counts } = await restorePglite(file, config.dataDir);
    console.log(`restored ${file} into ${config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${formatCounts(counts)}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(`db:restore: ${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
