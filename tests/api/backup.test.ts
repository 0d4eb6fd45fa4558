import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { formatCounts, type Counts } from '../../scripts/db-backup-core';
import { camt053 } from '../support/statements';
import { CLIENT, DEMO, TEST_DATABASE_URL, buildApp, databaseKinds, expectData, openTestDatabase, testConfig } from './helpers';
import { INVESTOR_PASSWORD, agreementIdsFor, orderBody, createInvestor, createSeries, methodIds } from './orders-support';

// `npm run db:backup` / `npm run db:restore` (scripts/db-backup.ts, scripts/db-restore.ts) run as an operator runs
// them: a database with orders, transactions, a statement import and documents (issued PDFs, an uploaded offer
// document) is backed up (PostgreSQL: while its node runs), restored into a new database, and a node started on
// the copy answers every order, transaction and document exactly as the original did. A restore never writes
// over a database that holds something, and a PGlite folder a server has open is not backed up.

const root = fileURLToPath(new URL('../..', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: root,
      // DATABASE_URL is always named, empty for PGlite: a developer's .env cannot point the script elsewhere.
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

interface Snapshot {
  orders: Record<string, unknown>;
  documents: unknown;
  downloads: Record<string, string>;
  offerFile: { url: string; sha: string };
  statements: unknown;
}

/** Everything the API tells about the data, as the investor and the operator see it. */
async function snapshot(app: FastifyInstance, investorEmail: string, ids: string[], offerFileUrl: string): Promise<Snapshot> {
  const login = async (who: { email: string; password: string }) =>
    expectData(await app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', ...who, ...CLIENT } })).accessToken as string;
  const investor = await login({ email: investorEmail, password: INVESTOR_PASSWORD });
  const operator = await login(DEMO.operator);
  const as = (token: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  const orders: Record<string, unknown> = {};
  for (const id of ids) orders[id] = expectData(await as(investor, `/api/order/${id}`));
  const documents = expectData(await as(investor, '/api/investor/documents')) as { id: string; own: boolean }[];
  const downloads: Record<string, string> = {};
  for (const doc of documents.filter((d) => d.own)) {
    const res = await as(investor, `/api/investor/documents/${doc.id}`);
    expect(res.statusCode).toBe(200);
    downloads[doc.id] = sha(res.rawPayload);
  }
  const file = await app.inject({ method: 'GET', url: offerFileUrl });
  expect(file.statusCode).toBe(200);
  const statements = expectData(await as(operator, '/api/operator/statements'));
  return { orders, documents, downloads, offerFile: { url: offerFileUrl, sha: sha(file.rawPayload) }, statements };
}

for (const kind of databaseKinds) {
  describe(`db:backup and db:restore [${kind}]`, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    const work = mkdtempSync(path.join(tmpdir(), 'estate-backup-'));
    const backupFile = path.join(work, kind === 'postgres' ? 'estate.pgdump' : 'estate.pglite.tgz');
    let sourceEnv: Record<string, string>;
    let targetEnv: Record<string, string>;
    let targetOpen: () => Promise<Database>;
    let original: Snapshot;
    let orderIds: string[];
    let offerFileUrl: string;
    let backupOutput = '';
    let investorEmail = '';
    /** rows in the source database, as the scripts report them */
    let counts: string;

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    beforeAll(async () => {
      // The source database, migrated and seeded: a throwaway PostgreSQL one, or a PGlite folder.
      const opened = await openTestDatabase(kind);
      let database: Database;
      if (kind === 'postgres') {
        database = opened.database;
        cleanups.push(() => opened.close());
        sourceEnv = { DATABASE_URL: opened.url! };
        const targetName = `t_${randomBytes(6).toString('hex')}_restored`;
        const targetUrl = new URL(TEST_DATABASE_URL!);
        targetUrl.pathname = `/${targetName}`;
        targetEnv = { DATABASE_URL: targetUrl.toString() };
        targetOpen = () => createDatabase({ databaseUrl: targetUrl.toString(), dataDir: 'memory://', poolSize: 3 });
        cleanups.push(async () => {
          const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
          await admin.connect();
          await admin.query(`drop database if exists "${targetName}" with (force)`);
          await admin.end();
        });
      } else {
        if (opened.database.kind !== 'pglite') throw new Error('expected PGlite');
        const dump = await opened.database.client.dumpDataDir('none');
        await opened.close();
        const dir = path.join(work, 'source-data');
        await (await PGlite.create(dir, { loadDataDir: dump })).close();
        database = await createDatabase({ dataDir: dir });
        sourceEnv = { DATA_DIR: dir };
        const targetDir = path.join(work, 'restored-data');
        targetEnv = { DATA_DIR: targetDir };
        targetOpen = () => createDatabase({ dataDir: targetDir });
      }
      const app = await buildApp({ config: testConfig(), database });
      await app.ready();

      // Orders (bank transfer), one paid by an imported statement; documents issued and uploaded.
      const investor = await createInvestor(app);
      investorEmail = investor.email;
      const series = await createSeries(database.db, 'zielone-tarasy', 100);
      const methods = await methodIds(database.db);
      const target = { offer: series.offerId, series: series.id, method: methods.bank, agreements: (await agreementIdsFor(database.db, series.offerId)).map((a) => a.id) };
      const placed: { id: string; reference: string; totalPrice: number }[] = [];
      for (const quantity of [2, 3, 5]) {
        const res = await app.inject({ method: 'POST', url: '/api/investment', payload: await orderBody(database.db, target, quantity), headers: { authorization: `Bearer ${investor.accessToken}` } });
        placed.push(expectData(res, 201).order);
      }
      orderIds = placed.map((o) => o.id);
      const operator = expectData(await app.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', ...DEMO.operator, ...CLIENT } })).accessToken;
      const statement = camt053({ id: 'BACKUP-1', lines: [{ ref: 'BACKUP-REF-1', amount: placed[0].totalPrice, title: placed[0].reference }] });
      const imported = expectData(
        await app.inject({
          method: 'POST',
          url: '/api/operator/statements',
          payload: { fileName: 'backup.xml', contentBase64: Buffer.from(statement).toString('base64') },
          headers: { authorization: `Bearer ${operator}` },
        }),
      );
      expect(imported.summary.matched).toBe(1);
      const offer = expectData(
        await app.inject({
          method: 'POST',
          url: `/api/operator/offers/${series.offerId}/documents`,
          payload: { reason: 'Kopia zapasowa', kind: 'general', displayName: { pl: 'Prospekt', en: 'Prospectus' }, fileName: 'prospekt.pdf', contentBase64: PDF.toString('base64') },
          headers: { authorization: `Bearer ${operator}` },
        }),
        201,
      );
      offerFileUrl = offer.documents.find((d: { displayName: { pl: string } }) => d.displayName.pl === 'Prospekt').url;

      original = await snapshot(app, investorEmail, orderIds, offerFileUrl);
      const countsResult = (await database.db.execute(
        sql`select (select count(*) from orders)::int as orders, (select count(*) from transactions)::int as transactions,
              (select count(*) from issued_documents)::int as "issuedDocuments", (select count(*) from offer_document_files)::int as "offerDocumentFiles",
              (select count(*) from users)::int as users`,
      )) as unknown as { rows: Counts[] };
      counts = formatCounts(countsResult.rows[0]);
      expect(countsResult.rows[0].orders).toBeGreaterThanOrEqual(3);
      expect(countsResult.rows[0].offerDocumentFiles).toBe(1);
      // issued documents exist only once downloaded: the snapshot downloaded them all
      expect(Object.keys(original.downloads).length).toBeGreaterThanOrEqual(4);
      expect((original.orders[orderIds[0]] as { status: string }).status).toBe('paid');
      expect((original.orders[orderIds[0]] as { transactions: { status: string }[] }).transactions.map((t) => t.status)).toContain('paid');

      if (kind === 'postgres') {
        // PostgreSQL is backed up while its node runs.
        const backup = await cli('db-backup', [backupFile], sourceEnv);
        backupOutput = backup.output;
        expect(backup.code, backup.output).toBe(0);
        await app.close();
      } else {
        // PGlite: not while a server has the folder open; then with the server stopped.
        const refused = await cli('db-backup', [backupFile], sourceEnv);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('is open (postmaster.pid): stop the server first');
        expect(existsSync(backupFile)).toBe(false);
        await app.close();
        await database.close();
        const backup = await cli('db-backup', [backupFile], sourceEnv);
        backupOutput = backup.output;
        expect(backup.code, backup.output).toBe(0);
      }
    });

    it('writes the backup once, and never over an existing file', async () => {
      expect(existsSync(backupFile)).toBe(true);
      if (kind === 'postgres') expect(backupOutput).toMatch(/^PostgreSQL backup: .*estate\.pgdump \(\d+ kB, \d+ archive entries\)/);
      else {
        expect(backupOutput).toContain('estate.pglite.tgz (');
        expect(backupOutput).toContain(counts);
      }
      const again = await cli('db-backup', [backupFile], sourceEnv);
      expect(again.code).toBe(1);
      expect(again.output).toContain('exists already');
    });

    it('restores into a new database; a node on it finds every order, transaction and document as before', async () => {
      const restore = await cli('db-restore', [backupFile], targetEnv);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain(`: ${counts}`);

      const database = await targetOpen();
      cleanups.push(() => database.close());
      await migrateDatabase(database);
      const node = await buildApp({ config: testConfig(), database });
      cleanups.push(() => node.close());
      await node.ready();
      expectData(await node.inject({ method: 'GET', url: '/api/ready' }));

      const restored = await snapshot(node, investorEmail, orderIds, offerFileUrl);
      expect(restored.orders).toEqual(original.orders);
      expect(restored.documents).toEqual(original.documents);
      expect(restored.downloads).toEqual(original.downloads);
      expect(restored.offerFile).toEqual(original.offerFile);
      expect(restored.statements).toEqual(original.statements);
      // the order list holds the three orders too
      const token = expectData(
        await node.inject({ method: 'POST', url: '/api/token', payload: { grantType: 'password', email: investorEmail, password: INVESTOR_PASSWORD, ...CLIENT } }),
      ).accessToken;
      const list = expectData(await node.inject({ method: 'GET', url: '/api/order', headers: { authorization: `Bearer ${token}` } }));
      expect(list.items.map((o: { id: string }) => o.id).sort()).toEqual([...orderIds].sort());
    });

    it('refuses to restore over a database that holds data, and a file that is no backup', async () => {
      const again = await cli('db-restore', [backupFile], targetEnv);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(kind === 'postgres' ? /is not empty \(\d+ tables, sequences or indexes\): restore into a new database/ : /is not empty: restore into a new folder/);
      const junk = path.join(work, 'junk.pgdump');
      writeFileSync(junk, 'not a backup');
      const wrong = await cli('db-restore', [junk], targetEnv);
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain('is not a backup of this platform');
      const none = await cli('db-restore', [], targetEnv);
      expect(none.code).toBe(2);
      expect(none.output).toContain('Usage: npm run db:restore -- <file>');
      const otherKind = await cli('db-restore', [backupFile], kind === 'postgres' ? { DATA_DIR: path.join(work, 'elsewhere') } : { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
      expect(otherKind.code).toBe(1);
      expect(otherKind.output).toMatch(kind === 'postgres' ? /is a PostgreSQL backup: set DATABASE_URL/ : /is a PGlite backup: unset DATABASE_URL/);
    });
  });
}
