import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, listQuerySchema, noContentSchema } from '../../../contract/common.js';
import {
  createReviewSchema,
  deleteReviewSchema,
  moderatedReviewEnvelope,
  moderatedReviewList,
  moderateReviewSchema,
  moderationListQuerySchema,
  ownReviewEnvelope,
  reviewEnvelope,
  reviewList,
  reviewModerationList,
  updateReviewSchema,
} from '../../../contract/reviews.js';
import type { Tx } from '../../../db/client.js';
import { products, reviews, users } from '../../../db/schema.js';
import { isStaffRole, userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db-errors.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import {
  deleteReviewAsStaff,
  moderateReview,
  moderationList,
  moderationLog,
  refreshRatings,
  serializeReview,
  shownReviews,
} from './service.js';

/**
 * Reviews of products: anyone reads the shown ones, customers write their own, staff hide, show
 * or delete any with a reason (docs/reviews.md § Moderation).
 */
export async function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];

  /** A product whose reviews the caller may read: a draft's reviews are as hidden as the draft (docs/catalogue.md § Drafts). */
  async function ensureVisibleProduct(request: FastifyRequest, productId: string) {
    const [product] = await db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    if (!product || (product.status === 'draft' && !(await guards.isStaff(request)))) {
      throw failure('productNotFound');
    }
  }

  r.get(
    '/products/:id/reviews',
    {
      schema: { params: idParams, querystring: listQuerySchema, response: { 200: reviewList, ...failing(404) }, tags },
    },
    async (request) => {
      const productId = request.params.id;
      await ensureVisibleProduct(request, productId);
      const { page, limit, offset } = pageOf(request.query);
      const where = and(eq(reviews.productId, productId), shownReviews);
      const [rows, [total]] = await Promise.all([
        db
          .select({ review: reviews, author: { id: users.id, name: users.name } })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(where)
          // Newest first; the id keeps pages stable when two reviews share a timestamp.
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(reviews).where(where),
      ]);
      return listEnvelope(
        rows.map((row) => serializeReview(row.review, row.author)),
        total?.value ?? 0,
        page,
        limit,
      );
    },
  );

  // The signed-in customer's own review of the product, which may be on no page of the list they see
  // (docs/api-compatibility.md § Wishlist, addresses, reviews): `{ data: null }` when they have none.
  r.get(
    '/products/:id/reviews/mine',
    {
      onRequest: guards.customer,
      schema: { params: idParams, response: { 200: ownReviewEnvelope, ...failing(404) }, tags },
    },
    async (request) => {
      const productId = request.params.id;
      await ensureVisibleProduct(request, productId);
      const me = userOf(request);
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, me.id)))
        .limit(1);
      return { data: row ? serializeReview(row, await authorName(request)) : null };
    },
  );

  async function authorName(request: FastifyRequest) {
    const me = userOf(request);
    return { id: me.id, name: me.name };
  }

  r.post(
    '/products/:id/reviews',
    {
      onRequest: guards.customer,
      schema: { params: idParams, body: createReviewSchema, response: { 201: reviewEnvelope, ...failing(404) }, tags },
    },
    async (request, reply) => {
      const productId = request.params.id;
      const me = userOf(request);
      try {
        const row = await db.transaction(async (tx) => {
          const [product] = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, productId))
            .for('update');
          if (!product) throw failure('productNotFound');
          const [created] = await tx
            .insert(reviews)
            .values({ userId: me.id, productId, review: request.body.review, rating: request.body.rating })
            .returning();
          if (!created) throw failure('internalError');
          await refreshRatings(tx, productId);
          return created;
        });
        return reply.code(201).send({ data: serializeReview(row, await authorName(request)) });
      } catch (error) {
        if (isUniqueViolation(error)) throw failure('reviewDuplicate');
        throw error;
      }
    },
  );

  /** Locks the review and its product; only its author may go on. */
  async function lockOwnReview(tx: Tx, request: FastifyRequest, id: string) {
    const me = userOf(request);
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row) throw failure('reviewNotFound');
    if (row.userId !== me.id) throw failure('reviewNotYours');
    await tx.select({ id: products.id }).from(products).where(eq(products.id, row.productId)).for('update');
    return row;
  }

  r.put(
    '/reviews/:id',
    {
      onRequest: guards.signedIn,
      schema: {
        params: idParams,
        body: updateReviewSchema,
        response: { 200: reviewEnvelope, ...failing(403, 404) },
        tags,
      },
    },
    async (request) => {
      const row = await db.transaction(async (tx) => {
        const current = await lockOwnReview(tx, request, request.params.id);
        const [updated] = await tx
          .update(reviews)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(reviews.id, current.id))
          .returning();
        if (!updated) throw failure('reviewNotFound');
        await refreshRatings(tx, current.productId);
        return updated;
      });
      return { data: serializeReview(row, await authorName(request)) };
    },
  );

  r.delete(
    '/reviews/:id',
    {
      onRequest: guards.signedIn,
      schema: { params: idParams, response: { 204: noContentSchema, ...failing(403, 404, 409) }, tags },
    },
    async (request, reply) => {
      const me = userOf(request);
      // Staff deleting another's review through the original API: recorded, without a reason.
      if (isStaffRole(me.role)) {
        const [row] = await db
          .select({ userId: reviews.userId })
          .from(reviews)
          .where(eq(reviews.id, request.params.id));
        if (row && row.userId !== me.id) {
          await deleteReviewAsStaff(db, me, request.params.id, null);
          return reply.code(204).send();
        }
      }
      await db.transaction(async (tx) => {
        const current = await lockOwnReview(tx, request, request.params.id);
        if (current.hiddenAt) throw failure('reviewHidden');
        await tx.delete(reviews).where(eq(reviews.id, current.id));
        await refreshRatings(tx, current.productId);
      });
      return reply.code(204).send();
    },
  );

  const moderationTags = ['reviews', 'admin'];

  r.get(
    '/admin/reviews',
    {
      onRequest: guards.staff,
      schema: { querystring: moderationListQuerySchema, response: { 200: moderatedReviewList }, tags: moderationTags },
    },
    async (request) => moderationList(db, request.query),
  );

  r.get(
    '/admin/reviews/moderations',
    {
      onRequest: guards.staff,
      schema: { querystring: listQuerySchema, response: { 200: reviewModerationList }, tags: moderationTags },
    },
    async (request) => moderationLog(db, request.query),
  );

  r.put(
    '/admin/reviews/:id',
    {
      onRequest: guards.staff,
      schema: {
        params: idParams,
        body: moderateReviewSchema,
        response: { 200: moderatedReviewEnvelope, ...failing(404) },
        tags: moderationTags,
      },
    },
    async (request) => ({ data: await moderateReview(db, userOf(request), request.params.id, request.body) }),
  );

  r.delete(
    '/admin/reviews/:id',
    {
      onRequest: guards.staff,
      schema: {
        params: idParams,
        body: deleteReviewSchema,
        response: { 204: noContentSchema, ...failing(404) },
        tags: moderationTags,
      },
    },
    async (request, reply) => {
      await deleteReviewAsStaff(db, userOf(request), request.params.id, request.body.reason);
      return reply.code(204).send();
    },
  );
}
