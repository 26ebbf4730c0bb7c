/**
 * `npm run seed [-- --products 10000]`: the same seeding `npm start` does on first run, plus
 * optional generated products for benchmarks.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.js';
import { mediaStoreOf } from '../../server/media/store.js';
import { openDatabase } from '../client.js';
import { seedDatabase } from './index.js';

const usage = 'usage: npm run seed -- [--products <count>]';

function parseProducts(): number | undefined {
  const { values } = parseArgs({
    options: { products: { type: 'string', short: 'p' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.products === undefined) return undefined;
  const products = Number(values.products);
  if (!Number.isSafeInteger(products) || products < 0) {
    console.error(`--products must be a whole number ≥ 0\n${usage}`);
    process.exit(2);
  }
  return products;
}

const products = parseProducts();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const media = mediaStoreOf(config);
try {
  const started = performance.now();
  const result = await seedDatabase({
    db: database.db,
    config,
    media,
    log: (message) => console.log(message),
    products,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `seed finished in ${seconds} s (${database.kind}): demo ${result.demoSeeded ? 'created' : 'unchanged'}, ` +
      `${result.bulkInserted} generated products added`,
  );
} catch (error) {
  console.error('seed failed:', error);
  process.exitCode = 1;
} finally {
  await media.close();
  await database.close();
}
