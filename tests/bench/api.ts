/**
 * `npm run bench:api`: a fresh database seeded with 10,000 products, then autocannon against the
 * product listing (sorted, filtered, keyword) next to a trivial JSON route of the same server,
 * measured in the same run. Prints req/s, p50, p99 and the ratio to the trivial route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/db/client.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { mediaStoreOf } from '../../src/server/media/store.js';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
  },
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
const seedStart = performance.now();
await seedDatabase({
  db: database.db,
  config,
  media: mediaStoreOf(config),
  products: Number(args.products),
});
console.log(
  `database: ${database.kind}; seeded ${args.products} products in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const categories = await app.inject({ url: '/api/v1/categories?limit=1' });
const categoryId: string = categories.json().data[0].id;

const scenarios = [
  { name: 'trivial JSON route (/healthz)', path: '/healthz' },
  { name: 'products page N, newest (default)', path: '/api/v1/products?limit=8&page=37' },
  { name: 'products page N, -sold', path: '/api/v1/products?limit=8&page=37&sort=-sold' },
  {
    name: 'category + price range + sort',
    path: `/api/v1/products?limit=8&page=2&category=${categoryId}&price[gte]=100&price[lte]=5000&sort=-price`,
  },
  { name: 'keyword', path: `/api/v1/products?limit=8&keyword=${encodeURIComponent('سامسونج')}` },
];

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };
const rows: Row[] = [];
for (const scenario of scenarios) {
  const check = await app.inject({ url: scenario.path });
  if (check.statusCode !== 200) throw new Error(`${scenario.path} answered ${check.statusCode}: ${check.body}`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    connections: Number(args.connections),
    duration: Number(args.seconds),
  });
  rows.push({
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}

const baseline = rows[0]?.rps ?? 1;
console.log(`\n${args.connections} connections, ${args.seconds} s each, loopback\n`);
console.table(
  rows.map((row) => ({
    scenario: row.name,
    'req/s': Math.round(row.rps),
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    errors: row.errors,
    'ratio to trivial': (row.rps / baseline).toFixed(3),
  })),
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
