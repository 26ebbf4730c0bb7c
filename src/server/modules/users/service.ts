import { and, asc, count, desc, eq, inArray, max, ne, type SQL, sql } from 'drizzle-orm';
import { CUSTOMER_ORDERS_SHOWN } from '../../../contract/constants.js';
import { toMajor } from '../../../contract/money.js';
import type { PhoneCountry } from '../../../contract/phone.js';
import type { Customer, CustomerDetail } from '../../../contract/types.js';
import type { Database } from '../../../db/client.js';
import { addresses, orders, users } from '../../../db/schema.js';
import { failure } from '../../errors.js';
import { serializeAddress } from '../addresses/service.js';
import { personMatches } from './search.js';
import { serializeUser } from './serialize.js';

/*
 * The customers staff read (docs/customers.md): a page of users, then the figures of their orders
 * grouped by PostgreSQL for that page's users only (never per user, never over every order), then
 * their addresses. Money is answered in major units, as every amount of the API (docs/pricing.md).
 */

/**
 * Per customer of `ids`: every order counted; spent = the totals, less what was refunded, of the
 * orders neither cancelled nor paid through the test provider (docs/customers.md § The figures).
 */
async function orderFiguresOf(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, FiguresRow>();
  const spentNow = sql`${orders.totalOrderPrice} - ${orders.refundedAmount}`;
  const counted = and(ne(orders.status, 'cancelled'), eq(orders.isTest, false));
  const rows = await db
    .select({
      userId: orders.userId,
      ordersCount: count(),
      // A sum of bigints is numeric: cast back, read as a JavaScript number (well inside its exact integers).
      totalSpent: sql<number>`coalesce(sum(${spentNow}) filter (where ${counted}), 0)::bigint`.mapWith(Number),
      lastOrderAt: max(orders.createdAt),
    })
    .from(orders)
    .where(inArray(orders.userId, ids))
    .groupBy(orders.userId);
  return new Map(rows.map(({ userId, ...figures }) => [userId, figures]));
}

type UserRow = typeof users.$inferSelect;
type FiguresRow = { ordersCount: number; totalSpent: number; lastOrderAt: Date | null };
const NO_ORDERS: FiguresRow = { ordersCount: 0, totalSpent: 0, lastOrderAt: null };

async function customersOf(
  db: Database,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  digits: number,
): Promise<Customer[]> {
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((user) => user.id);
  const [figures, saved] = await Promise.all([
    orderFiguresOf(db, ids),
    ids.length === 0
      ? []
      : db
          .select()
          .from(addresses)
          .where(inArray(addresses.userId, ids))
          .orderBy(asc(addresses.createdAt), asc(addresses.id)),
  ]);
  return rows.map((user) => customerView(user, figures.get(user.id) ?? NO_ORDERS, saved, digits));
}

function customerView(
  user: UserRow,
  figures: FiguresRow,
  saved: (typeof addresses.$inferSelect)[],
  digits: number,
): Customer {
  const lastOrderAt = figures.lastOrderAt === null ? null : new Date(figures.lastOrderAt);
  return {
    ...serializeUser(user),
    ordersCount: Number(figures.ordersCount),
    totalSpent: toMajor(figures.totalSpent, digits),
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
  digits: number,
) {
  const where = query.keyword
    ? personMatches(query.keyword, country, { name: users.name, email: users.email, phones: [users.phone] })
    : undefined;
  const [[total], customers] = await Promise.all([
    db.select({ total: count() }).from(users).where(where),
    customersOf(db, where, page, digits),
  ]);
  return { customers, total: total?.total ?? 0 };
}

/** One customer with their newest orders; unknown → 404 CUSTOMER_NOT_FOUND. */
export async function customerById(db: Database, id: string, digits: number): Promise<CustomerDetail> {
  const [customer] = await customersOf(db, eq(users.id, id), { limit: 1, offset: 0 }, digits);
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
      total: toMajor(order.totalOrderPrice, digits),
      city: order.shippingAddress.city,
    })),
  };
}
