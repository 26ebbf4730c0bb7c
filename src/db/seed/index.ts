import { eq, sql } from 'drizzle-orm';
import { currencyDigits } from '../../contract/money.js';
import { demoPhone } from '../../contract/phone.js';
import { hashPassword } from '../../server/auth/passwords.js';
import type { Config } from '../../server/config.js';
import type { MediaStore } from '../../server/media/store.js';
import type { Database } from '../client.js';
import { users } from '../schema.js';
import { reindexStale } from '../search-index.js';
import { bulkInsertProducts } from './bulk.js';
import { categoryCount, seedDemo } from './demo.js';

export type SeedOptions = {
  db: Database;
  config: Config;
  media: MediaStore;
  log?: (message: string) => void;
  /** Benchmarks: add generated products until the table holds at least this many. */
  products?: number;
};

/** Creates the admin account if missing; an existing account is never touched. */
async function ensureAdmin(db: Database, config: Config, log: (message: string) => void): Promise<void> {
  const email = config.seedAdminEmail.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return;
  const created = await db
    .insert(users)
    .values({
      name: 'مدير المتجر',
      email,
      phone: demoPhone(config.phoneCountry, 0),
      passwordHash: await hashPassword(config.seedAdminPassword),
      role: 'admin',
    })
    // Another process may have created it in the meantime.
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created.length > 0) log(`seed: admin account created (${email})`);
}

/**
 * Safe to run on every start: the admin is ensured, the demo catalogue is added only to an empty
 * catalogue, and bulk products only up to the requested count.
 */
export async function seedDatabase(options: SeedOptions): Promise<{ demoSeeded: boolean; bulkInserted: number }> {
  const { db, config, media, log = () => {} } = options;
  await ensureAdmin(db, config, log);

  let demoSeeded = false;
  const digits = currencyDigits(config.currency);
  if (config.seedDemo && (await categoryCount(db)) === 0) {
    const started = performance.now();
    demoSeeded = await seedDemo(db, media, { digits, phoneCountry: config.phoneCountry });
    if (demoSeeded) log(`seed: demo catalogue created in ${Math.round(performance.now() - started)} ms`);
  }

  let bulkInserted = 0;
  if (options.products !== undefined && options.products > 0) {
    const started = performance.now();
    bulkInserted = await bulkInsertProducts(db, { target: options.products, digits, log });
    if (bulkInserted > 0) {
      log(`seed: ${bulkInserted} generated products inserted in ${Math.round(performance.now() - started)} ms`);
    }
  }
  if (demoSeeded || bulkInserted > 0) {
    // Seeds write rows directly: derive their search text, then fresh planner statistics and
    // visibility map so the listing's indexes (and index-only scans) are used right away: PGlite
    // has no autovacuum, and PostgreSQL's would only come later.
    await reindexStale(db);
    await db.execute(sql`VACUUM ANALYZE`);
  }
  return { demoSeeded, bulkInserted };
}
