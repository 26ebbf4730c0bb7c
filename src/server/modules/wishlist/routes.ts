import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contract/common.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { currencyDigits } from '../../../contract/money.js';
import { wishlistChanged, wishlistEnvelope, wishlistSchema } from '../../../contract/shopping.js';
import { products, wishlistItems } from '../../../db/schema.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import { isActive } from '../catalog/product-visibility.js';
import { createProductPresenter, productColumns } from '../catalog/products.js';

const productParams = z.object({ productId: idSchema });

export async function wishlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const presentProducts = createProductPresenter(db, ctx.media, currencyDigits(config.currency));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customer = { onRequest: guards.customer };
  const tags = ['wishlist'];
  /** What each route takes and answers (the OpenAPI document is built from it). */
  const contract = {
    list: { response: { 200: wishlistEnvelope }, tags },
    add: { body: wishlistSchema, response: { 200: wishlistChanged, ...failing(404) }, tags },
    remove: { params: productParams, response: { 200: wishlistChanged }, tags },
  };

  const ids = async (request: FastifyRequest) =>
    (
      await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userOf(request).id))
        .orderBy(desc(wishlistItems.createdAt))
    ).map((row) => row.productId);

  r.get('/', { ...customer, schema: contract.list }, async (request) => {
    const productIds = await ids(request);
    const rows =
      productIds.length === 0
        ? []
        : // A favourite moved back to draft is hidden until it is published again.
          await db
            .select(productColumns)
            .from(products)
            .where(and(inArray(products.id, productIds), isActive));
    // Newest favourite first, as the ids are ordered.
    rows.sort((a, b) => productIds.indexOf(a.id) - productIds.indexOf(b.id));
    const data = await presentProducts(rows, originOf(request, config));
    return { status: 'success' as const, results: data.length, data };
  });

  r.post('/', { ...customer, schema: contract.add }, async (request) => {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, request.body.productId), isActive))
      .limit(1);
    if (!product) throw failure('productNotFound');
    await db
      .insert(wishlistItems)
      .values({ userId: userOf(request).id, productId: product.id })
      .onConflictDoNothing();
    return { status: 'success' as const, message: m.wishlistAdded, data: await ids(request) };
  });

  r.delete('/:productId', { ...customer, schema: contract.remove }, async (request) => {
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userOf(request).id), eq(wishlistItems.productId, request.params.productId)));
    return { status: 'success' as const, message: m.wishlistRemoved, data: await ids(request) };
  });
}
