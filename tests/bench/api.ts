/**
 * `npm run bench:api`: a fresh database seeded with 10,000 products, then autocannon against the
 * product listing (sorted, filtered, keyword) next to a trivial JSON route of the same server,
 * measured in the same run. Prints req/s, p50, p99 and the ratio to the trivial route, twice: with
 * the guests' cache off (PAGE_CACHE_MB=0: every answer computed, the catalogue work itself) and on
 * (repeated URLs answered from memory, docs/caching.md).
 *
 * --products / API_PRODUCTS (default 10000), --seconds / API_SECONDS (default 8), --connections.
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
import { figure, recordFigures } from './results';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: process.env.API_PRODUCTS ?? '10000' },
    seconds: { type: 'string', default: process.env.API_SECONDS ?? '8' },
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

const categories = await (async () => {
  const app = await buildApp({ config, database });
  try {
    return (await app.inject({ url: '/api/v1/categories?limit=1' })).json();
  } finally {
    await app.close();
  }
})();
const categoryId: string = categories.data[0].id;

const TRIVIAL = 'trivial JSON route (/healthz)';
const scenarios = [
  { name: TRIVIAL, path: '/healthz' },
  { name: 'products page N, newest (default)', path: '/api/v1/products?limit=8&page=37' },
  { name: 'products page N, -sold', path: '/api/v1/products?limit=8&page=37&sort=-sold' },
  {
    name: 'category + price range + sort',
    path: `/api/v1/products?limit=8&page=2&category=${categoryId}&price[gte]=100&price[lte]=5000&sort=-price`,
  },
  { name: 'keyword', path: `/api/v1/products?limit=8&keyword=${encodeURIComponent('سامسونج')}` },
];

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

/**
 * Every scenario against one server built with `env` over the seeded database. The trivial route
 * comes first: the ratios of a run are to its own trivial route.
 */
async function runAll(env: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({ ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    database,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
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
    return rows;
  } finally {
    await app.close();
  }
}

// The catalogue work itself, every answer computed (PAGE_CACHE_MB=0); then as guests meet it, the
// same URLs answered from the guests' cache once computed (docs/caching.md).
const runs = [
  { cache: 'off', rows: await runAll({ PAGE_CACHE_MB: '0' }) },
  { cache: 'on', rows: await runAll({ PAGE_CACHE_MB: process.env.PAGE_CACHE_MB || '32' }) },
];

const trivialOf = (rows: Row[]) => rows.find((row) => row.name === TRIVIAL)?.rps ?? 1;
console.log(
  `\n${database.kind}, ${args.products} products, ${args.connections} connections, ${args.seconds} s each, loopback\n`,
);
for (const run of runs) {
  console.log(`guests' cache ${run.cache}${run.cache === 'off' ? ' (PAGE_CACHE_MB=0)' : ''}`);
  console.table(
    run.rows.map((row) => ({
      scenario: row.name,
      'req/s': Math.round(row.rps),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      errors: row.errors,
      'ratio to trivial': (row.rps / trivialOf(run.rows)).toFixed(3),
    })),
  );
}

recordFigures(
  'api',
  runs.flatMap((run) =>
    run.rows
      .filter((row) => row.name !== TRIVIAL)
      .map((row) =>
        figure(`API ${row.name}, cache ${run.cache} (${database.kind})`, row.rps, 'req/s', {
          baseline: trivialOf(run.rows),
          ...(run.cache === 'off' ? { target: { of: 'ratio', op: '>=', limit: 0.25 } as const } : {}),
        }),
      ),
  ),
);

await database.close();
rmSync(dataDir, { recursive: true, force: true });
