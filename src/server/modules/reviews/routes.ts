import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, listQuerySchema } from '../../../contract/common.js';
import { apiMessages as m } from '../../../contract/messages.js';
import type { Review } from '../../../contract/types.js';
import { products, reviews, users } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';

type ReviewRow = typeof reviews.$inferSelect;

/** A review as clients see it: the author by id and name only, never their contact details. */
export const serializeReview = (row: ReviewRow, author: { id: string; name: string }): Review => ({
  _id: row.id,
  id: row.id,
  review: row.review,
  rating: row.rating,
  user: { _id: author.id, name: author.name },
  product: row.productId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Reviews of products. Only reading for now; writing them comes with the shopping issue. */
export async function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];

  r.get(
    '/products/:id/reviews',
    { schema: { params: idParams, querystring: listQuerySchema, tags } },
    async (request) => {
      const productId = request.params.id;
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
      if (!product) throw notFound(m.productNotFound);
      const { page, limit, offset } = pageOf(request.query);
      const where = eq(reviews.productId, productId);
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
}
