import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { formatDate } from '../../contract/dates';
import type { Review } from '../../contract/types';
import { pt } from '../i18n/product';
import { rt } from '../i18n/reviews';
import { formValues } from '../lib/form';
import { formatNumber } from '../lib/format';
import { type ReviewActionResult, reviewChanged, reviewFields } from '../lib/review-form';
import { toast } from '../lib/toasts';
import { useFetcherSettled } from '../lib/use-fetcher-settled';
import { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { FormAlert } from './form-alert';
import { ReviewFields } from './review-fields';
import { StarRating } from './star-rating';
import { SubmitButton } from './submit-button';

type OwnReviewProps = {
  review: Review;
  /** The shop's zone, which the date is read in (docs/dates.md). */
  timeZone: string;
  /** The section asks before deleting; the button is where focus returns if the answer is no. */
  onDelete: (review: Review, button: HTMLButtonElement) => void;
  /** Added by a form posted before JavaScript loaded: say so here, where the form was. */
  justAdded: boolean;
};

const actionButtonClass =
  'flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 font-bold disabled:opacity-50';

/**
 * Once the customer has reviewed the product, their review takes the add form's place (docs/architecture.md,
 * Product page), with «تعديل» (the same fields, filled in, edited in place) and «حذف» (asked first, by
 * the section's dialog). It is shown whichever page of the list it falls on.
 */
export function OwnReview({ review, timeZone, onDelete, justAdded }: OwnReviewProps) {
  // The buttons need JavaScript: until it runs they say they are not ready.
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const backFromEditing = useRef(false);

  // Leaving the form (saved or cancelled) puts focus back on «تعديل», not on the page's start.
  useEffect(() => {
    if (!editing && backFromEditing.current) {
      backFromEditing.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const stopEditing = () => {
    backFromEditing.current = true;
    setEditing(false);
  };

  return (
    <section aria-labelledby="own-review-heading" className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4">
      <h3 id="own-review-heading" tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {rt.yourReview}
      </h3>
      {editing ? (
        <EditReviewForm key={review.id} review={review} onDone={stopEditing} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StarRating value={review.rating} label={pt.reviewRating(formatNumber(review.rating, 1))} />
            <time dateTime={review.createdAt} className="text-sm text-slate-600">
              {formatDate(review.createdAt, timeZone)}
            </time>
          </div>
          <p className="whitespace-pre-line leading-7 text-slate-800">{review.review}</p>
          {review.hidden && <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">{rt.hiddenByShop}</p>}
          {justAdded && (
            <p role="status" className="font-bold text-emerald-700">
              {rt.added}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              ref={editButton}
              type="button"
              disabled={!hydrated}
              onClick={() => setEditing(true)}
              className={`${actionButtonClass} text-brand-700 hover:bg-brand-50`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {rt.edit}
            </button>
            {/* A review the shop hid cannot be deleted by its author (docs/reviews.md § Moderation). */}
            {!review.hidden && (
              <button
                type="button"
                aria-haspopup="dialog"
                disabled={!hydrated}
                onClick={(event) => onDelete(review, event.currentTarget)}
                className={`${actionButtonClass} text-red-700 hover:bg-red-50`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {rt.delete}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * docs/specification.md (Validation rules: Reviews): empty text or no stars, or nothing changed, is said here and nothing is sent. A refusal
 * from the API shows above the fields, which keep what was typed. Escape or «إلغاء» leaves without a change.
 */
function EditReviewForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const fetcher = useFetcher<ReviewActionResult>();
  const [text, setText] = useState(review.review);
  const [rating, setRating] = useState(review.rating);
  const [formError, setFormError] = useState<string>();
  const failure = fetcher.data?.ok === false ? fetcher.data : undefined;
  const { errors, formProps } = useFormErrors(
    reviewFields,
    { load: () => import('../lib/review-validation'), validate: (v, values) => v.validateReview(values) },
    failure?.fieldErrors,
  );
  const busy = fetcher.state !== 'idle';

  // Opened by «تعديل»: the text is where the person goes on (its id is ReviewFields' `${idPrefix}-review`).
  useEffect(() => {
    document.getElementById('edit-review')?.focus();
  }, []);

  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return setFormError(answer.formError);
    toast.success(rt.edited);
    onDone();
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(undefined);
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    if (!reviewChanged(review, formValues(new FormData(event.currentTarget), reviewFields))) {
      event.preventDefault();
      setFormError(rt.unchanged);
    }
  }

  return (
    <fetcher.Form
      method="post"
      aria-label={rt.editTitle}
      className="flex flex-col gap-4"
      {...formProps}
      onSubmit={onSubmit}
      onChange={(event) => {
        formProps.onChange(event);
        setFormError(undefined);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onDone();
      }}
    >
      {formError && !busy && <FormAlert className="">{formError}</FormAlert>}
      <input type="hidden" name="intent" value="editReview" />
      <input type="hidden" name="reviewId" value={review.id} />
      <ReviewFields
        idPrefix="edit"
        text={text}
        onTextChange={setText}
        rating={rating}
        onRatingChange={setRating}
        errors={errors}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={busy} pendingText={rt.saving} className="sm:px-8">
          {rt.save}
        </SubmitButton>
        <button
          type="button"
          onClick={onDone}
          // Leaving while the save is on its way would lose its outcome (as Escape waits too).
          disabled={busy}
          className="flex items-center justify-center rounded-lg border border-slate-300 bg-white px-6 py-3 font-bold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
        >
          {rt.cancel}
        </button>
      </div>
    </fetcher.Form>
  );
}
