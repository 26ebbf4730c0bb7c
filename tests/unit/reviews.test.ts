import { describe, expect, it } from 'vitest';
import type { ApiFailureKey } from '../../src/contract/messages.js';
import { rt } from '../../src/web/i18n/reviews.js';
import { type ApiClient, ApiError } from '../../src/web/lib/api.js';
import { isReviewIntent } from '../../src/web/lib/product-reviews.js';
import {
  parseRating,
  RATING_STEPS,
  ratingLabel,
  reviewBody,
  reviewChanged,
  starHalfOf,
} from '../../src/web/lib/review-form.js';
import { validateReview } from '../../src/web/lib/review-validation.js';
import { reviewAction, reviewFailureFromApi } from '../../src/web/lib/reviews.server.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

describe('the half-star rating input', () => {
  it('offers half a star to 5 stars in half steps', () => {
    expect(RATING_STEPS).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });

  it('maps each rating to the half star it ends on: start half first, as the stars fill from the start', () => {
    expect(starHalfOf(0.5)).toEqual({ star: 1, half: 'start' });
    expect(starHalfOf(1)).toEqual({ star: 1, half: 'end' });
    expect(starHalfOf(3.5)).toEqual({ star: 4, half: 'start' });
    expect(starHalfOf(5)).toEqual({ star: 5, half: 'end' });
    // Two halves per star, each star once.
    const stars = RATING_STEPS.map((r) => starHalfOf(r));
    for (let star = 1; star <= 5; star++) {
      expect(stars.filter((s) => s.star === star).map((s) => s.half)).toEqual(['start', 'end']);
    }
  });

  it('names every step in Arabic, with the dual and the plural forms', () => {
    expect(RATING_STEPS.map(ratingLabel)).toEqual([
      'نصف نجمة',
      'نجمة واحدة',
      'نجمة ونصف',
      'نجمتان',
      'نجمتان ونصف',
      '3 نجوم',
      '3 نجوم ونصف',
      '4 نجوم',
      '4 نجوم ونصف',
      '5 نجوم',
    ]);
    expect(new Set(RATING_STEPS.map(ratingLabel)).size).toBe(RATING_STEPS.length);
  });

  it('reads posted ratings, Arabic-Indic digits too, and refuses anything that is not a step', () => {
    expect(parseRating('4.5')).toBe(4.5);
    expect(parseRating(' 3 ')).toBe(3);
    expect(parseRating('٤٫٥')).toBe(4.5);
    expect(parseRating('٢')).toBe(2);
    for (const bad of ['', '0', '0.25', '5.5', '-1', 'abc', '3.3', '6']) expect(parseRating(bad), bad).toBeNull();
  });
});

describe('validateReview (docs/specification.md (Validation rules: Reviews))', () => {
  it("needs the text ('you must enter a review') and the stars", () => {
    expect(validateReview({ review: '', rating: '' })).toEqual({
      review: rt.reviewRequired,
      rating: rt.ratingRequired,
    });
    expect(validateReview({ review: ' \n\t ', rating: '4' })).toEqual({ review: rt.reviewRequired });
    // Editing: a zero rating is no rating.
    expect(validateReview({ review: 'جيد', rating: '0' })).toEqual({ rating: rt.ratingRequired });
    expect(validateReview({ review: 'جيد', rating: '7' })).toEqual({ rating: rt.ratingInvalid });
    expect(validateReview({ review: 'جيد', rating: '0.5' })).toEqual({});
  });

  it('counts the text as the API does, trimmed, up to 2000 characters', () => {
    expect(validateReview({ review: ` ${'ب'.repeat(2000)} `, rating: '5' })).toEqual({});
    expect(validateReview({ review: 'ب'.repeat(2001), rating: '5' })).toEqual({ review: rt.reviewTooLong });
    expect(rt.reviewTooLong).toContain('2,000');
  });

  it('sends the trimmed text and the stars as a number', () => {
    expect(reviewBody({ review: '  رائع  ', rating: '٤٫٥' })).toEqual({ review: 'رائع', rating: 4.5 });
  });
});

describe("reviewChanged ('you changed nothing')", () => {
  const saved = { review: 'الشاشة واضحة', rating: 4.5 };
  it('is false when neither the text (ignoring spaces around it) nor the stars changed', () => {
    expect(reviewChanged(saved, { review: 'الشاشة واضحة', rating: '4.5' })).toBe(false);
    expect(reviewChanged(saved, { review: '  الشاشة واضحة\n', rating: '4.5' })).toBe(false);
  });
  it('is true when either changed', () => {
    expect(reviewChanged(saved, { review: 'الشاشة واضحة جداً', rating: '4.5' })).toBe(true);
    expect(reviewChanged(saved, { review: 'الشاشة واضحة', rating: '4' })).toBe(true);
  });
});

describe('reviewFailureFromApi (docs/specification.md (Messages))', () => {
  const fail = (status: number, key: ApiFailureKey) => ({ status, body: failBody(key) });
  it("tells staff 'admins are not allowed to review', and anyone else that the review is not theirs", () => {
    expect(reviewFailureFromApi(fail(403, 'forbidden'), 'addReview', 'EG')).toEqual({
      fieldErrors: {},
      formError: rt.staffNotAllowed,
    });
    expect(reviewFailureFromApi(fail(403, 'reviewNotYours'), 'editReview', 'EG').formError).toBe(rt.notYours);
  });

  it("says 'you have already reviewed before' for a second review", () => {
    expect(reviewFailureFromApi(fail(400, 'reviewDuplicate'), 'addReview', 'EG')).toEqual({
      fieldErrors: {},
      formError: rt.duplicate,
    });
  });

  it('puts validation messages on their fields and other refusals on the form, all in Arabic', () => {
    const errors = {
      status: 400,
      body: fieldErrorsBody(['review', 'reviewTooLong'], ['rating', 'ratingInvalid']),
    };
    expect(reviewFailureFromApi(errors, 'editReview', 'EG')).toEqual({
      fieldErrors: { review: rt.reviewTooLong, rating: rt.ratingInvalid },
    });
    expect(reviewFailureFromApi(fail(404, 'reviewNotFound'), 'deleteReview', 'EG').formError).toBe(rt.reviewGone);
    expect(reviewFailureFromApi(fail(404, 'productNotFound'), 'addReview', 'EG').formError).toBe(rt.productGone);
    expect(reviewFailureFromApi({ status: 500, body: undefined }, 'addReview', 'EG').formError).toMatch(/تعذّر/);
  });

  it('knows its intents', () => {
    expect(['addReview', 'editReview', 'deleteReview'].every(isReviewIntent)).toBe(true);
    expect(isReviewIntent('addToCart')).toBe(false);
    expect(isReviewIntent(null)).toBe(false);
  });
});

describe('reviewAction', () => {
  type Call = [string, ...unknown[]];
  function fakeApi(outcome: () => Promise<unknown> = async () => ({ data: {} })) {
    const calls: Call[] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return outcome();
      };
    const api = {
      reviews: { add: record('add'), update: record('update'), remove: record('remove') },
    } as unknown as ApiClient;
    return { api, calls };
  }
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };
  const args = { productId: 'p1', loginPath: '/login?redirectTo=/products/p1', phoneCountry: 'EG' };

  it('checks the form again on the server and sends nothing when it is invalid', async () => {
    const { api, calls } = fakeApi();
    const result = await reviewAction({ ...args, api, intent: 'addReview', form: form({ review: ' ', rating: '' }) });
    expect(calls).toEqual([]);
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      intent: 'addReview',
      ok: false,
      values: { review: ' ', rating: '' },
      fieldErrors: { review: rt.reviewRequired, rating: rt.ratingRequired },
    });
  });

  it('adds, edits and deletes through the API', async () => {
    const { api, calls } = fakeApi();
    const add = await reviewAction({
      ...args,
      api,
      intent: 'addReview',
      form: form({ review: ' رائع ', rating: '5' }),
    });
    expect(add.data).toEqual({ intent: 'addReview', ok: true });
    await reviewAction({
      ...args,
      api,
      intent: 'editReview',
      form: form({ reviewId: 'r1', review: 'جيد', rating: '3.5' }),
    });
    await reviewAction({ ...args, api, intent: 'deleteReview', form: form({ reviewId: 'r1' }) });
    expect(calls).toEqual([
      ['add', 'p1', { review: 'رائع', rating: 5 }],
      ['update', 'r1', { review: 'جيد', rating: 3.5 }],
      ['remove', 'r1'],
    ]);
  });

  it('answers a refusal in Arabic with what was typed, and sends an expired session to sign in', async () => {
    const duplicate = fakeApi(async () => {
      throw new ApiError(400, failBody('reviewDuplicate'));
    });
    const refused = await reviewAction({
      ...args,
      api: duplicate.api,
      intent: 'addReview',
      form: form({ review: 'مرة ثانية', rating: '2' }),
    });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      formError: rt.duplicate,
      values: { review: 'مرة ثانية', rating: '2' },
    });

    const expired = fakeApi(async () => {
      throw new ApiError(401, failBody('tokenInvalid'));
    });
    const thrown = await reviewAction({
      ...args,
      api: expired.api,
      intent: 'deleteReview',
      form: form({ reviewId: 'r1' }),
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(args.loginPath);
  });
});
