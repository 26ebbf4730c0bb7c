import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, noContentSchema } from '../../../contract/common.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { currencyDigits } from '../../../contract/money.js';
import { addToCartSchema, applyCouponSchema, cartEnvelope, updateCartItemSchema } from '../../../contract/shopping.js';
import type { CartEnvelope } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { cartItems, carts, coupons, productVariants } from '../../../db/schema.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import {
  cartOf,
  priceCart,
  productForCart,
  refuseHugeTotal,
  serializeCart,
  unitsInCart,
  variantForCart,
} from './service.js';

const itemParams = z.object({ itemId: idSchema });

export async function cartRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, media, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const digits = currencyDigits(config.currency);
  const tags = ['cart'];
  /** Schemas too long to sit beside their route (the OpenAPI document is built from them). */
  const contract = {
    get: { response: { 200: cartEnvelope }, tags },
    add: { body: addToCartSchema, response: { 200: cartEnvelope, ...failing(404) }, tags },
    applyCoupon: { body: applyCouponSchema, response: { 200: cartEnvelope }, tags },
    removeLine: { params: itemParams, response: { 200: cartEnvelope, ...failing(404) }, tags },
    clear: { response: { 204: noContentSchema }, tags },
  };

  /** The cart as the contract shows it; after a line grew, a total past the limit undoes the change. */
  async function envelope(
    request: FastifyRequest,
    tx: Database | Tx,
    options: { message?: string; grew?: boolean } = {},
  ): Promise<CartEnvelope> {
    const { message, grew = false } = options;
    const cart = await cartOf(tx, userOf(request).id);
    const priced = await priceCart(tx, cart);
    if (grew) refuseHugeTotal(priced.total);
    return {
      status: 'success',
      ...(message ? { message } : {}),
      numOfCartItems: priced.lines.length,
      data: serializeCart(priced, media, originOf(request, config), digits),
    };
  }

  /** Finds a line of the caller's own cart; another customer's line is simply not found. */
  async function ownLine(tx: Tx, request: FastifyRequest, itemId: string) {
    const cart = await cartOf(tx, userOf(request).id, true);
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
      .limit(1);
    if (!line) throw failure('cartItemNotFound');
    return { cart, line };
  }

  const touch = (tx: Tx, cartId: string) => tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));

  r.get('/', { onRequest: guards.customer, schema: contract.get }, (request) => envelope(request, db));

  r.post('/', { onRequest: guards.customer, schema: contract.add }, (request) =>
    db.transaction(async (tx) => {
      const cart = await cartOf(tx, userOf(request).id, true);
      const product = await productForCart(tx, request.body.productId);
      const { variant, color } = await variantForCart(tx, product, request.body);
      if (variant.quantity === 0) throw failure('outOfStock');
      if ((await unitsInCart(tx, cart.id, variant.id)) + 1 > variant.quantity) throw failure('notEnoughStock');
      // Same variant and colour → one more of the same line.
      await tx
        .insert(cartItems)
        .values({ cartId: cart.id, productId: product.id, variantId: variant.id, color, count: 1 })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.variantId, cartItems.color],
          set: { count: sql`${cartItems.count} + 1` },
        });
      await touch(tx, cart.id);
      return envelope(request, tx, { message: m.productAddedToCart, grew: true });
    }),
  );

  r.put('/applyCoupon', { onRequest: guards.customer, schema: contract.applyCoupon }, (request) =>
    db.transaction(async (tx) => {
      const cart = await cartOf(tx, userOf(request).id, true);
      const [coupon] = await tx
        .select()
        .from(coupons)
        .where(eq(coupons.name, request.body.couponName.toUpperCase()))
        .limit(1);
      if (!coupon || coupon.expire <= new Date()) throw failure('couponInvalid');
      await tx.update(carts).set({ couponId: coupon.id, updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return envelope(request, tx);
    }),
  );

  r.put(
    '/:itemId',
    {
      onRequest: guards.customer,
      schema: {
        params: itemParams,
        body: updateCartItemSchema,
        response: { 200: cartEnvelope, ...failing(404) },
        tags,
      },
    },
    (request) =>
      db.transaction(async (tx) => {
        const { cart, line } = await ownLine(tx, request, request.params.itemId);
        const [variant] = await tx
          .select({ quantity: productVariants.quantity })
          .from(productVariants)
          .where(eq(productVariants.id, line.variantId));
        if (!variant) throw failure('cartItemNotFound');
        const others = await unitsInCart(tx, cart.id, line.variantId, line.id);
        if (others + request.body.count > variant.quantity) throw failure('notEnoughStock');
        await tx.update(cartItems).set({ count: request.body.count }).where(eq(cartItems.id, line.id));
        await touch(tx, cart.id);
        return envelope(request, tx, { grew: true });
      }),
  );

  r.delete('/:itemId', { onRequest: guards.customer, schema: contract.removeLine }, (request) =>
    db.transaction(async (tx) => {
      const { cart, line } = await ownLine(tx, request, request.params.itemId);
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      await touch(tx, cart.id);
      return envelope(request, tx);
    }),
  );

  r.delete('/', { onRequest: guards.customer, schema: contract.clear }, async (request, reply) => {
    await db.transaction(async (tx) => {
      const cart = await cartOf(tx, userOf(request).id, true);
      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      await tx.update(carts).set({ couponId: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
    });
    return reply.code(204).send();
  });
}
