import { and, avg, count, desc, eq, gte, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { moderateReviewSchema, moderationListQuerySchema } from '../../../contract/reviews.js';
import type { ModeratedReview, Review, ReviewModeration } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { products, reviewModerations, reviews, users } from '../../../db/schema.js';
import { failure } from '../../errors.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';

type ReviewRow = typeof reviews.$inferSelect;
type Staff = { id: string; name: string };
export type ModerationListQuery = z.output<typeof moderationListQuerySchema>;
export type Moderation = z.output<typeof moderateReviewSchema>;

/** A review as clients see it: the author by id and name only, never their contact details. */
export const serializeReview = (row: ReviewRow, author: { id: string; name: string }): Review => ({
  _id: row.id,
  id: row.id,
  review: row.review,
  rating: row.rating,
  user: { _id: author.id, id: author.id, name: author.name },
  product: row.productId,
  hidden: row.hiddenAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The reviews shoppers see: a hidden one counts nowhere (docs/reviews.md § Moderation). */
export const shownReviews = isNull(reviews.hiddenAt);

/**
 * Whether the customer has a review of the product, shown or hidden (its author still sees a
 * hidden one): a product page kept for customers is not theirs then (docs/caching.md § Customers' pages).
 */
export async function hasReviewed(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/** Keeps a product's rating average and count exactly equal to its shown reviews (same transaction). */
export async function refreshRatings(tx: Tx, productId: string) {
  const [stats] = await tx
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), shownReviews));
  await tx
    .update(products)
    .set({
      ratingsAverage: stats?.average ? Math.round(Number(stats.average) * 100) / 100 : 0,
      ratingsQuantity: stats?.total ?? 0,
    })
    .where(eq(products.id, productId));
}

/** The moderation list: every product's reviews, newest first, by whole stars and shown or hidden. */
export async function moderationList(db: Database, query: ModerationListQuery) {
  const { page, limit, offset } = pageOf(query);
  const conditions: SQL[] = [];
  if (query.rating !== undefined) {
    // One star also lists half a star, the lowest there is.
    const lowest = query.rating === 1 ? 0.5 : query.rating;
    conditions.push(gte(reviews.rating, lowest), lt(reviews.rating, query.rating + 1));
  }
  if (query.status === 'visible') conditions.push(shownReviews);
  if (query.status === 'hidden') conditions.push(isNotNull(reviews.hiddenAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: reviews,
        productTitle: products.title,
        author: { id: users.id, name: users.name, email: users.email },
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      // The id keeps pages stable when two reviews share a timestamp.
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(reviews).where(where),
  ]);
  return listEnvelope(rows.map(moderatedView), total?.value ?? 0, page, limit);
}

function moderatedView(row: {
  review: ReviewRow;
  productTitle: string;
  author: { id: string; name: string; email: string };
}): ModeratedReview {
  const review = serializeReview(row.review, row.author);
  return {
    ...review,
    user: { ...review.user, email: row.author.email },
    productTitle: row.productTitle,
    hiddenAt: row.review.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.review.hiddenReason,
  };
}

/**
 * The review with its product's title and its author, locked with its product (whose rating changes
 * with it), in the order an author's own change locks them (routes.ts), so the two never deadlock.
 */
async function lockForModeration(tx: Tx, id: string) {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!review) throw failure('reviewNotFound');
  const [product] = await tx
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, review.productId))
    .for('update');
  const [author] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, review.userId));
  // Both cascade the review away; a row gone here went with them.
  if (!product || !author) throw failure('reviewNotFound');
  return { review, productTitle: product.title, author };
}

async function recordModeration(
  tx: Tx,
  staff: Staff,
  found: { review: ReviewRow; productTitle: string; author: { name: string } },
  action: ReviewModeration['action'],
  reason: string | null,
) {
  await tx.insert(reviewModerations).values({
    reviewId: found.review.id,
    productId: found.review.productId,
    productTitle: found.productTitle,
    authorName: found.author.name,
    review: found.review.review,
    rating: found.review.rating,
    action,
    reason,
    staffId: staff.id,
    staffName: staff.name,
  });
}

/**
 * Hides a review (with the reason) or shows it again, and records it. Hiding a hidden review
 * changes its reason; showing a shown one changes nothing and records nothing.
 */
export async function moderateReview(db: Database, staff: Staff, id: string, change: Moderation) {
  return db.transaction(async (tx) => {
    const found = await lockForModeration(tx, id);
    const wasHidden = found.review.hiddenAt !== null;
    if (!change.hidden && !wasHidden) return moderatedView(found);
    const [updated] = await tx
      .update(reviews)
      .set(
        change.hidden
          ? { hiddenAt: found.review.hiddenAt ?? new Date(), hiddenReason: change.reason }
          : { hiddenAt: null, hiddenReason: null },
      )
      .where(eq(reviews.id, id))
      .returning();
    if (!updated) throw failure('reviewNotFound');
    await recordModeration(tx, staff, found, change.hidden ? 'hidden' : 'shown', change.reason ?? null);
    await refreshRatings(tx, found.review.productId);
    return moderatedView({ ...found, review: updated });
  });
}

/**
 * Deletes a review and records why, keeping its text and stars in the record. `reason` is null
 * only through the original API's DELETE /reviews/:id, which takes none.
 */
export async function deleteReviewAsStaff(db: Database, staff: Staff, id: string, reason: string | null) {
  await db.transaction(async (tx) => {
    const found = await lockForModeration(tx, id);
    await tx.delete(reviews).where(eq(reviews.id, id));
    await recordModeration(tx, staff, found, 'deleted', reason);
    await refreshRatings(tx, found.review.productId);
  });
}

/** What staff did to reviews, newest first. */
export async function moderationLog(db: Database, query: { page?: number | undefined; limit?: number | undefined }) {
  const { page, limit, offset } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reviewModerations)
      .orderBy(desc(reviewModerations.createdAt), desc(reviewModerations.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(reviewModerations),
  ]);
  const entries = rows.map(
    (row): ReviewModeration => ({
      _id: row.id,
      id: row.id,
      action: row.action,
      reason: row.reason,
      review: { id: row.reviewId, text: row.review, rating: row.rating, authorName: row.authorName },
      product: { id: row.productId, title: row.productTitle },
      staff: { id: row.staffId, name: row.staffName },
      createdAt: row.createdAt.toISOString(),
    }),
  );
  return listEnvelope(entries, total?.value ?? 0, page, limit);
}
