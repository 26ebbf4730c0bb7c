import { z } from 'zod';
import {
  dataEnvelope,
  isoDateTime,
  listEnvelope,
  numericInput,
  pageQuery,
  requiredString,
  resourceIds,
  timestamps,
} from './common.js';
import { MODERATION_REASON_MAX, RATING_MAX, REVIEW_MAX_LENGTH } from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiMessages as m } from './messages.js';

const reviewText = requiredString(m.reviewRequired).pipe(z.string().max(REVIEW_MAX_LENGTH, { error: m.reviewTooLong }));
/** Stars in half steps from 0.5 to 5; no stars (0) is no rating. */
const rating = numericInput(m.ratingRequired, m.ratingInvalid).pipe(
  z
    .number()
    .min(0.5, { error: (issue) => (issue.input === 0 ? m.ratingRequired : m.ratingInvalid) })
    .max(RATING_MAX, { error: m.ratingInvalid })
    .refine((v) => Number.isInteger(v * 2), { error: m.ratingInvalid }),
);

export const createReviewSchema = z.object({ review: reviewText, rating });
export const updateReviewSchema = z.object({ review: reviewText.optional(), rating: rating.optional() });

/* Responses */

/** A product review; the author by id and name only, never their contact details. */
export const reviewSchema = z.object({
  ...resourceIds,
  review: z.string(),
  /** 0.5 to 5 in half steps. */
  rating: z.number(),
  user: z.object({ ...resourceIds, name: z.string() }),
  /** The product's id. */
  product: z.string(),
  /** Hidden by staff (docs/reviews.md § Moderation): only its author and staff still see it. */
  hidden: z.boolean(),
  ...timestamps,
});

export const reviewEnvelope = dataEnvelope(reviewSchema);
export const reviewList = listEnvelope(reviewSchema);
/** The signed-in customer's own review of a product, or `null` when they have not reviewed it (not a 404: a product without it is normal). */
export const ownReviewEnvelope = dataEnvelope(reviewSchema.nullable());

/*
 * Moderation by staff (docs/reviews.md § Moderation): `GET /admin/reviews?rating=&status=`,
 * `PUT /admin/reviews/:id { hidden, reason }`, `DELETE /admin/reviews/:id { reason }` and the
 * log `GET /admin/reviews/moderations`.
 */

const moderationReason = requiredString(m.moderationReasonRequired).pipe(
  z.string().max(MODERATION_REASON_MAX, { error: m.moderationReasonTooLong }),
);

/** A GET form sends an empty field for a filter left alone. */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const REVIEW_STATUSES = ['visible', 'hidden'] as const;

export const moderationListQuerySchema = z.object({
  ...pageQuery,
  /** Whole stars: 4 lists the reviews of 4 and 4.5 stars; 1 those of 0.5, 1 and 1.5. */
  rating: z.preprocess(
    (value) => (typeof value === 'string' ? emptyAsMissing(toAsciiDigits(value.trim())) : value),
    z.enum(['1', '2', '3', '4', '5'], { error: m.ratingFilterInvalid }).transform(Number).optional(),
  ),
  status: z.preprocess(emptyAsMissing, z.enum(REVIEW_STATUSES, { error: m.reviewStatusInvalid }).optional()),
});

/** Hiding needs a reason; showing again does not. */
export const moderateReviewSchema = z.discriminatedUnion(
  'hidden',
  [
    z.object({ hidden: z.literal(true), reason: moderationReason }),
    z.object({ hidden: z.literal(false), reason: moderationReason.optional() }),
  ],
  { error: m.hiddenInvalid },
);
export const deleteReviewSchema = z.object({ reason: moderationReason });

/** A review as staff see it: with the product's title, the author's e-mail and why it is hidden. */
export const moderatedReviewSchema = reviewSchema.extend({
  productTitle: z.string(),
  user: z.object({ ...resourceIds, name: z.string(), email: z.string() }),
  hiddenAt: isoDateTime.nullable(),
  hiddenReason: z.string().nullable(),
});
export const moderatedReviewEnvelope = dataEnvelope(moderatedReviewSchema);
export const moderatedReviewList = listEnvelope(moderatedReviewSchema);

export const reviewModerationSchema = z.object({
  ...resourceIds,
  action: z.enum(['hidden', 'shown', 'deleted']),
  reason: z.string().nullable(),
  review: z.object({ id: z.string(), text: z.string(), rating: z.number(), authorName: z.string() }),
  product: z.object({ id: z.string(), title: z.string() }),
  staff: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: isoDateTime,
});
export const reviewModerationList = listEnvelope(reviewModerationSchema);
