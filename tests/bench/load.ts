/**
 * `npm run bench:load`: one real server process per database (embedded, then PostgreSQL when
 * DATABASE_URL is set or a local server on 127.0.0.1:5432 answers), many customers, and a mixed
 * workload for LOAD_SECONDS (default 60): 80% browsing and search, 15% cart changes, 5% cash
 * checkouts. Prints throughput, p50/p99 and errors (any non-2xx other than the expected "out of
 * stock" answers), then checks in the database that stock and order totals add up. On PostgreSQL
 * the same workload runs twice behind the round-robin proxy of tests/helpers/proxy.ts, on a fresh
 * database each: one process, then two processes (docs/deploy.md § Several processes); both
 * figures are printed with their ratio.
 *
 * LOAD_SECONDS, LOAD_CONNECTIONS (concurrent clients, default 32), LOAD_USERS (default 200),
 * LOAD_PRODUCTS (catalogue size, default 2000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { products, users } from '../../src/db/schema.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { loadConfig } from '../../src/server/config.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { CUSTOMER_PASSWORD, ledger, shippingAddress, signIn } from '../helpers/fixtures.js';
import { startRoundRobinProxy } from '../helpers/proxy.js';
import { killAllServers, startServer, throwawayDatabase } from '../helpers/server.js';
import { setDefaultVariant } from '../helpers/shopping.js';
import { figure, recordFigures } from './results';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 32);
const userCount = Number(process.env.LOAD_USERS ?? 200);
const productCount = Number(process.env.LOAD_PRODUCTS ?? 2000);
const HOT_PRODUCTS = 20;
const HOT_STOCK = 25;

type Kind = 'browse' | 'cart' | 'checkout';
type Sample = { kind: Kind; ms: number; status: number; expected: boolean };

const keywords = ['هاتف', 'سامسونج', 'لابتوب', 'ساعة', 'حذاء', 'عطر', 'قميص', 'سماعة', 'شاشة', 'كاميرا'];
const prefixes = ['ها', 'سام', 'لاب', 'سا', 'عط', 'قم'];

async function reachablePostgres(): Promise<string | undefined> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const local = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: local, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return local;
  } catch {
    return undefined;
  }
}

/** Catalogue, customers and a few scarce products, written before the server opens the database. */
async function prepare(database: DatabaseHandle, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' });
  await seedDatabase({
    db: database.db,
    config,
    media: mediaStoreOf(config),
    products: productCount,
  });
  const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
  const customers = await database.db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, i) => ({
        name: `زبون ${i}`,
        email: `load-${i}@example.com`,
        phone: '0551234567',
        passwordHash,
      })),
    )
    .returning({ email: users.email });
  const all = await database.db.select({ id: products.id, quantity: products.quantity }).from(products);
  // Scarce products every checkout competes for, so "out of stock" really happens under load.
  const hot = all.filter((p) => p.quantity > 0).slice(0, HOT_PRODUCTS);
  for (const p of hot) {
    await setDefaultVariant(database.db, p.id, { quantity: HOT_STOCK });
    p.quantity = HOT_STOCK;
  }
  const initial = await database.db
    .select({ id: products.id, quantity: products.quantity, sold: products.sold })
    .from(products);
  return { customers, initial, hotIds: hot.map((p) => p.id), productIds: all.map((p) => p.id) };
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * One run: `processes` server processes on one database, reached directly (one process, no proxy)
 * or behind the round-robin proxy (`proxied`, always with several). Returns whether it passed and
 * its throughput.
 */
async function runOn(
  label: string,
  databaseUrl: string | undefined,
  options: { port?: number; processes?: number; proxied?: boolean } = {},
) {
  const processes = options.processes ?? 1;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-load-'));
  try {
    const started = performance.now();
    const seeding = await openDatabase({ databaseUrl, dataDir });
    const shop = await prepare(seeding, dataDir);
    await seeding.close();
    console.log(
      `\n== ${label}: ${shop.initial.length} products, ${userCount} customers, prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Several processes share one DATA_DIR (its media); PostgreSQL is what they really share.
    const servers = await Promise.all(
      Array.from({ length: processes }, (_, i) =>
        startServer({ dataDir, databaseUrl, port: i === 0 ? options.port : undefined, timeoutMs: 120_000 }),
      ),
    );
    const proxy =
      options.proxied || processes > 1 ? await startRoundRobinProxy(servers.map((server) => server.origin)) : undefined;
    const origin = proxy?.origin ?? (servers[0] as (typeof servers)[number]).origin;
    const tokens: string[] = [];
    for (let i = 0; i < shop.customers.length; i += 16) {
      const batch = shop.customers.slice(i, i + 16);
      tokens.push(...(await Promise.all(batch.map((c) => signIn(origin, c.email)))));
    }
    const categories = (await (await fetch(`${origin}/api/v1/categories?limit=50`)).json()).data as { _id: string }[];

    const samples: Sample[] = [];
    const unexpected = new Map<string, number>();
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
    async function timed(kind: Kind, method: string, url: string, token?: string, body?: unknown, ok: number[] = []) {
      const t0 = performance.now();
      let status = 0;
      let json: { data?: { _id?: string; products?: { _id: string; count: number }[] } } | undefined;
      try {
        const response = await fetch(`${origin}${url}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        status = response.status;
        const text = await response.text();
        json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
      } catch {
        status = 0;
      }
      const expected = (status >= 200 && status < 300) || ok.includes(status);
      samples.push({ kind, ms: performance.now() - t0, status, expected });
      if (!expected) {
        const key = `${method} ${url.split('?')[0]?.replace(/[0-9a-f-]{36}/g, ':id')} → ${status}`;
        unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
      }
      return { status, json };
    }

    const deadline = Date.now() + seconds * 1000;
    const perWorker = Math.max(1, Math.floor(tokens.length / connections));
    const workers = Array.from({ length: connections }, async (_, w) => {
      const mine = tokens.slice(w * perWorker, (w + 1) * perWorker);
      const myTokens = mine.length > 0 ? mine : [tokens[w % tokens.length] as string];
      while (Date.now() < deadline) {
        const roll = Math.random();
        if (roll < 0.8) {
          const r = Math.random();
          if (r < 0.3)
            await timed(
              'browse',
              'GET',
              `/api/v1/products?limit=12&page=${1 + Math.floor(Math.random() * 20)}&sort=-sold`,
            );
          else if (r < 0.45)
            await timed('browse', 'GET', `/api/v1/products?limit=12&category=${pick(categories)._id}&sort=price`);
          else if (r < 0.65) await timed('browse', 'GET', `/api/v1/products/${pick(shop.productIds)}`);
          else if (r < 0.85)
            await timed('browse', 'GET', `/api/v1/products?limit=12&keyword=${encodeURIComponent(pick(keywords))}`);
          else await timed('browse', 'GET', `/api/v1/products/suggest?keyword=${encodeURIComponent(pick(prefixes))}`);
        } else if (roll < 0.95) {
          const token = pick(myTokens);
          const productId = Math.random() < 0.5 ? pick(shop.hotIds) : pick(shop.productIds);
          // 400: that product is out of stock, or the cart already holds all of it.
          const added = await timed('cart', 'POST', '/api/v1/cart', token, { productId }, [400]);
          const line = added.json?.data?.products?.[0];
          if (line && Math.random() < 0.5) {
            await timed(
              'cart',
              'PUT',
              `/api/v1/cart/${line._id}`,
              token,
              { count: 1 + Math.floor(Math.random() * 2) },
              [400],
            );
          }
        } else {
          const token = pick(myTokens);
          let cart = await timed('checkout', 'GET', '/api/v1/cart', token);
          if (!cart.json?.data?.products?.length) {
            cart = await timed('checkout', 'POST', '/api/v1/cart', token, { productId: pick(shop.hotIds) }, [400]);
          }
          const cartId = cart.json?.data?._id;
          if (!cartId) continue;
          // 409: stock ran out since the lines went into the cart; 400: the cart is empty.
          const placed = await timed(
            'checkout',
            'POST',
            `/api/v1/orders/${cartId}`,
            token,
            { shippingAddress },
            [400, 409],
          );
          if (placed.status === 409) await timed('checkout', 'DELETE', '/api/v1/cart', token);
        }
      }
    });
    const t0 = performance.now();
    await Promise.all(workers);
    const elapsed = (performance.now() - t0) / 1000;

    const rows = (['browse', 'cart', 'checkout', 'all'] as const).map((kind) => {
      const list = samples.filter((s) => kind === 'all' || s.kind === kind);
      const ms = list.map((s) => s.ms).sort((a, b) => a - b);
      return {
        requests: list.length,
        'req/s': Math.round(list.length / elapsed),
        'p50 ms': Number(percentile(ms, 50).toFixed(1)),
        'p99 ms': Number(percentile(ms, 99).toFixed(1)),
        'expected 4xx': list.filter((s) => s.expected && s.status >= 400).length,
        errors: list.filter((s) => !s.expected).length,
        kind,
      };
    });
    console.log(
      `${connections} concurrent clients, ${elapsed.toFixed(0)} s, ${processes} process${processes > 1 ? 'es' : ''}${proxy ? ' behind the round-robin proxy' : ''}`,
    );
    console.table(Object.fromEntries(rows.map(({ kind, ...row }) => [kind, row])));
    if (unexpected.size > 0) console.log('unexpected answers:', Object.fromEntries(unexpected));
    const all = rows.find((r) => r.kind === 'all');
    if (all) {
      recordFigures('load', [
        figure(`mixed load, ${label}: throughput`, all['req/s'], 'req/s'),
        figure(`mixed load, ${label}: p99`, all['p99 ms'], 'ms'),
      ]);
    }

    await proxy?.close();
    const stopped = await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    const check = await openDatabase({ databaseUrl, dataDir });
    const result = await ledger(check.db, shop.initial);
    await check.close();
    const consistent = result.stockMismatches.length === 0 && result.badOrders.length === 0 && result.orphanLines === 0;
    console.log(
      `orders: ${result.orders.length}; units sold: ${result.stock.reduce((n, s) => n + s.units, 0)}; ` +
        `stock + ordered == initial for every product: ${result.stockMismatches.length === 0}; ` +
        `every order total == its lines: ${result.badOrders.length === 0}; lines without order: ${result.orphanLines}; ` +
        `server exit codes after SIGTERM: ${stopped.map((s) => s.code).join(', ')}`,
    );
    return {
      ok: consistent && (all?.errors ?? 0) === 0 && stopped.every((s) => s.code === 0),
      perSecond: all?.['req/s'] ?? 0,
    };
  } finally {
    await killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = true;
try {
  console.log('database: embedded (PGlite)');
  ok = (await runOn('embedded (PGlite)', undefined, { port: 3171 })).ok && ok;
  const server = await reachablePostgres();
  if (server) {
    console.log(`\ndatabase: PostgreSQL at ${new URL(server).host} (a throwaway database per run)`);
    const perSecond: number[] = [];
    // The same proxy in front of both runs, so the ratio compares processes, not the proxy's cost.
    for (const processes of [1, 2]) {
      const database = await throwawayDatabase(server);
      try {
        const run = await runOn(`PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`, database.url, {
          processes,
          proxied: true,
        });
        ok = run.ok && ok;
        perSecond.push(run.perSecond);
      } finally {
        await database.drop();
      }
    }
    const [one = 0, two = 0] = perSecond;
    recordFigures('load', [
      figure('mixed load, PostgreSQL: 2 processes against 1, behind the proxy', two, 'req/s', { baseline: one }),
    ]);
    console.log(
      `\nPostgreSQL behind the proxy: 1 process ${one} req/s, 2 processes ${two} req/s, ratio ${(two / Math.max(one, 1)).toFixed(2)}`,
    );
  } else {
    console.log('\nPostgreSQL: no DATABASE_URL and nothing on 127.0.0.1:5432, skipped');
  }
} finally {
  await killAllServers();
}
if (!ok) {
  console.error('\nload test FAILED: errors or inconsistent data (see above)');
  process.exit(1);
}
