/**
 * The dashboard's query against 100,000 orders (docs/dashboard.md § Speed): `npm run bench:stats`.
 * Seeds a fresh shop on the embedded database (PGlite), or on the PostgreSQL server named by
 * DATABASE_URL (a database of its own, dropped afterwards), with one bulk INSERT … SELECT
 * generate_series per table, then times the stats of 30 and 365 days against a baseline measured in
 * the same run (`SELECT count(*) FROM orders`), so the ratio reads the same on a slow or fast machine.
 * A measurement to read, not a test: it fails nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { shopDay } from '../src/contract/dates.js';
import { rangeOf, statsOf } from '../src/server/modules/dashboard/service.js';
import { createAccount, createTestApp } from '../tests/helpers/app.js';
import { createTaxonomy, insertProduct } from '../tests/helpers/shopping.js';

const ORDERS = 100_000;
const RUNS = 5;
const TIME_ZONE = 'Asia/Riyadh';

const t = await createTestApp({ timeZone: TIME_ZONE });
try {
  const { db } = t.database;
  const customer = await createAccount(t, 'user');
  const { category } = await createTaxonomy(t);
  const product = await insertProduct(t, { categoryId: category.id });
  const seeding = performance.now();
  // Orders over the last 400 days at any minute; one in 20 cancelled, one in 10 by card.
  await db.execute(sql`
    INSERT INTO orders (user_id, shipping_address, subtotal, total_order_price, payment_method_type,
                        status, payment_status, is_paid, created_at, updated_at)
    SELECT ${customer.id}, '{"details":"شارع","phone":"0551234567","city":"الرياض","postalCode":""}'::jsonb,
           5000 + (g % 97) * 100, 5000 + (g % 97) * 100,
           (CASE WHEN g % 10 = 0 THEN 'card' ELSE 'cash' END)::payment_method,
           (CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 3 = 0 THEN 'delivered' ELSE 'pending' END)::order_status,
           (CASE WHEN g % 10 = 0 OR g % 3 = 0 THEN 'paid' ELSE 'unpaid' END)::payment_status,
           g % 10 = 0 OR g % 3 = 0,
           now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute',
           now()
    FROM generate_series(1, ${ORDERS}) AS g`);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, title, sku, count, price)
    SELECT id, ${product.id}, ${product.title}, 'BENCH', 1 + number % 3, subtotal FROM orders`);
  // One delivered order in 50 refunded in part, the day after it was placed.
  await db.execute(sql`
    INSERT INTO refunds (order_id, amount, reason, status, created_at, done_at)
    SELECT id, 1000, 'bench', 'done', created_at + interval '1 day', created_at + interval '1 day'
    FROM orders WHERE status = 'delivered' AND number % 50 = 0`);
  await db.execute(sql`ANALYZE`);
  console.log(`seeded ${ORDERS} orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  async function median(run: () => Promise<unknown>) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
  }
  const money = { digits: 2, currency: 'SAR' };
  const today = shopDay(new Date(), TIME_ZONE);
  const year = {
    from: new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10),
    to: today,
  };
  const baseline = await median(() => db.execute(sql`SELECT count(*) FROM orders`));
  const month = await median(() => statsOf(db, rangeOf({}, new Date(), TIME_ZONE), TIME_ZONE, money, 5));
  const wholeYear = await median(() => statsOf(db, year, TIME_ZONE, money, 5));
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${where}, median of ${RUNS}:`);
  console.log(`  baseline SELECT count(*) FROM orders: ${baseline.toFixed(1)} ms`);
  console.log(
    `  stats, 30 days (and the 30 before):   ${month.toFixed(1)} ms (${(month / baseline).toFixed(1)}× the baseline)`,
  );
  console.log(
    `  stats, 365 days (and the 365 before): ${wholeYear.toFixed(1)} ms (${(wholeYear / baseline).toFixed(1)}× the baseline)`,
  );
} finally {
  await t.close();
}
