import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, idSchema, listQuerySchema } from '../../../contract/common.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { currencyDigits, toMajor } from '../../../contract/money.js';
import {
  cashOrderSchema,
  checkoutQuerySchema,
  orderFlagSchema,
  shippingAddressSchema,
} from '../../../contract/shopping.js';
import { addresses, carts, checkoutSessions, orders, type ShippingAddress } from '../../../db/schema.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound, ValidationError } from '../../errors.js';
import { originOf } from '../../http/origin.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { priceCart } from '../cart/service.js';
import { orderConfirmationMailer } from './confirmation-mail.js';
import { amountOf, createOrder, createOrderReader, linesOf } from './service.js';

const cartParams = z.object({ cartId: idSchema });

export async function orderRoutes(app: FastifyInstance, ctx: AppContext, payments: PaymentProvider) {
  const { db, guards, media, config } = ctx;
  const sendConfirmation = orderConfirmationMailer(ctx, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const digits = currencyDigits(config.currency);
  const reader = createOrderReader(db, media, digits);
  const shippingSchema = shippingAddressSchema(config.phoneCountry);
  const tags = ['orders'];
  const origin = (request: FastifyRequest) => originOf(request, config);

  /** The caller's own cart with this id, locked for the order; another customer's is not found. */
  async function ownCart(request: FastifyRequest, cartId: string) {
    const [cart] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.userId, userOf(request).id)))
      .limit(1);
    if (!cart) throw notFound(m.cartNotFound);
    return cart;
  }

  r.post(
    '/:cartId',
    { onRequest: guards.customer, schema: { params: cartParams, body: cashOrderSchema(config.phoneCountry), tags } },
    async (request, reply) => {
      const { cartId } = request.params;
      const row = await db.transaction(async (tx) => {
        // Lock the cart so two submissions of the same cart make one order.
        const [cart] = await tx
          .select()
          .from(carts)
          .where(and(eq(carts.id, cartId), eq(carts.userId, userOf(request).id)))
          .for('update');
        if (!cart) throw notFound(m.cartNotFound);
        const priced = await priceCart(tx, cart);
        if (priced.lines.length === 0) throw new HttpError(400, m.cartEmpty);
        const { postalCode, ...address } = request.body.shippingAddress;
        return createOrder(tx, {
          userId: cart.userId,
          lines: linesOf(priced),
          total: amountOf(priced),
          couponName: priced.coupon?.name ?? null,
          shippingAddress: { ...address, postalCode: postalCode || config.defaultPostalCode },
          method: 'cash',
        });
      });
      const order = await reader.one(eq(orders.id, row.id), origin(request));
      await sendConfirmation(order);
      return reply.code(201).send({ status: 'success', data: order });
    },
  );

  r.get(
    '/checkout-session/:cartId',
    { onRequest: guards.customer, schema: { params: cartParams, querystring: checkoutQuerySchema, tags } },
    async (request) => {
      const me = userOf(request);
      const cart = await ownCart(request, request.params.cartId);
      const shippingAddress = await resolveShippingAddress(request.query, me.id);
      const priced = await priceCart(db, cart);
      if (priced.lines.length === 0) throw new HttpError(400, m.cartEmpty);
      const lines = linesOf(priced);
      // Fail early when stock is already short; the binding check happens when payment is confirmed.
      for (const line of priced.lines) {
        if (line.product.quantity < line.item.count) throw new HttpError(409, `${m.stockShort}: ${line.product.title}`);
      }
      const amount = amountOf(priced);
      const [session] = await db
        .insert(checkoutSessions)
        .values({
          userId: me.id,
          cartId: cart.id,
          provider: payments.name,
          providerSessionId: `pending:${cart.id}:${Date.now()}`,
          amount,
          currency: config.currency,
          shippingAddress,
          lines,
          couponName: priced.coupon?.name ?? null,
        })
        .returning();
      if (!session) throw new HttpError(500, m.internal);
      const base = origin(request);
      let created: { id: string; url: string };
      try {
        created = await payments.createCheckout({
          reference: session.id,
          amount,
          currency: config.currency,
          description: `${config.shopName} — ${lines.length} منتجات`,
          customerEmail: me.email,
          successUrl: `${base}/user/allOrders?paid=1`,
          cancelUrl: `${base}/cart`,
          origin: base,
        });
      } catch (error) {
        request.log.error({ err: error }, 'payment provider refused to create a checkout');
        await db.update(checkoutSessions).set({ status: 'failed' }).where(eq(checkoutSessions.id, session.id));
        throw new HttpError(502, m.paymentUnavailable);
      }
      await db
        .update(checkoutSessions)
        .set({ providerSessionId: created.id })
        .where(eq(checkoutSessions.id, session.id));
      return { status: 'success', session: { url: created.url, id: created.id, amount: toMajor(amount, digits) } };
    },
  );

  async function resolveShippingAddress(
    query: z.infer<typeof checkoutQuerySchema>,
    userId: string,
  ): Promise<ShippingAddress> {
    if (query.addressId) {
      const [saved] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, query.addressId), eq(addresses.userId, userId)))
        .limit(1);
      if (!saved) throw notFound(m.addressNotFound);
      return { details: saved.details, phone: saved.phone, city: saved.city, postalCode: saved.postalCode };
    }
    const { addressId: _ignored, ...fields } = query;
    const parsed = shippingSchema.safeParse(fields);
    if (!parsed.success) {
      throw new ValidationError(
        parsed.error.issues.map((issue) => ({
          value: fields[issue.path[0] as keyof typeof fields],
          msg: issue.message,
          param: issue.path.join('.'),
          location: 'query',
        })),
      );
    }
    return { ...parsed.data, postalCode: parsed.data.postalCode || config.defaultPostalCode };
  }

  r.get('/', { onRequest: guards.signedIn, schema: { querystring: listQuerySchema, tags } }, async (request) => {
    const me = userOf(request);
    const { page, limit, offset } = pageOf(request.query);
    // Staff see every order; a customer sees their own.
    const where: SQL | undefined = me.role === 'admin' ? undefined : eq(orders.userId, me.id);
    const { data, total } = await reader.list(where, limit, offset, origin(request));
    return listEnvelope(data, total, page, limit);
  });

  r.get('/:id', { onRequest: guards.signedIn, schema: { params: idParams, tags } }, async (request) => {
    const me = userOf(request);
    const scope = me.role === 'admin' ? undefined : eq(orders.userId, me.id);
    const order = await reader.one(and(eq(orders.id, request.params.id), scope) as SQL, origin(request));
    if (!order) throw notFound(m.orderNotFound);
    return { data: order };
  });

  const flagRoute = (flag: 'isPaid' | 'isDelivered', at: 'paidAt' | 'deliveredAt') =>
    r.put(
      `/:id/${flag === 'isPaid' ? 'pay' : 'deliver'}`,
      { onRequest: guards.admin, schema: { params: idParams, body: orderFlagSchema, tags } },
      async (request) => {
        // Without a body the flag is set (the original API); `{ isPaid: false }` unsets it.
        const value = request.body?.[flag] ?? true;
        const updated = await db
          .update(orders)
          .set({ [flag]: value, [at]: value ? new Date() : null, updatedAt: new Date() })
          .where(eq(orders.id, request.params.id))
          .returning({ id: orders.id });
        if (updated.length === 0) throw notFound(m.orderNotFound);
        return { status: 'Success', data: await reader.one(eq(orders.id, request.params.id), origin(request)) };
      },
    );
  flagRoute('isPaid', 'paidAt');
  flagRoute('isDelivered', 'deliveredAt');
}
