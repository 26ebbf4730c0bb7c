import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { categories, coupons, orderItems, orders, products, users } from '../../src/db/schema.js';
import { reindexProducts } from '../../src/db/search-index.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { discounted } from '../../src/server/modules/cart/service.js';
import { addDefaultVariants } from '../../src/server/modules/catalog/variants.js';
import { call } from './server.js';

export const CUSTOMER_PASSWORD = 'correct-horse-9';
export const shippingAddress = { details: 'شارع العليا 5', phone: '0551234567', city: 'الرياض', postalCode: '11511' };

/**
 * Customers and products written straight into a database (before a server process opens it, for the
 * embedded database), so tests that spawn servers do not spend their time on sign-ups and uploads.
 */
export async function seedShop(db: Database, options: { customers: number; stock: number[]; price?: number }) {
  const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
  const tag = randomUUID().slice(0, 8);
  const customers = await db
    .insert(users)
    .values(
      Array.from({ length: options.customers }, (_, i) => ({
        name: `زبون ${i}`,
        email: `customer-${tag}-${i}@example.com`,
        phone: '+966551234567',
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const [category] = await db
    .insert(categories)
    .values({ name: `قسم ${tag}`, slug: `category-${tag}` })
    .returning();
  if (!category) throw new Error('no category');
  const made = await db
    .insert(products)
    .values(
      options.stock.map((quantity, i) => ({
        title: `منتج ${tag} ${i}`,
        slug: `product-${tag}-${i}`,
        description: 'وصف المنتج',
        quantity,
        price: (options.price ?? 10_000) + i * 1_01,
        imageCover: `products/${randomUUID()}`,
        categoryId: category.id,
      })),
    )
    .returning({ id: products.id, quantity: products.quantity, price: products.price });
  await reindexProducts(db, { ids: made.map((p) => p.id) });
  await addDefaultVariants(
    db,
    made.map((p) => p.id),
  );
  return { customers, products: made, categoryId: category.id };
}

/** Signs a customer in on a running server and returns the token. */
export async function signIn(origin: string, email: string, password = CUSTOMER_PASSWORD) {
  const res = await call(origin, 'POST', '/api/v1/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Puts `count` units of each product into the customer's cart; returns the cart id. */
export async function fillCart(origin: string, token: string, lines: { productId: string; count: number }[]) {
  let cartId = '';
  for (const line of lines) {
    const added = await call(origin, 'POST', '/api/v1/cart', { token, body: { productId: line.productId } });
    if (added.status !== 200) throw new Error(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
    cartId = added.body.data._id;
    if (line.count > 1) {
      const item = added.body.data.products.find((p: { product: { _id: string } }) => p.product._id === line.productId);
      const set = await call(origin, 'PUT', `/api/v1/cart/${item._id}`, { token, body: { count: line.count } });
      if (set.status !== 200) throw new Error(`set count: ${set.status} ${JSON.stringify(set.body)}`);
    }
  }
  return cartId;
}

/**
 * What the ledger must satisfy whatever happened: per product, initial stock == remaining + units in
 * orders (and `sold` == units in orders); every order has lines and its total == sum of lines minus
 * its coupon; no line without an order (the foreign key makes that impossible, checked anyway).
 */
export async function ledger(db: Database, initial: { id: string; quantity: number; sold?: number }[]) {
  const rows = await db.select().from(products);
  const ordered = await db
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.count})`.mapWith(Number) })
    .from(orderItems)
    .groupBy(orderItems.productId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stock = initial.map(({ id, quantity, sold = 0 }) => {
    const row = byId.get(id);
    const units = ordered.find((o) => o.productId === id)?.units ?? 0;
    // `sold` counts units sold since the snapshot (seeded products start with a made-up figure).
    return { id, initial: quantity, remaining: row?.quantity, sold: row ? row.sold - sold : undefined, units };
  });
  const totals = await db
    .select({
      id: orders.id,
      total: orders.totalOrderPrice,
      coupon: orders.couponName,
      lines: sql<number>`count(${orderItems.id})`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${orderItems.count} * ${orderItems.price}), 0)`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .groupBy(orders.id);
  const discounts = new Map((await db.select().from(coupons)).map((c) => [c.name, c.discount]));
  const [orphans] = await db
    .select({ value: count() })
    .from(orderItems)
    .where(sql`not exists (select 1 from ${orders} where ${orders.id} = ${orderItems.orderId})`);
  return {
    stock,
    /** Products whose units do not add up. */
    stockMismatches: stock.filter(
      (s) => s.remaining === undefined || s.remaining < 0 || s.initial !== s.remaining + s.units || s.sold !== s.units,
    ),
    orders: totals,
    /** Orders without lines, or whose total is not the sum of their lines less the coupon's discount. */
    badOrders: totals.filter((o) => {
      if (o.lines === 0) return true;
      if (o.coupon === null) return o.total !== o.sum;
      const discount = discounts.get(o.coupon);
      return discount === undefined ? o.total > o.sum : o.total !== discounted(o.sum, discount);
    }),
    orphanLines: orphans?.value ?? 0,
  };
}
