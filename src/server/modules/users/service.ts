import { and, asc, count, desc, eq, inArray, max, ne, type SQL, sql } from 'drizzle-orm';
import { CUSTOMER_ORDERS_SHOWN } from '../../../contract/constants.js';
import type { PhoneCountry } from '../../../contract/phone.js';
import type { Customer, CustomerDetail } from '../../../contract/types.js';
import type { Database } from '../../../db/client.js';
import { addresses, orders, users } from '../../../db/schema.js';
import { failure } from '../../errors.js';
import { serializeAddress } from '../addresses/service.js';
import { personMatches } from './search.js';
import { serializeUser } from './serialize.js';

/*
 * The customers staff read (docs/customers.md): each user with the figures of their orders,
 * computed by PostgreSQL in one grouped subquery joined to the page of users, never per user.
 */

/**
 * Per customer: every order counted; spent = the totals, less what was refunded, of the orders
 * neither cancelled nor paid through the test provider (docs/customers.md § The figures).
 */
function orderFigures(db: Database) {
  const spentNow = sql`${orders.totalOrderPrice} - ${orders.refundedAmount}`;
  const counted = and(ne(orders.status, 'cancelled'), eq(orders.isTest, false));
  return db
    .select({
      userId: orders.userId,
      ordersCount: count().as('orders_count'),
      // A sum of bigints is numeric: cast back, read as a JavaScript number (well inside its exact integers).
      totalSpent: sql<string>`coalesce(sum(${spentNow}) filter (where ${counted}), 0)::bigint`.as('total_spent'),
      lastOrderAt: max(orders.createdAt).as('last_order_at'),
    })
    .from(orders)
    .groupBy(orders.userId)
    .as('order_figures');
}

type UserRow = typeof users.$inferSelect;
type FiguresRow = { ordersCount: number | null; totalSpent: string | null; lastOrderAt: Date | null };

async function customersOf(
  db: Database,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<Customer[]> {
  const figures = orderFigures(db);
  const rows = await db
    .select({
      user: users,
      ordersCount: figures.ordersCount,
      totalSpent: figures.totalSpent,
      lastOrderAt: figures.lastOrderAt,
    })
    .from(users)
    .leftJoin(figures, eq(figures.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((row) => row.user.id);
  const saved =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(addresses)
          .where(inArray(addresses.userId, ids))
          .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map(({ user, ...figuresRow }) => customerView(user, figuresRow, saved));
}

function customerView(user: UserRow, figures: FiguresRow, saved: (typeof addresses.$inferSelect)[]): Customer {
  const lastOrderAt = figures.lastOrderAt === null ? null : new Date(figures.lastOrderAt);
  return {
    ...serializeUser(user),
    ordersCount: Number(figures.ordersCount ?? 0),
    totalSpent: Number(figures.totalSpent ?? 0),
    lastOrderAt: lastOrderAt?.toISOString() ?? null,
    addresses: saved.filter((address) => address.userId === user.id).map(serializeAddress),
  };
}

/** A page of customers, newest account first; `keyword` finds a name, an e-mail or a phone in any form. */
export async function listCustomers(
  db: Database,
  query: { keyword?: string | undefined },
  page: { limit: number; offset: number },
  country: PhoneCountry,
) {
  const where = query.keyword
    ? personMatches(query.keyword, country, { name: users.name, email: users.email, phones: [users.phone] })
    : undefined;
  const [[total], customers] = await Promise.all([
    db.select({ total: count() }).from(users).where(where),
    customersOf(db, where, page),
  ]);
  return { customers, total: total?.total ?? 0 };
}

/** One customer with their newest orders; unknown → 404 CUSTOMER_NOT_FOUND. */
export async function customerById(db: Database, id: string): Promise<CustomerDetail> {
  const [customer] = await customersOf(db, eq(users.id, id), { limit: 1, offset: 0 });
  if (!customer) throw failure('customerNotFound');
  const theirs = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(CUSTOMER_ORDERS_SHOWN);
  return {
    ...customer,
    orders: theirs.map((order) => ({
      _id: order.id,
      id: order.id,
      number: order.number,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethodType: order.paymentMethodType,
      total: order.totalOrderPrice,
      city: order.shippingAddress.city,
    })),
  };
}
