import { LogIn, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { User } from '../../contract/types';
import { rt } from '../i18n/reviews';
import { loginHref } from '../lib/add-to-cart';
import { addReviewFetcher, parseRating, type ReviewActionResult, reviewFields } from '../lib/review-form';
import { useFormErrors } from '../lib/use-form-errors';
import { FormAlert } from './form-alert';
import { ReviewFields } from './review-fields';
import { SubmitButton } from './submit-button';

type AddReviewProps = {
  user: User | null;
  productId: string;
  /** The action's answer to a form posted before JavaScript loaded (a fetcher keeps its own). */
  posted: ReviewActionResult | undefined;
};

/**
 * Where a visitor writes a review: the form for customers who have not reviewed the product yet, a
 * way in for guests, a note for staff.
 */
export function AddReview({ user, productId, posted }: AddReviewProps) {
  if (!user) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-50 px-4 py-3 text-slate-700">
        {rt.guestPrompt}
        <Link
          to={loginHref(`/products/${productId}`)}
          className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
        >
          <LogIn aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {rt.signInToReview}
        </Link>
      </p>
    );
  }
  // docs/specification.md (Roles and permissions): staff may not review; say so rather than offer a form the API refuses.
  if (user.role !== 'user') {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 font-bold text-amber-900">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        {rt.staffNotAllowed}
      </p>
    );
  }
  return <AddReviewForm productId={productId} posted={posted?.intent === 'addReview' ? posted : undefined} />;
}

/**
 * Text and stars. Posts through a fetcher shared with the reviews section: on success the page's data
 * revalidates in place, the new review takes this form's place (components/own-review.tsx) and the
 * section, still there, says so (components/reviews-section.tsx).
 */
function AddReviewForm({ productId, posted }: { productId: string; posted: ReviewActionResult | undefined }) {
  const fetcher = useFetcher<ReviewActionResult>({ key: addReviewFetcher(productId) });
  const result = fetcher.data ?? posted;
  const failure = result?.ok === false ? result : undefined;
  const [text, setText] = useState(failure?.values.review ?? '');
  const [rating, setRating] = useState(parseRating(failure?.values.rating ?? '') ?? 0);
  const { errors, formProps } = useFormErrors(
    reviewFields,
    { load: () => import('../lib/review-validation'), validate: (v, values) => v.validateReview(values) },
    failure?.fieldErrors,
  );
  const busy = fetcher.state !== 'idle';

  return (
    <fetcher.Form
      method="post"
      aria-labelledby="add-review-heading"
      className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4"
      {...formProps}
    >
      <h3 id="add-review-heading" className="text-lg font-bold">
        {rt.formHeading}
      </h3>
      {failure?.formError && !busy && <FormAlert className="">{failure.formError}</FormAlert>}
      <input type="hidden" name="intent" value="addReview" />
      <ReviewFields
        idPrefix="add"
        text={text}
        onTextChange={setText}
        rating={rating}
        onRatingChange={setRating}
        errors={errors}
      />
      <SubmitButton pending={busy} pendingText={rt.submitting} className="w-full sm:w-auto sm:self-start sm:px-8">
        {rt.submit}
      </SubmitButton>
    </fetcher.Form>
  );
}
