import { z } from 'zod';
import { dataEnvelope, listEnvelope, numericInput, requiredString, resourceIds, timestamps } from './common.js';
import { RATING_MAX, REVIEW_MAX_LENGTH } from './constants.js';
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
  ...timestamps,
});

export const reviewEnvelope = dataEnvelope(reviewSchema);
export const reviewList = listEnvelope(reviewSchema);
/** The signed-in customer's own review of a product, or `null` when they have not reviewed it (not a 404: a product without it is normal). */
export const ownReviewEnvelope = dataEnvelope(reviewSchema.nullable());
