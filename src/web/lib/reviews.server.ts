import { data, redirect } from 'react-router';
import { rt } from '../i18n/reviews';
import { type ApiClient, ApiError } from './api';
import { type ApiFailure, formFailureFromApi } from './api-errors';
import { type FormFailure, formValues, hasErrors } from './form';
import type { ReviewIntent } from './product-reviews';
import { type ReviewActionResult, type ReviewField, reviewBody, reviewFields } from './review-form';
import { validateReview } from './review-validation';
import { readSessionToken } from './session.server';

/**
 * A refused review as Arabic messages. docs/specification.md (Messages): staff get 'admins are not allowed to review' when
 * adding; any other 403 is someone else's review. The rest goes through the API's message catalogue.
 */
export function reviewFailureFromApi(
  failure: ApiFailure,
  intent: ReviewIntent,
  phoneCountry: string,
): FormFailure<ReviewField> {
  if (failure.status === 403) {
    return { fieldErrors: {}, formError: intent === 'addReview' ? rt.staffNotAllowed : rt.notYours };
  }
  return formFailureFromApi(failure, reviewFields, phoneCountry);
}

type ReviewActionArgs = {
  api: ApiClient;
  intent: ReviewIntent;
  form: FormData;
  productId: string;
  /** Where an expired session signs in again, coming back to the product. */
  loginPath: string;
  phoneCountry: string;
};

/**
 * Adds, edits or deletes the visitor's review through the API. The browser checks the same rules
 * before sending; this repeats them for a form posted before JavaScript loaded. After a success the
 * page's loaders run again, so the list, the pager and the product's rating update in place.
 */
export async function reviewAction({ api, intent, form, productId, loginPath, phoneCountry }: ReviewActionArgs) {
  const values = formValues(form, reviewFields);
  const reviewId = String(form.get('reviewId') ?? '');
  const failed = (
    failure: Omit<Extract<ReviewActionResult, { ok: false }>, 'intent' | 'ok' | 'values'>,
    status = 400,
  ) => data<ReviewActionResult>({ intent, ok: false, values, ...failure }, { status });

  if (intent !== 'deleteReview') {
    const fieldErrors = validateReview(values);
    if (hasErrors(fieldErrors)) return failed({ fieldErrors });
  }
  try {
    if (intent === 'addReview') await api.reviews.add(productId, reviewBody(values));
    else if (intent === 'editReview') await api.reviews.update(reviewId, reviewBody(values));
    else await api.reviews.remove(reviewId);
    return data<ReviewActionResult>({ intent, ok: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An expired or revoked session: sign in again and come back.
    if (error.status === 401) throw redirect(loginPath);
    return failed(reviewFailureFromApi(error, intent, phoneCountry), error.status);
  }
}

/**
 * The visitor's own review of the product, which may be on no page of the list they see. Only
 * customers have one: a guest is not asked, and staff or an expired session get a refusal, read as none.
 */
export async function ownReviewOf(request: Request, api: ApiClient, productId: string) {
  if (!readSessionToken(request)) return null;
  try {
    return (await api.products.myReview(productId)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
