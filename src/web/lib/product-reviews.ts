/*
 * Where the product page keeps its reviews: the query parameter of their page, and what its review
 * forms ask of its action. Apart from the review form's module (lib/review-form.ts), which brings
 * the reviews' words: the product page imports these up front, and its reviews come below the fold
 * (docs/architecture.md, "JavaScript a page loads").
 */

/** The product page keeps its reviews page here, so the product's own `?page=` stays free. */
export const REVIEWS_PAGE_PARAM = 'reviewsPage';

/** What the product page's action does besides adding to the cart. */
export const reviewIntents = ['addReview', 'editReview', 'deleteReview'] as const;
export type ReviewIntent = (typeof reviewIntents)[number];
export const isReviewIntent = (value: unknown): value is ReviewIntent => reviewIntents.includes(value as ReviewIntent);
