/**
 * `npm run bench:orders`: 100,000 orders seeded into a fresh PostgreSQL database by SQL
 * (generate_series, not the API), then `EXPLAIN (ANALYZE, BUFFERS)` of the admin order list's
 * queries (its page and its count, `orderListQueries`) under each filter the list offers
 * (docs/orders.md, "The admin orders list"), and a table of the index each one used.
 * `--quiet` prints the table only; `--baseline` drops the indexes of migration 0025 first, to see the plans without them.
 * DATABASE_URL names the server (default: the local one); the database `matjar_bench_orders` on it
 * is dropped and made again.
 */
import { parseArgs } from 'node:util';
import { and, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { OrderFilter } from '../../src/contract/order-query.js';
import { openDatabase } from '../../src/db/client.js';
import { loadConfig } from '../../src/server/config.js';
import { orderFilterConditions, orderListQueries } from '../../src/server/modules/orders/service.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '5000' },
    baseline: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const server = new URL(process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres');
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS matjar_bench_orders');
await admin.query('CREATE DATABASE matjar_bench_orders');
await admin.end();
const url = new URL(server);
url.pathname = '/matjar_bench_orders';

const config = loadConfig({ ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
const { db } = database;

const started = performance.now();
const customers = Number(args.customers);
const orderCount = Number(args.orders);
await db.execute(sql`
  INSERT INTO users (name, email, phone, password_hash)
  SELECT 'عميل ' || i, 'customer' || i || '@example.com', '+9665' || lpad(i::text, 8, '0'), 'x'
  FROM generate_series(1, ${customers}) AS i`);
// Two years of orders, one every ~10 minutes, newest now; statuses and payments in a shop's
// proportions (mostly delivered and paid, a few pending, cancelled or refunded).
await db.execute(sql`
  WITH customer AS (SELECT array_agg(id ORDER BY email) AS ids FROM users),
  drawn AS (
    SELECT i, random() AS s, random() AS p, random() AS m FROM generate_series(1, ${orderCount}) AS i
  ),
  shaped AS (
    SELECT i, m,
      CASE WHEN s < 0.04 THEN 'pending' WHEN s < 0.10 THEN 'processing' WHEN s < 0.18 THEN 'shipped'
           WHEN s < 0.88 THEN 'delivered' ELSE 'cancelled' END AS status,
      CASE WHEN p < 0.18 THEN 'unpaid' WHEN p < 0.93 THEN 'paid' WHEN p < 0.95 THEN 'partially_refunded'
           ELSE 'refunded' END AS payment
    FROM drawn
  )
  INSERT INTO orders (user_id, shipping_address, total_order_price, subtotal, payment_method_type,
    status, payment_status, is_paid, paid_at, is_delivered, delivered_at, created_at, updated_at)
  SELECT customer.ids[1 + (i % ${customers})],
    jsonb_build_object('details', 'شارع ' || i, 'phone', '+9665' || lpad((i % ${customers})::text, 8, '0'),
      'city', 'الرياض', 'postalCode', '12345'),
    10000 + (i % 90000), 10000 + (i % 90000),
    (CASE WHEN m < 0.6 THEN 'card' ELSE 'cash' END)::payment_method,
    status::order_status, payment::payment_status,
    payment <> 'unpaid', CASE WHEN payment <> 'unpaid' THEN now() - (${orderCount} - i) * interval '10 minutes' END,
    status = 'delivered', CASE WHEN status = 'delivered' THEN now() - (${orderCount} - i) * interval '10 minutes' END,
    now() - (${orderCount} - i) * interval '10 minutes', now() - (${orderCount} - i) * interval '10 minutes'
  FROM shaped, customer`);
await db.execute(sql`VACUUM ANALYZE users`);
await db.execute(sql`VACUUM ANALYZE orders`);
if (args.baseline) {
  await db.execute(sql`DROP INDEX orders_status_created_at_idx`);
  await db.execute(sql`DROP INDEX orders_payment_status_created_at_idx`);
}
console.log(
  `seeded ${orderCount} orders of ${customers} customers in ${((performance.now() - started) / 1000).toFixed(1)} s` +
    (args.baseline ? ' (baseline: without the indexes of migration 0025)' : ''),
);

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const filters: { name: string; filter: OrderFilter }[] = [
  { name: 'no filter', filter: {} },
  { name: 'status=pending', filter: { status: 'pending' } },
  { name: 'status=delivered', filter: { status: 'delivered' } },
  { name: 'paymentStatus=refunded', filter: { paymentStatus: 'refunded' } },
  { name: 'paymentStatus=unpaid', filter: { paymentStatus: 'unpaid' } },
  { name: 'status=processing&paymentStatus=paid', filter: { status: 'processing', paymentStatus: 'paid' } },
  { name: 'method=cash', filter: { method: 'cash' } },
  { name: 'isPaid=false', filter: { isPaid: false } },
  { name: 'isDelivered=false', filter: { isDelivered: false } },
  { name: 'last 7 days', filter: { from: day(7), to: day(0) } },
  { name: 'status=pending, a month a year ago', filter: { status: 'pending', from: day(395), to: day(365) } },
  { name: 'keyword=#12345', filter: { keyword: '#12345' } },
  { name: 'keyword=customer42@', filter: { keyword: 'customer42@' } },
];

type Row = { filter: string; query: string; ms: string; indexes: string; matches?: number };
const table: Row[] = [];
const explain = async (query: SQL) => {
  const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']);
};
for (const { name, filter } of filters) {
  const where = and(...orderFilterConditions(filter, config));
  const queries = orderListQueries(db, where, 20, 0);
  const [total] = await queries.total;
  for (const [label, query] of [
    ['page (20)', queries.page.getSQL()],
    ['count', queries.total.getSQL()],
  ] as const) {
    const plan = await explain(query);
    const used = [
      ...new Set(plan.flatMap((line) => /Index(?: Only)? Scan(?: Backward)? (?:using|on) (\w+)/.exec(line)?.[1] ?? [])),
    ];
    const seq = [...new Set(plan.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[0] ?? []))];
    const time =
      plan.find((line) => line.startsWith('Execution Time'))?.replace(/Execution Time: ([\d.]+) ms/, '$1') ?? '';
    table.push({ filter: name, query: label, ms: time, indexes: [...used, ...seq].join(', '), matches: total?.value });
    if (!args.quiet) console.log(`\n### ${name} — ${label}\n${plan.join('\n')}`);
  }
}
console.log(`\n${orderCount} orders, admin order list, first page of 20, PostgreSQL\n`);
console.table(table);
await database.close();
