import { RATING_MAX } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import { rt } from '../i18n/reviews';
import type { FormFailure, FormValues } from './form';
import { plural } from './plural';
import type { ReviewIntent } from './product-reviews';

/** The add form's fetcher: the reviews section reads its answer too, since the form is gone once the review is added. */
export const addReviewFetcher = (productId: string) => `add-review:${productId}`;

/** Field names are the API's body fields, so its messages land on the right field. */
export const reviewFields = ['review', 'rating'] as const;
export type ReviewField = (typeof reviewFields)[number];
export type ReviewValues = FormValues<ReviewField>;

/** The action's answer: done, or the messages and what to put back in the fields. */
export type ReviewActionResult =
  | { intent: ReviewIntent; ok: true }
  | ({ intent: ReviewIntent; ok: false; values: ReviewValues } & FormFailure<ReviewField>);

/** Every rating a person can choose: half a star to 5 stars in half steps (docs/specification.md (Limits and page sizes)). */
export const RATING_STEPS: readonly number[] = Array.from({ length: RATING_MAX * 2 }, (_, i) => (i + 1) / 2);

/**
 * The half star a rating ends on: 3.5 ends on the start half of the 4th star, 4 on its end half.
 * Stars fill from the start side (the right in Arabic), so the start half comes first.
 */
export function starHalfOf(rating: number): { star: number; half: 'start' | 'end' } {
  return { star: Math.ceil(rating), half: Number.isInteger(rating) ? 'end' : 'start' };
}

/** A rating as a person says it: 'نصف نجمة', 'نجمتان ونصف', '4 نجوم'. */
export function ratingLabel(rating: number): string {
  return plural(Math.floor(rating), Number.isInteger(rating) ? rt.stars : rt.starsAndHalf);
}

/** A posted rating as stars, or null when it is none of RATING_STEPS (missing, 0, 0.3, 9…). */
export function parseRating(value: string): number | null {
  const text = toAsciiDigits(value.trim()).replace('٫', '.');
  if (text === '') return null;
  const stars = Number(text);
  return RATING_STEPS.includes(stars) ? stars : null;
}

/** docs/specification.md (Validation rules: Reviews): an edit that changes neither the text (as saved, trimmed) nor the stars is not sent. */
export function reviewChanged(saved: { review: string; rating: number }, values: ReviewValues): boolean {
  return values.review.trim() !== saved.review.trim() || parseRating(values.rating) !== saved.rating;
}

/** The API body of valid values (validateReview, review-validation.ts, found nothing). */
export function reviewBody(values: ReviewValues): { review: string; rating: number } {
  return { review: values.review.trim(), rating: parseRating(values.rating) ?? 0 };
}
