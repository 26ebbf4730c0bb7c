/**
 * Guarantee 7 (crash safety): the real server, killed with SIGKILL in the middle of a burst of
 * cash orders, restarts on the same data and has lost no acknowledged order and written no half
 * order; stock adds up. On the embedded database (DATA_DIR in a temp folder) always, and on
 * PostgreSQL when DATABASE_URL names a server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { orderItems, orders } from '../../src/db/schema.js';
import { fillCart, ledger, seedShop, shippingAddress, signIn } from '../helpers/fixtures.js';
import {
  call,
  killAllServers,
  postgresUrl,
  type ServerProcess,
  startServer,
  throwawayDatabase,
} from '../helpers/server.js';

afterAll(killAllServers);

type Acked = { id: string; total: number; lines: { productId: string; count: number; price: number }[] };

/** Customers ordering as fast as they can, until the server goes away. */
async function burst(server: ServerProcess, tokens: string[], productIds: string[], acked: Acked[]) {
  let stopped = false;
  let dying = false;
  const loops = tokens.map(async (token, i) => {
    for (let round = 0; !stopped; round++) {
      try {
        const a = productIds[(i + round) % productIds.length] as string;
        const b = productIds[(i + round + 1) % productIds.length] as string;
        const cartId = await fillCart(server.origin, token, [
          { productId: a, count: 1 + ((i + round) % 2) },
          { productId: b, count: 1 },
        ]);
        const res = await call(server.origin, 'POST', `/api/v1/orders/${cartId}`, { token, body: { shippingAddress } });
        if (res.status === 201) {
          const data = res.body.data;
          acked.push({
            id: data.id,
            total: Math.round(data.totalOrderPrice * 100),
            lines: data.cartItems.map((item: { product: { _id: string }; count: number; price: number }) => ({
              productId: item.product._id,
              count: item.count,
              price: Math.round(item.price * 100),
            })),
          });
        } else if (res.status !== 409) {
          throw new Error(`order answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      } catch (error) {
        // The process was killed under us: requests in flight fail, which is the point.
        if (!dying) throw error;
        return;
      }
    }
  });
  return {
    loops: Promise.all(loops),
    /** Called just before the kill: from now on failed requests are expected. */
    dying() {
      dying = true;
    },
    stop() {
      stopped = true;
    },
  };
}

async function crashAndRecover(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-crash-'));
  try {
    const seeding = await openDatabase({ databaseUrl, dataDir });
    const shop = await seedShop(seeding.db, { customers: 8, stock: [400, 400, 400] });
    // The embedded database belongs to one process at a time.
    await seeding.close();
    const productIds = shop.products.map((p) => p.id);

    const first = await startServer({ dataDir, databaseUrl });
    const tokens = await Promise.all(shop.customers.map((c) => signIn(first.origin, c.email)));
    const acked: Acked[] = [];
    const running = await burst(first, tokens, productIds, acked);
    // Kill once a good number of orders went through, with the others mid-request.
    const deadline = Date.now() + 20_000;
    while (acked.length < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    running.dying();
    const killed = await first.kill('SIGKILL');
    running.stop();
    await running.loops;
    expect(killed.signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(8);

    // Restarts on the same data (the embedded database replays its write-ahead log).
    const second = await startServer({ dataDir, databaseUrl });
    const token = tokens[0] as string;
    const cartId = await fillCart(second.origin, token, [{ productId: productIds[0] as string, count: 1 }]);
    const after = await call(second.origin, 'POST', `/api/v1/orders/${cartId}`, { token, body: { shippingAddress } });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect((await second.kill('SIGTERM')).code).toBe(0);
    const check = await openDatabase({ databaseUrl, dataDir });
    try {
      for (const order of acked) {
        const [row] = await check.db.select().from(orders).where(eq(orders.id, order.id));
        expect(row, `acknowledged order ${order.id} lost`).toBeDefined();
        expect(row?.totalOrderPrice).toBe(order.total);
        const lines = await check.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const sorted = (list: Acked['lines']) => [...list].sort((x, y) => x.productId.localeCompare(y.productId));
        expect(sorted(lines.map((l) => ({ productId: l.productId ?? '', count: l.count, price: l.price })))).toEqual(
          sorted(order.lines),
        );
      }
      const result = await ledger(check.db, shop.products);
      expect(result.stockMismatches).toEqual([]);
      expect(result.badOrders).toEqual([]);
      expect(result.orphanLines).toBe(0);
      // Orders the server wrote but could not acknowledge before it died are complete too.
      expect(result.orders.length).toBeGreaterThanOrEqual(acked.length + 1);
    } finally {
      await check.close();
    }
  } finally {
    await killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('SIGKILL in the middle of a burst of orders', () => {
  it('embedded database: acknowledged orders survive, nothing is half written', { timeout: 60_000 }, async () => {
    await crashAndRecover(undefined);
  });

  const pg = postgresUrl();
  it.skipIf(!pg)('PostgreSQL: acknowledged orders survive, nothing is half written', { timeout: 60_000 }, async () => {
    if (!pg) return;
    const database = await throwawayDatabase(pg);
    try {
      await crashAndRecover(database.url);
    } finally {
      await database.drop();
    }
  });
});
