import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, noContentSchema } from '../../../contract/common.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { currencyDigits } from '../../../contract/money.js';
import {
  addToCartSchema,
  applyCouponSchema,
  basketEnvelope,
  basketHeadersSchema,
  basketMergeEnvelope,
  cartEnvelope,
  updateCartItemSchema,
} from '../../../contract/shopping.js';
import type { BasketEnvelope, CartEnvelope } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { carts, coupons } from '../../../db/schema.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { noStore } from '../../http/no-store.js';
import { failing } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import { basketKeyOf } from './basket-key.js';
import {
  addLine,
  basketOf,
  type CartRow,
  type CartView,
  cartOf,
  createBasket,
  deleteBasket,
  emptyCart,
  mergeBasket,
  priceCart,
  refuseHugeTotal,
  removeLine,
  serializeCart,
  setLineCount,
} from './service.js';

const itemParams = z.object({ itemId: idSchema });

/** Options of a cart answer: the addition's message; `grew`: a total past the limit undoes the change. */
type AnswerOptions = { message?: string; grew?: boolean };

/** A cart priced and shown as the contract does, its lines counted. */
async function pricedAnswer(
  tx: Database | Tx,
  cart: CartRow,
  view: CartView,
  { message, grew = false }: AnswerOptions,
) {
  const priced = await priceCart(tx, cart);
  if (grew) refuseHugeTotal(priced.total);
  return {
    status: 'success' as const,
    ...(message ? { message } : {}),
    numOfCartItems: priced.lines.length,
    data: serializeCart(priced, view),
  };
}

/** The customer's cart: /api/v1/cart, its shapes as the original client's (docs/api-compatibility.md). */
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
    merge: { headers: basketHeadersSchema, response: { 200: basketMergeEnvelope }, tags },
    update: { params: itemParams, body: updateCartItemSchema, response: { 200: cartEnvelope, ...failing(404) }, tags },
    removeLine: { params: itemParams, response: { 200: cartEnvelope, ...failing(404) }, tags },
    clear: { response: { 204: noContentSchema }, tags },
  };

  async function envelope(
    request: FastifyRequest,
    tx: Database | Tx,
    options: AnswerOptions = {},
  ): Promise<CartEnvelope> {
    const owner = userOf(request).id;
    const answer = await pricedAnswer(
      tx,
      await cartOf(tx, owner),
      { media, origin: originOf(request, config), digits },
      options,
    );
    return { ...answer, data: { ...answer.data, cartOwner: owner } };
  }

  /** Runs a change on the caller's own cart, locked, and answers the cart after it. */
  const changeOwnCart = (
    request: FastifyRequest,
    change: (tx: Tx, cart: CartRow) => Promise<unknown>,
    options: AnswerOptions = {},
  ) =>
    db.transaction(async (tx) => {
      await change(tx, await cartOf(tx, userOf(request).id, true));
      return envelope(request, tx, options);
    });

  r.get('/', { onRequest: guards.customer, schema: contract.get }, (request) => envelope(request, db));

  r.post('/', { onRequest: guards.customer, schema: contract.add }, (request) =>
    changeOwnCart(request, (tx, cart) => addLine(tx, cart, request.body), {
      message: m.productAddedToCart,
      grew: true,
    }),
  );

  r.put('/applyCoupon', { onRequest: guards.customer, schema: contract.applyCoupon }, (request) =>
    changeOwnCart(request, async (tx, cart) => {
      const [coupon] = await tx
        .select()
        .from(coupons)
        .where(eq(coupons.name, request.body.couponName.toUpperCase()))
        .limit(1);
      if (!coupon || coupon.expire <= new Date()) throw failure('couponInvalid');
      await tx.update(carts).set({ couponId: coupon.id, updatedAt: new Date() }).where(eq(carts.id, cart.id));
    }),
  );

  // A guest's basket goes into the cart at sign-in and sign-up (docs/decisions/0021-guest-basket.md).
  r.post('/merge', { onRequest: guards.customer, schema: contract.merge }, (request) =>
    db.transaction(async (tx) => {
      const key = basketKeyOf(request.headers);
      if (!key) throw failure('basketKeyInvalid');
      const { dropped, capped } = await mergeBasket(tx, userOf(request).id, key);
      return { ...(await envelope(request, tx)), dropped, capped };
    }),
  );

  r.put('/:itemId', { onRequest: guards.customer, schema: contract.update }, (request) =>
    changeOwnCart(request, (tx, cart) => setLineCount(tx, cart, request.params.itemId, request.body.count), {
      grew: true,
    }),
  );

  r.delete('/:itemId', { onRequest: guards.customer, schema: contract.removeLine }, (request) =>
    changeOwnCart(request, (tx, cart) => removeLine(tx, cart, request.params.itemId)),
  );

  r.delete('/', { onRequest: guards.customer, schema: contract.clear }, async (request, reply) => {
    await db.transaction(async (tx) => emptyCart(tx, await cartOf(tx, userOf(request).id, true)));
    return reply.code(204).send();
  });
}

/**
 * A guest's basket: /api/v1/basket, for anyone holding its key in `X-Basket-Key`
 * (docs/decisions/0021-guest-basket.md). The first addition without a live key makes a basket and
 * answers its key once; the same rules as the customer's cart, without coupons.
 */
export async function basketRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, media, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const digits = currencyDigits(config.currency);
  const tags = ['basket'];
  const headers = basketHeadersSchema;
  const contract = {
    get: { headers, response: { 200: basketEnvelope }, tags },
    add: { headers, body: addToCartSchema, response: { 200: basketEnvelope, ...failing(404) }, tags },
    update: {
      headers,
      params: itemParams,
      body: updateCartItemSchema,
      response: { 200: basketEnvelope, ...failing(404) },
      tags,
    },
    removeLine: { headers, params: itemParams, response: { 200: basketEnvelope, ...failing(404) }, tags },
    clear: { headers, response: { 204: noContentSchema }, tags },
  };
  // Every answer is one visitor's.
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  async function envelope(
    request: FastifyRequest,
    tx: Database | Tx,
    basket: CartRow | null,
    options: AnswerOptions = {},
  ): Promise<BasketEnvelope> {
    if (!basket) return { status: 'success', numOfCartItems: 0, data: null };
    const answer = await pricedAnswer(tx, basket, { media, origin: originOf(request, config), digits }, options);
    return { ...answer, data: { ...answer.data, cartOwner: null } };
  }

  /** The basket the request's key names, locked when asked; none when there is no key. */
  async function requestBasket(request: FastifyRequest, tx: Database | Tx, lock = false) {
    const key = basketKeyOf(request.headers);
    return key ? basketOf(tx, key, lock) : null;
  }

  /** Runs a change on the request's basket (missing: its line is not found) and answers the basket after it. */
  const changeBasket = (
    request: FastifyRequest,
    change: (tx: Tx, basket: CartRow) => Promise<unknown>,
    options: AnswerOptions = {},
  ) =>
    db.transaction(async (tx) => {
      const basket = await requestBasket(request, tx, true);
      if (!basket) throw failure('cartItemNotFound');
      await change(tx, basket);
      return envelope(request, tx, basket, options);
    });

  r.get('/', { schema: contract.get }, async (request) => envelope(request, db, await requestBasket(request, db)));

  r.post('/', { schema: contract.add }, (request) =>
    db.transaction(async (tx) => {
      const found = await requestBasket(request, tx, true);
      const { basket, key } = found ? { basket: found, key: undefined } : await createBasket(tx);
      await addLine(tx, basket, request.body);
      const answer = await envelope(request, tx, basket, { message: m.productAddedToCart, grew: true });
      return key ? { ...answer, basketKey: key } : answer;
    }),
  );

  r.put('/:itemId', { schema: contract.update }, (request) =>
    changeBasket(request, (tx, basket) => setLineCount(tx, basket, request.params.itemId, request.body.count), {
      grew: true,
    }),
  );

  r.delete('/:itemId', { schema: contract.removeLine }, (request) =>
    changeBasket(request, (tx, basket) => removeLine(tx, basket, request.params.itemId)),
  );

  r.delete('/', { schema: contract.clear }, async (request, reply) => {
    await db.transaction(async (tx) => {
      const basket = await requestBasket(request, tx, true);
      if (basket) await deleteBasket(tx, basket);
    });
    return reply.code(204).send();
  });
}
