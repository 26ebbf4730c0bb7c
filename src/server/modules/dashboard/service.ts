import { and, asc, desc, eq, gte, lt, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PeriodFigures, Stats } from '../../../contract/dashboard.js';
import { endOfShopDay, shopDay, startOfShopDay, storableInstant } from '../../../contract/dates.js';
import { toMajor } from '../../../contract/money.js';
import { daysInPeriod } from '../../../contract/periods.js';
import type { Database } from '../../../db/client.js';
import { orderItems, orders, products, refunds, users } from '../../../db/schema.js';

/*
 * The dashboard's figures (docs/dashboard.md): sums and counts made by PostgreSQL per shop day, over
 * the range asked and the period of the same length just before, in three grouped queries (orders,
 * refunds, customers), then the two periods added up from those days.
 */

/** How many best sellers and low-stock products the dashboard lists. */
const TOP_LIMIT = 10;
const LOW_STOCK_LIMIT = 20;

export type StatsRange = { from: string; to: string };
type Money = { digits: number; currency: string };

/** `day` moved by `days` (negative: back), as `YYYY-MM-DD` (year 0 for the day before 0001-01-01). */
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
const daysOf = ({ from, to }: StatsRange) =>
  Array.from({ length: daysInPeriod(from, to) }, (_, i) => shiftDay(from, i));

/** The range asked for, or the last 30 days ending today when none is. */
export function rangeOf(query: { from?: string | undefined; to?: string | undefined }, now: Date, timeZone: string) {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const today = shopDay(now, timeZone);
  return { from: shiftDay(today, -29), to: today };
}

/** The period of the same length just before `range`. */
export const previousOf = (range: StatsRange): StatsRange => {
  const length = daysInPeriod(range.from, range.to);
  return { from: shiftDay(range.from, -length), to: shiftDay(range.from, -1) };
};

/** The instants a range of shop days spans: [start, end), within what PostgreSQL stores. */
const instantsOf = ({ from, to }: StatsRange, timeZone: string) => ({
  start: storableInstant(startOfShopDay(from, timeZone)),
  end: storableInstant(endOfShopDay(to, timeZone)),
});

/** `GROUP BY 1`: the day column, whose time zone is a parameter (the same text twice is two parameters). */
const firstColumn = sql`1`;

/**
 * An order that counts as a sale: not cancelled, not a test order, and not a card order left unpaid
 * (its payment taken back by staff). Cash orders count from the day they are placed (docs/dashboard.md).
 */
const isSale: SQL = sql`${orders.status} <> 'cancelled' AND NOT ${orders.isTest} AND NOT (${orders.paymentMethodType} = 'card' AND ${orders.paymentStatus} = 'unpaid')`;

export async function statsOf(
  db: Database,
  range: StatsRange,
  timeZone: string,
  money: Money,
  lowStockThreshold: number,
) {
  const previous = previousOf(range);
  const { start, end } = instantsOf({ from: previous.from, to: range.to }, timeZone);
  const current = instantsOf(range, timeZone);
  const dayOf = (column: SQLWrapper) => sql<string>`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const placedDay = dayOf(orders.createdAt);
  const refundDay = dayOf(refunds.doneAt);
  const customerDay = dayOf(users.createdAt);
  const placedInRange = (from: Date, to: Date) =>
    and(gte(orders.createdAt, from), lt(orders.createdAt, to), isSale) as SQL;

  const [placed, refunded, joined, waiting, topProducts, topVariants, lowStock] = await Promise.all([
    db
      .select({
        day: placedDay,
        orders: sql<number>`count(*)::int`,
        sales: sql<number>`sum(${orders.totalOrderPrice})::bigint`.mapWith(Number),
      })
      .from(orders)
      .where(placedInRange(start, end))
      .groupBy(firstColumn),
    db
      .select({ day: refundDay, amount: sql<number>`sum(${refunds.amount})::bigint`.mapWith(Number) })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refunds.status, 'done'),
          gte(refunds.doneAt, start),
          lt(refunds.doneAt, end),
          // The refunds of orders that were no sale (cancelled, test) are no refund of a sale.
          ne(orders.status, 'cancelled'),
          eq(orders.isTest, false),
        ),
      )
      .groupBy(firstColumn),
    db
      .select({ day: customerDay, count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, 'user'), gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(firstColumn),
    db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.status} IN ('pending', 'processing', 'shipped')`)
      .groupBy(orders.status),
    bestSellers(db, placedInRange(current.start, current.end), 'product'),
    bestSellers(db, placedInRange(current.start, current.end), 'variant'),
    db
      .select({ id: products.id, title: products.title, quantity: products.quantity })
      .from(products)
      .where(lte(products.quantity, lowStockThreshold))
      .orderBy(asc(products.quantity), asc(products.title), asc(products.id))
      .limit(LOW_STOCK_LIMIT),
  ]);

  const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((row) => [row.day, row]));
  const placedByDay = byDay(placed);
  const refundedByDay = byDay(refunded);
  const joinedByDay = byDay(joined);
  const major = (minor: number) => toMajor(minor, money.digits);

  const dailyMinor = (days: string[]) =>
    days.map((date) => ({
      date,
      orders: placedByDay.get(date)?.orders ?? 0,
      sales: placedByDay.get(date)?.sales ?? 0,
      refunds: refundedByDay.get(date)?.amount ?? 0,
      newCustomers: joinedByDay.get(date)?.count ?? 0,
    }));

  function figuresOf(period: StatsRange): PeriodFigures {
    const total = { orders: 0, sales: 0, refunds: 0, newCustomers: 0 };
    for (const day of dailyMinor(daysOf(period))) {
      total.orders += day.orders;
      total.sales += day.sales;
      total.refunds += day.refunds;
      total.newCustomers += day.newCustomers;
    }
    return {
      ...period,
      orders: total.orders,
      sales: major(total.sales),
      refunds: major(total.refunds),
      netSales: major(total.sales - total.refunds),
      averageOrderValue: total.orders === 0 ? 0 : major(Math.round(total.sales / total.orders)),
      newCustomers: total.newCustomers,
    };
  }

  const waitingCount = (status: string) => waiting.find((row) => row.status === status)?.count ?? 0;
  const stats: Stats = {
    ...figuresOf(range),
    previous: figuresOf(previous),
    byStatus: {
      pending: waitingCount('pending'),
      processing: waitingCount('processing'),
      shipped: waitingCount('shipped'),
    },
    daily: dailyMinor(daysOf(range)).map((day) => ({
      date: day.date,
      orders: day.orders,
      sales: major(day.sales),
      refunds: major(day.refunds),
      netSales: major(day.sales - day.refunds),
    })),
    topProducts: topProducts.map(({ variantId: _variant, sku: _sku, options: _options, ...line }) => ({
      ...line,
      sales: major(line.sales),
    })),
    topVariants: topVariants.map((line) => ({ ...line, sales: major(line.sales) })),
    lowStock,
    lowStockThreshold,
    currency: money.currency,
  };
  return stats;
}

/**
 * The lines of the sales placed in the range, added up by product or by variant (its SKU and options
 * as sold), most units first, then most sales. A deleted product's lines keep their title.
 */
function bestSellers(db: Database, sales: SQL, by: 'product' | 'variant') {
  const units = sql<number>`sum(${orderItems.count})::int`;
  const lineSales = sql<number>`sum(${orderItems.count}::bigint * ${orderItems.price})::bigint`.mapWith(Number);
  const productKey = sql`coalesce(${orderItems.productId}::text, ${orderItems.title})`;
  const keys: SQL[] =
    by === 'product'
      ? [productKey]
      : [productKey, orderItems.variantId, orderItems.sku, orderItems.options].map((k) => sql`${k}`);
  return db
    .select({
      productId: sql<string | null>`(array_agg(${orderItems.productId}))[1]`,
      variantId: sql<string | null>`(array_agg(${orderItems.variantId}))[1]`,
      title: sql<string>`max(${orderItems.title})`,
      sku: sql<string>`max(${orderItems.sku})`,
      options: sql<Record<string, string>>`(array_agg(${orderItems.options}))[1]`,
      units,
      sales: lineSales,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(sales)
    .groupBy(...keys)
    .orderBy(desc(units), desc(lineSales), asc(sql`max(${orderItems.title})`))
    .limit(TOP_LIMIT);
}
