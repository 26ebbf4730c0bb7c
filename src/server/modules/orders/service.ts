import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { endOfShopDay, startOfShopDay, storableInstant } from '../../../contract/dates.js';
import { toAsciiDigits } from '../../../contract/digits.js';
import type { StockShortDetails } from '../../../contract/errors.js';
import { codeOf, apiMessages as m } from '../../../contract/messages.js';
import { toMajor } from '../../../contract/money.js';
import type { OrderFilter } from '../../../contract/order-query.js';
import type { PhoneCountry } from '../../../contract/phone.js';
import type { Order, OrderEvent } from '../../../contract/types.js';
import { variantTitle } from '../../../contract/variant-names.js';
import type { Database, Tx } from '../../../db/client.js';
import {
  type CheckoutLine,
  cartItems,
  carts,
  invoices,
  type OrderMoney,
  type orderEvents,
  orderItems,
  orders,
  products,
  productVariants,
  refunds,
  type ShippingAddress,
  users,
} from '../../../db/schema.js';
import { failure, HttpError } from '../../errors.js';
import type { MediaStore } from '../../media/store.js';
import { type PricedCart, refuseHugeTotal } from '../cart/service.js';
import type { DocumentIssuing } from '../e-invoicing/reporting.js';
import { type InvoiceMarket, invoiceOrder } from '../invoices/service.js';
import { personConditions } from '../users/search.js';
import { historiesOf, recordEvent, SYSTEM } from './events.js';

type OrderRow = typeof orders.$inferSelect;

export const linesOf = (priced: PricedCart): CheckoutLine[] =>
  priced.lines.map(({ item, product, variant, unitPrice }) => ({
    productId: product.id,
    variantId: variant.id,
    sku: variant.sku,
    options: variant.options,
    title: product.title,
    imageCover: product.imageCover,
    count: item.count,
    color: item.color,
    price: unitPrice,
  }));

/** What a stock change reads of a line. */
type StockLine = Pick<CheckoutLine, 'productId' | 'variantId' | 'count' | 'title' | 'options'>;

type VariantUnits = { variantId: string | null; count: number; name: string };

/**
 * Units per variant, grouped by product, products and variants in a fixed id order: every stock
 * change locks a product's variants, then the product, in this order, so none can deadlock.
 */
function unitsByProduct(lines: StockLine[]): [string, VariantUnits[]][] {
  const byProduct = new Map<string, Map<string, VariantUnits>>();
  for (const line of lines) {
    const variants = byProduct.get(line.productId) ?? new Map<string, VariantUnits>();
    const key = line.variantId ?? '';
    const entry = variants.get(key) ?? {
      variantId: line.variantId,
      count: 0,
      name: variantTitle(line.title, line.options),
    };
    entry.count += line.count;
    variants.set(key, entry);
    byProduct.set(line.productId, variants);
  }
  const byId = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byProduct.entries()]
    .sort(byId)
    .map(([productId, variants]) => [productId, [...variants.entries()].sort(byId).map(([, units]) => units)]);
}

/**
 * 409 naming the product that ran short: `product` beside the code (the web shows its title) and,
 * for clients that read the sentence, at the end of the message (docs/api-compatibility.md). The
 * title names the variant («حذاء (المقاس: 42)»).
 */
export const stockShort = (productId: string, title: string) => {
  const details: StockShortDetails = { product: { id: productId, title } };
  return new HttpError(409, `${m.stockShort}: ${title}`, codeOf('stockShort'), details);
};

/**
 * Takes the lines' units out of stock, all or nothing: `sell` also counts them as sold (an order),
 * `reserve` only holds them (a card checkout waiting for its payment). Each variant is one
 * conditional UPDATE, so concurrent orders (in this or another process) serialise on the row and
 * can never oversell; the product's sums follow (docs/variants.md).
 */
export async function takeStock(tx: Tx, lines: StockLine[], mode: 'sell' | 'reserve') {
  for (const [productId, variants] of unitsByProduct(lines)) {
    let total = 0;
    for (const { variantId, count: wanted, name } of variants) {
      const taken = variantId
        ? await tx
            .update(productVariants)
            .set({
              quantity: sql`${productVariants.quantity} - ${wanted}`,
              ...(mode === 'sell' ? { sold: sql`${productVariants.sold} + ${wanted}` } : {}),
            })
            .where(
              and(
                eq(productVariants.id, variantId),
                eq(productVariants.productId, productId),
                sql`${productVariants.quantity} >= ${wanted}`,
              ),
            )
            .returning({ id: productVariants.id })
        : [];
      if (taken.length === 0) throw stockShort(productId, name);
      total += wanted;
    }
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} - ${total}`,
        ...(mode === 'sell' ? { sold: sql`${products.sold} + ${total}` } : {}),
      })
      .where(eq(products.id, productId));
  }
}

/**
 * Puts units back in stock; a variant deleted since is skipped. `reserved`: units a checkout held
 * (it ended unpaid); `sold`: units of an order (cancelled, or restocked by a refund), no longer sold.
 */
export async function releaseStock(tx: Tx, lines: StockLine[], mode: 'reserved' | 'sold' = 'reserved') {
  await moveUnits(tx, lines, (count) => ({
    quantity: count,
    sold: mode === 'sold' ? -count : 0,
  }));
}

/** Counts reserved units as sold, once their checkout became an order. */
async function sellReserved(tx: Tx, lines: StockLine[]) {
  await moveUnits(tx, lines, (count) => ({ quantity: 0, sold: count }));
}

/** Adds to each line's variant, then to its product, what `change` says (sales never below 0). */
async function moveUnits(tx: Tx, lines: StockLine[], change: (count: number) => { quantity: number; sold: number }) {
  for (const [productId, variants] of unitsByProduct(lines)) {
    let quantity = 0;
    let sold = 0;
    for (const { variantId, count } of variants) {
      if (!variantId) continue;
      const delta = change(count);
      const moved = await tx
        .update(productVariants)
        .set({
          quantity: sql`${productVariants.quantity} + ${delta.quantity}`,
          sold: sql`greatest(${productVariants.sold} + ${delta.sold}, 0)`,
        })
        .where(eq(productVariants.id, variantId))
        .returning({ id: productVariants.id });
      if (moved.length === 0) continue;
      quantity += delta.quantity;
      sold += delta.sold;
    }
    if (quantity === 0 && sold === 0) continue;
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${quantity}`,
        sold: sql`greatest(${products.sold} + ${sold}, 0)`,
      })
      .where(eq(products.id, productId));
  }
}

export type NewOrder = {
  userId: string;
  lines: CheckoutLine[];
  /** The order's money, quoted once (docs/pricing.md), and its currency. */
  money: OrderMoney;
  currency: string;
  /** The shop's market and time zone, for its tax invoice (docs/invoices.md). */
  market: Pick<InvoiceMarket, 'country' | 'timeZone'>;
  /** Phase 2's signing and reporting (docs/invoices.md § Phase 2). */
  issuing: DocumentIssuing;
  couponName: string | null;
  shippingAddress: ShippingAddress;
  method: 'cash' | 'card';
  paymentRef?: string;
  /** The units are already held for it (an open card checkout): only count them as sold. */
  stockReserved?: boolean;
  /** Paid in test mode (the test provider, a gateway's test keys): no money moved, no tax invoice. */
  isTest?: boolean;
};

/**
 * Creates an order from lines inside the caller's transaction, empties the customer's cart, and
 * issues the order's tax invoice when the shop has a VAT number and the order is no test order
 * (docs/invoices.md).
 */
export async function createOrder(tx: Tx, order: NewOrder): Promise<OrderRow> {
  if (order.lines.length === 0) throw failure('cartEmpty');
  refuseHugeTotal(order.money.total);
  if (order.stockReserved) await sellReserved(tx, order.lines);
  else await takeStock(tx, order.lines, 'sell');
  const paid = order.method === 'card';
  const [row] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      shippingAddress: order.shippingAddress,
      subtotal: order.money.subtotal,
      discount: order.money.discount,
      shippingPrice: order.money.shippingPrice,
      codFee: order.money.codFee,
      taxPrice: order.money.taxPrice,
      totalOrderPrice: order.money.total,
      vatRateBasisPoints: order.money.vatRateBasisPoints,
      pricesIncludeVat: order.money.pricesIncludeVat,
      couponName: order.couponName,
      paymentMethodType: order.method,
      paymentRef: order.paymentRef ?? null,
      isPaid: paid,
      paymentStatus: paid ? 'paid' : 'unpaid',
      paidAt: paid ? new Date() : null,
      isTest: order.isTest ?? false,
    })
    .returning();
  if (!row) throw failure('internalError');
  await tx.insert(orderItems).values(
    order.lines.map((line) => ({
      orderId: row.id,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      options: line.options,
      title: line.title,
      imageCover: line.imageCover,
      count: line.count,
      color: line.color,
      price: line.price,
    })),
  );
  // A cash order is the customer's doing; a card order is made when the provider confirms payment.
  await recordEvent(tx, row.id, order.method === 'cash' ? { id: order.userId, role: 'customer' } : SYSTEM, {
    kind: 'created',
    toStatus: row.status,
    paymentStatus: row.paymentStatus,
  });
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, order.userId));
  if (cart) {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(carts).set({ couponId: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
  }
  await invoiceOrder(tx, row, order.lines, { ...order.market, currency: order.currency }, order.issuing);
  return row;
}

/** The largest order number (a PostgreSQL integer): longer digit runs are no order number. */
const MAX_ORDER_NUMBER = 2_147_483_647;

/** An order's delivery phone (E.164, docs/decisions/0014-phone-numbers.md), from its shipping address. */
const deliveryPhone = sql`${orders.shippingAddress}->>'phone'`;

/**
 * Orders whose number is the keyword (`12`, `#12`, `١٢`), or whose customer is it (name, e-mail,
 * phone: `personConditions`), or whose delivery phone is it: the number the parcel goes to, which
 * may be another person's than the account's.
 */
function keywordCondition(keyword: string, country: PhoneCountry): SQL | undefined {
  const anyOf = personConditions(keyword, country, {
    name: users.name,
    email: users.email,
    phones: [users.phone, deliveryPhone],
  });
  const number = /^#?\s*(\d{1,10})$/.exec(toAsciiDigits(keyword))?.[1];
  if (number !== undefined && Number(number) <= MAX_ORDER_NUMBER) anyOf.push(eq(orders.number, Number(number)));
  return or(...anyOf);
}

/**
 * The conditions of the order list's filters (docs/orders.md, "The admin orders list"), to be
 * ANDed with the caller's scope. `from` and `to` are the shop's days (docs/dates.md): `to` ends
 * where the next day begins in the shop's zone, not at UTC midnight. A new filter is one more
 * condition here and one more field in src/contract/order-query.ts.
 */
export function orderFilterConditions(
  filter: OrderFilter,
  shop: { phoneCountry: PhoneCountry; timeZone: string },
): (SQL | undefined)[] {
  return [
    filter.keyword ? keywordCondition(filter.keyword, shop.phoneCountry) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
    filter.method ? eq(orders.paymentMethodType, filter.method) : undefined,
    filter.isPaid === undefined ? undefined : eq(orders.isPaid, filter.isPaid),
    filter.isDelivered === undefined ? undefined : eq(orders.isDelivered, filter.isDelivered),
    // Constant bounds, so orders_created_at_idx serves them.
    filter.from ? gte(orders.createdAt, storableInstant(startOfShopDay(filter.from, shop.timeZone))) : undefined,
    filter.to ? lt(orders.createdAt, storableInstant(endOfShopDay(filter.to, shop.timeZone))) : undefined,
  ];
}

/** One order of the CSV export: the order and its customer. */
export type ExportedOrder = {
  order: OrderRow;
  user: Pick<typeof users.$inferSelect, 'name' | 'email' | 'phone'>;
  /** Its lines, each named with its variant (docs/variants.md). */
  lines: Pick<typeof orderItems.$inferSelect, 'title' | 'options' | 'sku' | 'count'>[];
};

/**
 * Every order matching `where`, newest number first, read `batchSize` at a time (keyset on the
 * order number), so an export of any size holds one batch in memory.
 */
export async function* ordersInBatches(db: Database, where: SQL | undefined, batchSize: number) {
  let after: number | undefined;
  for (;;) {
    const found = await db
      .select({ order: orders, user: { name: users.name, email: users.email, phone: users.phone } })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, after === undefined ? undefined : lt(orders.number, after)))
      .orderBy(desc(orders.number))
      .limit(batchSize);
    const items =
      found.length === 0
        ? []
        : await db
            .select({
              orderId: orderItems.orderId,
              title: orderItems.title,
              options: orderItems.options,
              sku: orderItems.sku,
              count: orderItems.count,
            })
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                found.map(({ order }) => order.id),
              ),
            )
            // Lines have no sequence of their own: by title, so a row reads the same on every export.
            .orderBy(asc(orderItems.title), asc(orderItems.id));
    const rows: ExportedOrder[] = found.map((row) => ({
      ...row,
      lines: items.filter((item) => item.orderId === row.order.id),
    }));
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.order.number;
  }
}

/** Who reads an order: staff see who on the staff made each change; a customer sees roles only. */
export type OrderViewer = 'staff' | 'customer';

/**
 * One event of an order's history as the API shows it: who by role, and to staff the name of the
 * staff member who made it (docs/orders.md § History); staff stay unnamed to customers.
 */
const eventView = (
  { event, actorName }: { event: typeof orderEvents.$inferSelect; actorName: string | null },
  digits: number,
  viewer: OrderViewer,
): OrderEvent => ({
  at: event.at.toISOString(),
  by: event.actorRole,
  ...(viewer === 'staff' && event.actorRole === 'admin' && actorName ? { byName: actorName } : {}),
  kind: event.kind,
  ...(event.fromStatus ? { from: event.fromStatus } : {}),
  ...(event.toStatus ? { to: event.toStatus } : {}),
  ...(event.paymentStatus ? { paymentStatus: event.paymentStatus } : {}),
  ...(event.note ? { note: event.note } : {}),
  ...(event.carrier ? { carrier: event.carrier } : {}),
  ...(event.trackingNumber ? { trackingNumber: event.trackingNumber } : {}),
  ...(event.trackingUrl ? { trackingUrl: event.trackingUrl } : {}),
  ...(event.amount !== null ? { amount: toMajor(event.amount, digits) } : {}),
});

/**
 * Names each refund event's credit note (docs/invoices.md § Credit notes). The event and the note
 * both come from one refund, with its amount and reason, so an event takes the first note not yet
 * taken that says the same; a card refund still due has its note but no event yet. A note of no
 * refund is a cancel's that gave nothing back (an unpaid order): the cancel's event names it.
 */
function withCreditNotes(
  history: OrderEvent[],
  notes: { number: number; total: number; reason: string | null; refunded: boolean }[],
  digits: number,
): OrderEvent[] {
  const left = [...notes];
  return history.map((event) => {
    const cancel = event.kind === 'status' && event.to === 'cancelled';
    if (event.kind !== 'refund' && !cancel) return event;
    const at = left.findIndex((note) =>
      cancel
        ? !note.refunded
        : note.refunded && toMajor(note.total, digits) === event.amount && (note.reason ?? undefined) === event.note,
    );
    if (at < 0) return event;
    const [note] = left.splice(at, 1);
    return note ? { ...event, creditNoteNumber: note.number } : event;
  });
}

/** Orders with their customer and items, serialized for the API. */
/**
 * The order list's two queries: a page, newest first, and how many match (joined like the page,
 * since a filter may name the customer's columns). `npm run bench:orders` explains them.
 */
export function orderListQueries(db: Database, where: SQL | undefined, limit: number, offset: number) {
  return {
    page: db
      .select({ order: orders, user: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset(offset),
    total: db.select({ value: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  };
}

export function createOrderReader(db: Database, media: MediaStore, digits: number) {
  async function present(
    rows: { order: OrderRow; user: typeof users.$inferSelect }[],
    origin: string,
    viewer: OrderViewer,
  ): Promise<Order[]> {
    const ids = rows.map((row) => row.order.id);
    const items =
      ids.length === 0
        ? []
        : await db
            .select({
              item: orderItems,
              ratingsAverage: products.ratingsAverage,
              ratingsQuantity: products.ratingsQuantity,
            })
            .from(orderItems)
            .leftJoin(products, eq(products.id, orderItems.productId))
            .where(inArray(orderItems.orderId, ids))
            .orderBy(asc(orderItems.title), asc(orderItems.id));
    // The invoices and credit notes of the page, in one read (lowest number first).
    const documents =
      ids.length === 0
        ? []
        : await db
            .select({
              orderId: invoices.orderId,
              kind: invoices.kind,
              number: invoices.number,
              total: invoices.total,
              reason: invoices.reason,
              refunded: sql<boolean>`${refunds.id} is not null`,
            })
            .from(invoices)
            .leftJoin(refunds, eq(refunds.creditNoteId, invoices.id))
            .where(and(inArray(invoices.orderId, ids), isNull(invoices.replacedBy)))
            .orderBy(asc(invoices.number));
    const invoiceNumbers = new Map(
      documents.filter((doc) => doc.kind === 'invoice').map((invoice) => [invoice.orderId, invoice.number]),
    );
    const events = await historiesOf(db, ids);
    return rows.map(({ order, user }) => ({
      _id: order.id,
      id: order.id,
      number: order.number,
      user: { _id: user.id, id: user.id, name: user.name, email: user.email, phone: user.phone },
      cartItems: items
        .filter(({ item }) => item.orderId === order.id)
        .map(({ item, ratingsAverage, ratingsQuantity }) => ({
          _id: item.id,
          id: item.id,
          product: {
            _id: item.productId,
            id: item.productId,
            title: item.title,
            imageCover: media.url(item.imageCover, origin),
            imageCoverSizes: media.sizes(item.imageCover, origin),
            ratingsAverage: ratingsAverage ?? 0,
            ratingsQuantity: ratingsQuantity ?? 0,
          },
          sku: item.sku,
          options: item.options,
          count: item.count,
          color: item.color,
          price: toMajor(item.price, digits),
        })),
      // Orders made before the city check carry no flag: nothing is known against them.
      shippingAddress: { ...order.shippingAddress, cityRecognised: order.shippingAddress.cityRecognised ?? true },
      subtotal: toMajor(order.subtotal, digits),
      discount: toMajor(order.discount, digits),
      codFee: toMajor(order.codFee, digits),
      taxPrice: toMajor(order.taxPrice, digits),
      shippingPrice: toMajor(order.shippingPrice, digits),
      totalOrderPrice: toMajor(order.totalOrderPrice, digits),
      vatRate: order.vatRateBasisPoints / 100,
      pricesIncludeVat: order.pricesIncludeVat,
      ...(order.couponName ? { coupon: order.couponName } : {}),
      paymentMethodType: order.paymentMethodType,
      isPaid: order.isPaid,
      ...(order.paidAt ? { paidAt: order.paidAt.toISOString() } : {}),
      isTest: order.isTest,
      isDelivered: order.isDelivered,
      ...(order.deliveredAt ? { deliveredAt: order.deliveredAt.toISOString() } : {}),
      ...(invoiceNumbers.has(order.id) ? { invoiceNumber: invoiceNumbers.get(order.id) } : {}),
      status: order.status,
      paymentStatus: order.paymentStatus,
      refundedAmount: toMajor(order.refundedAmount, digits),
      ...(order.carrier ? { carrier: order.carrier } : {}),
      ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
      ...(order.trackingUrl ? { trackingUrl: order.trackingUrl } : {}),
      ...(order.cancelledAt ? { cancelledAt: order.cancelledAt.toISOString() } : {}),
      history: withCreditNotes(
        events.filter(({ event }) => event.orderId === order.id).map((row) => eventView(row, digits, viewer)),
        documents.filter((doc) => doc.orderId === order.id && doc.kind === 'credit_note'),
        digits,
      ),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    }));
  }

  async function one(where: SQL, origin: string, viewer: OrderViewer) {
    const rows = await db
      .select({ order: orders, user: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .limit(1);
    const [order] = await present(rows, origin, viewer);
    return order;
  }

  return {
    async list(where: SQL | undefined, limit: number, offset: number, origin: string, viewer: OrderViewer) {
      const query = orderListQueries(db, where, limit, offset);
      const [rows, [total]] = await Promise.all([query.page, query.total]);
      return { data: await present(rows, origin, viewer), total: total?.value ?? 0 };
    },
    one,
    /** An order this request has just written: not finding it is a fault, not a 404. */
    async written(id: string, origin: string, viewer: OrderViewer): Promise<Order> {
      const order = await one(eq(orders.id, id), origin, viewer);
      if (!order) throw failure('internalError');
      return order;
    },
  };
}
