import { eq, inArray, sql } from 'drizzle-orm';
import { QUESTIONNAIRE_VERSION } from '../modules/protection/questionnaire';
import { hashPassword } from '../lib/passwords';
import { bumpContentVersion } from '../modules/content/repository';
import type { Db } from './client';
import { contentNodes, menuItems, siteSettings, sliderItems, socialMedia, users } from './schema';
import { seedPublicContent } from './seed-data/content';
import { menuSeed, socialMediaSeed } from './seed-data/menus';
import { siteSettingsSeed } from './seed-data/site-settings';
import { sliderSeed } from './seed-data/slider';
import { staticContentSeed, type SeedNode } from './seed-data/static-content';
import { userSeed } from './seed-data/users';
import { seedInvestorOrders, seedProjectedReturns } from './seed-data/investor-orders';
import { seedClosedOffers, seedDemoDistribution, seedDemoRefunds } from './seed-data/payouts';
import { transactionMethods } from './schema-orders';
import { transactionMethodSeed } from './seed-data/transaction-methods';

// Demo data (SEED_DEMO). Idempotent: every row has a natural key and is inserted with ON CONFLICT DO NOTHING,
// so running it again, or on several nodes at once, adds nothing and never overwrites what an operator has
// edited since (a maintenance flag, a text).

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function seedContentTree(tx: Tx, nodes: Record<string, SeedNode>, parentId: number | null, parentPath: string) {
  let position = 0;
  for (const [key, node] of Object.entries(nodes)) {
    position += 1;
    const path = parentPath ? `${parentPath}.${key}` : key;
    await tx
      .insert(contentNodes)
      .values({
        parentId,
        key,
        path,
        position,
        content: node.content ?? { pl: '', en: '' },
        alt: node.alt ?? { pl: '', en: '' },
        imageUrl: node.imageUrl ?? null,
      })
      .onConflictDoNothing({ target: contentNodes.path });
    if (node.children) {
      const [row] = await tx.select({ id: contentNodes.id }).from(contentNodes).where(eq(contentNodes.path, path));
      await seedContentTree(tx, node.children, row.id, path);
    }
  }
}

/** The demo investors' net worth from the loss simulation: PLN 20 000 000 (orders up to PLN 1 000 000 need no warning). */
const DEMO_NET_WORTH = 2_000_000_000;

export interface SeedResult {
  usersCreated: number;
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  // Hash only the passwords of accounts that do not exist yet (argon2 is slow on purpose).
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, userSeed.map((u) => u.email)));
  const existingEmails = new Set(existing.map((row) => row.email));
  const newUsers = await Promise.all(
    userSeed
      .filter((u) => !existingEmails.has(u.email))
      .map(async ({ password, ...user }) => ({ ...user, passwordHash: await hashPassword(password) })),
  );

  let usersCreated = 0;
  await db.transaction(async (tx) => {
    await tx.insert(siteSettings).values(siteSettingsSeed).onConflictDoNothing({ target: siteSettings.id });
    await tx.insert(sliderItems).values(sliderSeed).onConflictDoNothing({ target: sliderItems.key });
    await tx.insert(menuItems).values(menuSeed).onConflictDoNothing({ target: [menuItems.menu, menuItems.href] });
    await tx.insert(socialMedia).values(socialMediaSeed).onConflictDoNothing({ target: socialMedia.icon });
    await seedContentTree(tx, staticContentSeed, null, '');
    await seedPublicContent(tx);
    await tx.insert(transactionMethods).values(transactionMethodSeed).onConflictDoNothing({ target: transactionMethods.codeName });
    // Whatever the seed added, nodes already running drop their cached public answers.
    await bumpContentVersion(tx);
    if (newUsers.length) {
      const inserted = await tx
        .insert(users)
        .values(newUsers)
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      usersCreated = inserted.length;
    }
    // The demo investors have taken the knowledge test (passed), so they can order straight away; a test
    // lapses after 2 years, and a restart of a server with an older demo database adds a fresh one.
    await tx.execute(sql`
      insert into knowledge_tests (user_id, taken_at, version, language, passed, net_worth, expires_at)
      select u.id, now(), ${QUESTIONNAIRE_VERSION}, 'pl', true, ${DEMO_NET_WORTH}, now() + interval '2 years'
      from users u
      where u.role = 'investor' and u.email in (${sql.join(userSeed.map((u) => sql`${u.email}`), sql`, `)})
        and not exists (select 1 from knowledge_tests k where k.user_id = u.id and k.expires_at > now())`);
    // The investor area's demo: projected returns, and the demo investor's orders (fixed references).
    await seedProjectedReturns(tx);
    await seedClosedOffers(tx);
    await seedInvestorOrders(tx);
    await seedDemoDistribution(tx);
    await seedDemoRefunds(tx);
  });
  return { usersCreated };
}
