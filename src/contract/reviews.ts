import { z } from 'zod';
import { numericInput, requiredString } from './common.js';
import { apiMessages as m } from './messages.js';

const reviewText = requiredString(m.reviewRequired).pipe(z.string().max(2000, { error: m.reviewTooLong }));
/** Stars in half steps from 0.5 to 5. */
const rating = numericInput(m.ratingRequired).pipe(
  z
    .number()
    .min(0.5, { error: m.ratingInvalid })
    .max(5, { error: m.ratingInvalid })
    .refine((v) => Number.isInteger(v * 2), { error: m.ratingInvalid }),
);

export const createReviewSchema = z.object({ review: reviewText, rating });
export const updateReviewSchema = z.object({ review: reviewText.optional(), rating: rating.optional() });
