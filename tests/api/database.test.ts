import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import * as schema from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { verifyPassword } from '../../server/lib/passwords';
import { getOrCreateSecret } from '../../server/modules/accounts/secrets-repository';
import { databaseKinds, openTestDatabase } from './helpers';

const tables = [
  schema.users,
  schema.siteSettings,
  schema.sliderItems,
  schema.contentNodes,
  schema.menuItems,
  schema.socialMedia,
] as const;

for (const kind of databaseKinds) {
  describe(`database [${kind}]`, () => {
    it('seeds idempotently and keeps what operators edited', async () => {
      const opened = await openTestDatabase(kind, { seed: false });
      const { db } = opened.database;
      try {
        const first = await seedDemo(db);
        expect(first.usersCreated).toBe(4);
        const countAll = async () => Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0].n));
        const before = await countAll();
        expect(before).toEqual([4, 1, 3, expect.any(Number), 9, 5]);
        expect(before[3]).toBeGreaterThan(60);

        await db.update(schema.siteSettings).set({ maintenanceMode: true }).where(eq(schema.siteSettings.id, 1));
        const second = await seedDemo(db);
        expect(second.usersCreated).toBe(0);
        expect(await countAll()).toEqual(before);
        const [settings] = await db.select().from(schema.siteSettings);
        expect(settings.maintenanceMode).toBe(true);
      } finally {
        await opened.close();
      }
    });

    it('stores lowercased e-mails and argon2id hashes', async () => {
      const opened = await openTestDatabase(kind);
      try {
        const rows = await opened.database.db.select().from(schema.users);
        for (const row of rows) {
          expect(row.email).toBe(row.email.toLowerCase());
          expect(row.passwordHash).toMatch(/^\$argon2id\$/);
        }
        const investor = rows.find((r) => r.email === 'investor@example.com')!;
        expect(await verifyPassword(investor.passwordHash, 'Investor123')).toBe(true);
        expect(await verifyPassword(investor.passwordHash, 'investor123')).toBe(false);
        await expect(
          opened.database.db.insert(schema.users).values({ email: 'Upper@Example.com', passwordHash: 'x' }),
        ).rejects.toThrow();
      } finally {
        await opened.close();
      }
    });

    it('migrates again without changes and shares one generated JWT secret', async () => {
      const opened = await openTestDatabase(kind);
      try {
        await migrateDatabase(opened.database);
        const a = await getOrCreateSecret(opened.database.db, 'jwt_secret');
        const b = await getOrCreateSecret(opened.database.db, 'jwt_secret');
        expect(a).toBe(b);
        expect(a.length).toBeGreaterThanOrEqual(32);
      } finally {
        await opened.close();
      }
    });

    if (kind === 'postgres') {
      it('lets several nodes migrate and seed at once (advisory lock, ON CONFLICT)', async () => {
        const opened = await openTestDatabase(kind, { seed: false });
        const nodes = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: opened.url, dataDir: 'memory://', poolSize: 2 })));
        try {
          await Promise.all(nodes.map((node) => migrateDatabase(node)));
          const results = await Promise.all(nodes.map((node) => seedDemo(node.db)));
          expect(results.reduce((sum, r) => sum + r.usersCreated, 0)).toBe(4);
          const secrets = await Promise.all(nodes.map((node) => getOrCreateSecret(node.db, 'jwt_secret')));
          expect(new Set(secrets).size).toBe(1);
        } finally {
          await Promise.all(nodes.map((node) => node.close()));
          await opened.close();
        }
      });
    }
  });
}
