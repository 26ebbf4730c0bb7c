import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { Review } from '../../contract/types';
import { authText } from '../i18n/auth';
import { rt } from '../i18n/reviews';
import type { ReviewActionResult } from '../lib/review-form';
import { useFetcherSettled } from '../lib/use-fetcher-settled';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

const overlayClass = 'fixed inset-0 z-40 bg-slate-950/50';
// Centred by equal insets and auto margins (no left/right); scrolls inside when a phone is short.
const contentClass =
  'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6';
const secondaryButtonClass =
  'flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-3 font-bold text-slate-800 hover:bg-slate-100';

type DeleteReviewDialogProps = {
  /** The review the dialog is about; null while closed. */
  review: Review | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to: the dialog was opened by a button that is gone once the review is. */
  onCloseAutoFocus: (event: Event) => void;
  onDeleted: () => void;
};

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
