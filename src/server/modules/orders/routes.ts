import type { Readable } from 'node:stream';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, idSchema } from '../../../contract/common.js';
import { shopDay } from '../../../contract/dates.js';
import { apiMessages } from '../../../contract/messages.js';
import { currencyDigits, toMajor, toMinor } from '../../../contract/money.js';
import { type OrderFilter, orderFilterSchema, orderListQuerySchema } from '../../../contract/order-query.js';
import { PRODUCT_COUNT, plural } from '../../../contract/plural.js';
import {
  cashOrderSchema,
  checkoutQuerySchema,
  checkoutSessionEnvelope,
  IDEMPOTENCY_KEY_PATTERN,
  orderCancelSchema,
  orderCreatedEnvelope,
  orderEnvelope,
  orderFlagEnvelope,
  orderFlagSchema,
  orderList,
  orderStatusChangeSchema,
  refundEnvelope,
  refundHeadersSchema,
  refundRequestSchema,
  shippingAddressSchema,
} from '../../../contract/shopping.js';
import { quoteEnvelope, quoteQuerySchema } from '../../../contract/store.js';
import type { Quote } from '../../../contract/types.js';
import { addresses, carts, type OrderMoney, orders, type ShippingAddress } from '../../../db/schema.js';
import { isStaffRole, type Role, userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure, issuesError } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import { latestAddress, markAddressUsed } from '../addresses/service.js';
import { priceCartToOrder } from '../cart/service.js';
import { invoiceById } from '../invoices/service.js';
import { quoteCart } from '../pricing/service.js';
import { checkRefundAllowed, refundLimitOf } from '../staff/service.js';
import { type Checkouts, endOpenCheckouts } from './checkout.js';
import { actorOf } from './events.js';
import { ordersCsv } from './export-csv.js';
import type { Lifecycle } from './lifecycle.js';
import { createOrder, createOrderReader, linesOf, type OrderViewer, orderFilterConditions } from './service.js';
import type { OrderMessages } from './status-mail.js';

const cartParams = z.object({ cartId: idSchema });

/** Staff read an order with the names of the staff who changed it; a customer, roles only. */
const viewerOf = (user: { role: Role }): OrderViewer => (isStaffRole(user.role) ? 'staff' : 'customer');

export async function orderRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  checkouts: Checkouts,
  lifecycle: Lifecycle,
  messages: OrderMessages,
) {
  const { db, guards, media, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const digits = currencyDigits(config.currency);
  const reader = createOrderReader(db, media, digits);
  const shippingSchema = shippingAddressSchema(config.phoneCountry);
  const tags = ['orders'];
  const origin = (request: FastifyRequest) => originOf(request, config);
  /** Schemas too long to sit beside their route (the OpenAPI document is built from them). */
  const contract = {
    list: { querystring: orderListQuerySchema, response: { 200: orderList }, tags },
    export: {
      querystring: orderFilterSchema,
      // The CSV is streamed as it is (Fastify serialises objects only); failures are JSON as everywhere.
      response: {
        200: z.string().describe('The matching orders as CSV (text/csv, UTF-8 with BOM, CRLF), newest number first'),
      },
      tags,
    },
    one: { params: idParams, response: { 200: orderEnvelope, ...failing(404) }, tags },
  };

  /** The caller's own cart with this id; another customer's is not found. */
  async function ownCart(request: FastifyRequest, cartId: string) {
    const [cart] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.userId, userOf(request).id)))
      .limit(1);
    if (!cart) throw failure('cartNotFound');
    return cart;
  }

  // Before the `/:id` routes, so 'quote' is not read as an id.
  r.get(
    '/quote',
    {
      onRequest: guards.customer,
      schema: { querystring: quoteQuerySchema, response: { 200: quoteEnvelope, ...failing(404, 409) }, tags },
    },
    async (request) => {
      const { cartId, addressId, method } = request.query;
      const cart = await ownCart(request, cartId);
      const [address] = await db
        .select({ city: addresses.city })
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userOf(request).id)))
        .limit(1);
      if (!address) throw failure('addressNotFound');
      const priced = await priceCartToOrder(db, cart);
      const { money } = await quoteCart(db, config, priced, address.city, method);
      return { data: quoteView(money) };
    },
  );

  /** An order's money as the quote shows it, major units. */
  const quoteView = (money: OrderMoney): Quote => ({
    subtotal: toMajor(money.subtotal, digits),
    discount: toMajor(money.discount, digits),
    shippingPrice: toMajor(money.shippingPrice, digits),
    codFee: toMajor(money.codFee, digits),
    taxPrice: toMajor(money.taxPrice, digits),
    total: toMajor(money.total, digits),
    currency: config.currency,
    vatRate: money.vatRateBasisPoints / 100,
    pricesIncludeVat: money.pricesIncludeVat,
  });

  r.post(
    '/:cartId',
    {
      onRequest: guards.customer,
      schema: {
        params: cartParams,
        body: cashOrderSchema(config.phoneCountry),
        response: { 201: orderCreatedEnvelope, ...failing(404, 409) },
        tags,
      },
    },
    async (request, reply) => {
      const { cartId } = request.params;
      let ended: Awaited<ReturnType<typeof endOpenCheckouts>> = [];
      const row = await db.transaction(async (tx) => {
        // Lock the cart so two submissions of the same cart make one order.
        const [cart] = await tx
          .select()
          .from(carts)
          .where(and(eq(carts.id, cartId), eq(carts.userId, userOf(request).id)))
          .for('update');
        if (!cart) throw failure('cartNotFound');
        const userId = userOf(request).id;
        // A card checkout left open for this cart gives its units back first: one checkout at a time.
        ended = await endOpenCheckouts(tx, userId);
        const priced = await priceCartToOrder(tx, cart);
        const { postalCode, ...address } = request.body.shippingAddress;
        const { money, cityRecognised } = await quoteCart(tx, config, priced, address.city, 'cash');
        await markAddressUsed(tx, userId, address);
        const created = await createOrder(tx, {
          userId,
          lines: linesOf(priced),
          money,
          currency: config.currency,
          market: config,
          issuing: ctx.issuing,
          couponName: priced.coupon?.name ?? null,
          shippingAddress: { ...address, postalCode: postalCode || config.defaultPostalCode, cityRecognised },
          method: 'cash',
        });
        await messages.created(tx, created.id, origin(request));
        return created;
      });
      // The provider's page of a checkout this order replaced (left with «رجوع», still in the tab's
      // history) stops taking payment, as when a new checkout replaces it (docs/payments.md, step 1).
      await checkouts.expireAtProvider(ended);
      const order = await reader.written(row.id, origin(request), 'customer');
      return reply.code(201).send({ status: 'success', data: order });
    },
  );

  r.get(
    '/checkout-session/:cartId',
    {
      onRequest: guards.customer,
      // Counted per customer, after the guard has named them (SECURITY.md § 6).
      config: {
        rateLimit: {
          max: config.checkoutRateLimitPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `checkout:${userOf(request).id}`,
        },
      },
      schema: {
        params: cartParams,
        querystring: checkoutQuerySchema,
        response: { 200: checkoutSessionEnvelope, ...failing(404, 409, 502) },
        tags,
      },
    },
    async (request) => {
      const me = userOf(request);
      // Someone else's cart is not found, before anything about the address is said.
      await ownCart(request, request.params.cartId);
      const shippingAddress = await resolveShippingAddress(request.query, me.id);
      await markAddressUsed(db, me.id, shippingAddress);
      const session = await checkouts.open({
        userId: me.id,
        email: me.email,
        name: me.name,
        cartId: request.params.cartId,
        shippingAddress,
        origin: origin(request),
        describe: (lines) => `${config.shopName} — ${plural(lines.length, PRODUCT_COUNT)}`,
      });
      return {
        status: 'success' as const,
        session: {
          url: session.url,
          id: session.providerSessionId,
          amount: toMajor(session.amount, digits),
          checkoutId: session.id,
          expiresAt: session.expiresAt.toISOString(),
        },
      };
    },
  );

  /**
   * The address a card checkout ships to: a saved address by id, the fields in the query, or —
   * when neither is given, as the original client's GET sends nothing — the customer's saved
   * address last used or added (docs/api-compatibility.md).
   */
  async function resolveShippingAddress(
    query: z.infer<typeof checkoutQuerySchema>,
    userId: string,
  ): Promise<ShippingAddress> {
    const { addressId, ...fields } = query;
    const given = Object.values(fields).some((value) => value !== undefined && value.trim() !== '');
    if (addressId || !given) {
      const saved = addressId
        ? (
            await db
              .select()
              .from(addresses)
              .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
              .limit(1)
          )[0]
        : await latestAddress(db, userId);
      if (!saved && addressId) throw failure('addressNotFound');
      if (!saved) throw failure('addressRequired');
      return { details: saved.details, phone: saved.phone, city: saved.city, postalCode: saved.postalCode };
    }
    const parsed = shippingSchema.safeParse(fields);
    if (!parsed.success) throw issuesError(parsed.error.issues, fields, 'query');
    return { ...parsed.data, postalCode: parsed.data.postalCode || config.defaultPostalCode };
  }

  r.get('/', { onRequest: guards.signedIn, schema: contract.list }, async (request) => {
    const me = userOf(request);
    const { page, limit, offset, ...filter } = { ...request.query, ...pageOf(request.query) };
    // Staff see every order; a customer sees their own, and the filters apply within them.
    const scope = isStaffRole(me.role) ? undefined : eq(orders.userId, me.id);
    const where = and(scope, ...orderFilterConditions(filter, config));
    const { data, total } = await reader.list(where, limit, offset, origin(request), viewerOf(me));
    return listEnvelope(data, total, page, limit);
  });

  // The reply is a stream, not the string the schema documents (see contract.export).
  r.get<{ Querystring: OrderFilter; Reply: Readable }>(
    '/export.csv',
    { onRequest: guards.staff, schema: contract.export },
    async (request, reply) => {
      const where = and(...orderFilterConditions(request.query, config));
      const today = shopDay(new Date(), config.timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(ordersCsv(db, where, { currency: config.currency, digits, timeZone: config.timeZone }));
    },
  );

  r.get('/:id', { onRequest: guards.signedIn, schema: contract.one }, async (request) => {
    const me = userOf(request);
    const scope = isStaffRole(me.role) ? undefined : eq(orders.userId, me.id);
    const order = await reader.one(and(eq(orders.id, request.params.id), scope) as SQL, origin(request), viewerOf(me));
    if (!order) throw failure('orderNotFound');
    return { data: order };
  });

  /** The order as its caller sees it after a change they made (a customer: only their own). */
  const after = async (request: FastifyRequest, id: string) => {
    const me = userOf(request);
    const order = await reader.one(
      and(eq(orders.id, id), isStaffRole(me.role) ? undefined : eq(orders.userId, me.id)) as SQL,
      origin(request),
      viewerOf(me),
    );
    if (!order) throw failure('internalError');
    return order;
  };

  r.put(
    '/:id/status',
    {
      onRequest: guards.staff,
      schema: {
        params: idParams,
        body: orderStatusChangeSchema,
        response: { 200: orderEnvelope, ...failing(403, 404, 409) },
        tags,
      },
    },
    async (request) => {
      const user = userOf(request);
      await lifecycle.changeStatus(
        request.params.id,
        actorOf(user),
        request.body,
        origin(request),
        await refundLimitOf(db, config, user),
      );
      return { data: await after(request, request.params.id) };
    },
  );

  r.post(
    '/:id/cancel',
    {
      onRequest: guards.signedIn,
      schema: {
        params: idParams,
        body: orderCancelSchema,
        response: { 200: orderEnvelope, ...failing(403, 404, 409) },
        tags,
      },
    },
    async (request) => {
      const user = userOf(request);
      await lifecycle.cancel(
        request.params.id,
        actorOf(user),
        request.body?.reason,
        origin(request),
        await refundLimitOf(db, config, user),
      );
      return { data: await after(request, request.params.id) };
    },
  );

  r.post(
    '/:id/refunds',
    {
      onRequest: guards.staff,
      schema: {
        params: idParams,
        headers: refundHeadersSchema,
        body: refundRequestSchema,
        response: { 201: refundEnvelope, ...failing(403, 404, 409) },
        description:
          'Optional header Idempotency-Key: 1 to 200 visible ASCII characters (a UUID is good). The same key with the same body answers the first refund again (201, header Idempotent-Replayed: true); with another body, 409 IDEMPOTENCY_KEY_REUSED.',
        tags,
      },
    },
    async (request, reply) => {
      const { amount, reason, restock } = request.body;
      const minor = toMinor(amount, digits);
      // More digits than the currency has (12.345 riyals) is no amount of money.
      if (toMajor(minor, digits) !== amount) {
        throw issuesError(
          [{ code: 'custom', message: apiMessages.refundAmountInvalid, path: ['amount'] }],
          request.body,
          'body',
        );
      }
      await checkRefundAllowed(db, config, userOf(request), minor);
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { refund, replayed } = await lifecycle.refund(
        request.params.id,
        actorOf(userOf(request)),
        { amount: minor, reason, restock },
        key,
        origin(request),
      );
      const creditNote = refund.creditNoteId ? await invoiceById(db, refund.creditNoteId) : undefined;
      const order = await after(request, request.params.id);
      const given = toMajor(refund.amount, digits);
      // A repeated request is answered as the first was (201), and says so (as Stripe does); the
      // customer was told of the refund the first time, and only then (one e-mail per refund).
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({
        data: {
          _id: refund.id,
          id: refund.id,
          amount: given,
          reason: refund.reason,
          status: refund.status,
          restock: refund.restock,
          ...(creditNote ? { creditNoteNumber: creditNote.number } : {}),
          createdAt: refund.createdAt.toISOString(),
          ...(refund.doneAt ? { doneAt: refund.doneAt.toISOString() } : {}),
        },
        order,
      });
    },
  );

  const flagRoute = (flag: 'isPaid' | 'isDelivered') =>
    r.put(
      `/:id/${flag === 'isPaid' ? 'pay' : 'deliver'}`,
      {
        onRequest: guards.staff,
        schema: {
          params: idParams,
          body: orderFlagSchema,
          response: { 200: orderFlagEnvelope, ...failing(404, 409) },
          tags,
        },
      },
      async (request) => {
        // Without a body the flag is set (the original API); `{ isPaid: false }` unsets it.
        // Both now move the lifecycle and are recorded in the history (docs/orders.md).
        const value = request.body?.[flag] ?? true;
        await lifecycle.setFlag(request.params.id, actorOf(userOf(request)), flag, value, origin(request));
        const order = await reader.written(request.params.id, origin(request), 'staff');
        return { status: 'Success' as const, data: order };
      },
    );
  flagRoute('isPaid');
  flagRoute('isDelivered');
}

/** An `Idempotency-Key` header: absent, or 1 to 200 visible ASCII characters, sent once. */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw failure('idempotencyKeyInvalid');
  return header;
}
