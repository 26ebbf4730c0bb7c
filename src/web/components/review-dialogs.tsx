import { X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { Review } from '../../contract/types';
import { authText } from '../i18n/auth';
import { rt } from '../i18n/reviews';
import { formValues } from '../lib/form';
import { type ReviewActionResult, reviewChanged, reviewFields } from '../lib/review-form';
import { useFetcherSettled } from '../lib/use-fetcher-settled';
import { useFormErrors } from '../lib/use-form-errors';
import { FormAlert } from './form-alert';
import { ReviewFields } from './review-fields';
import { SubmitButton } from './submit-button';

const overlayClass = 'fixed inset-0 z-40 bg-slate-950/50';
// Centred by equal insets and auto margins (no left/right); scrolls inside when a phone is short.
const contentClass =
  'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6';
const secondaryButtonClass =
  'flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-3 font-bold text-slate-800 hover:bg-slate-100';

type ReviewDialogProps = {
  /** The review the dialog is about; null while closed. */
  review: Review | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to: the dialog was opened by a button that may be gone by now. */
  onCloseAutoFocus: (event: Event) => void;
};

/** docs/specification.md (Screens and routes: Product page): editing opens a modal with the text and stars filled in. */
export function EditReviewDialog({ review, onOpenChange, onCloseAutoFocus }: ReviewDialogProps) {
  return (
    <Dialog.Root open={review !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={contentClass} onCloseAutoFocus={onCloseAutoFocus}>
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-xl font-bold">{rt.editTitle}</Dialog.Title>
              <Dialog.Description className="mt-1 text-slate-600">{rt.editDescription}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={rt.close}
              className="-me-2 -mt-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {review && <EditReviewForm key={review.id} review={review} onSaved={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * docs/specification.md (Validation rules: Reviews): empty text or no stars, or nothing changed, is said here and nothing is sent. A refusal
 * from the API shows in the dialog, which keeps what was typed.
 */
function EditReviewForm({ review, onSaved }: { review: Review; onSaved: () => void }) {
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

  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return setFormError(answer.formError);
    toast.success(rt.edited);
    onSaved();
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
      className="flex flex-col gap-4"
      {...formProps}
      onSubmit={onSubmit}
      onChange={(event) => {
        formProps.onChange(event);
        setFormError(undefined);
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
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={busy} pendingText={rt.saving} className="sm:flex-1">
          {rt.save}
        </SubmitButton>
        <Dialog.Close className={`${secondaryButtonClass} sm:flex-1`}>{rt.cancel}</Dialog.Close>
      </div>
    </fetcher.Form>
  );
}

type DeleteReviewDialogProps = ReviewDialogProps & { onDeleted: () => void };

/** docs/specification.md (Screens and routes: Product page): deleting asks first. Focus starts on 'cancel', the safe answer. */
export function DeleteReviewDialog({ review, onOpenChange, onCloseAutoFocus, onDeleted }: DeleteReviewDialogProps) {
  return (
    <AlertDialog.Root open={review !== null} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className="text-xl font-bold">{rt.deleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 mb-5 leading-7 text-slate-700">
            {rt.deleteQuestion}
          </AlertDialog.Description>
          {review && <DeleteReviewForm key={review.id} review={review} onDeleted={onDeleted} />}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function DeleteReviewForm({ review, onDeleted }: { review: Review; onDeleted: () => void }) {
  const fetcher = useFetcher<ReviewActionResult>();
  const [error, setError] = useState<string>();
  const busy = fetcher.state !== 'idle';

  useFetcherSettled(fetcher, (answer) => {
    if (answer.ok) onDeleted();
    else setError(answer.formError ?? authText.somethingWentWrong);
  });

  return (
    <fetcher.Form method="post" onSubmit={() => setError(undefined)}>
      {error && !busy && <FormAlert className="mb-4">{error}</FormAlert>}
      <input type="hidden" name="intent" value="deleteReview" />
      <input type="hidden" name="reviewId" value={review.id} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={busy} pendingText={rt.deleting} tone="danger" className="sm:flex-1">
          {rt.confirmDelete}
        </SubmitButton>
        <AlertDialog.Cancel className={`${secondaryButtonClass} sm:flex-1`}>{rt.cancel}</AlertDialog.Cancel>
      </div>
    </fetcher.Form>
  );
}
