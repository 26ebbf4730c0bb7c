import { createReviewSchema } from '../../contract/reviews';
import { schemaErrors } from './api-errors';
import type { FieldErrors } from './form';
import { type ReviewField, type ReviewValues, reviewFields } from './review-form';

/**
 * docs/specification.md (Validation rules: Reviews): a review needs its text ('you must enter a review') and its stars (editing: 'you must
 * write a review' for either; no stars is none). The API's schema, which counts the text trimmed. The
 * browser loads this module (and zod with it) when a form is first used (useFormErrors).
 */
export const validateReview = (values: ReviewValues): FieldErrors<ReviewField> =>
  schemaErrors(createReviewSchema, values, reviewFields);
