import { LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { toast } from 'sonner';
import type { ListEnvelope, Review, User } from '../../contract/types';
import { pt } from '../i18n/product';
import { rt } from '../i18n/reviews';
import { plural } from '../lib/plural';
import { REVIEWS_PAGE_PARAM, type ReviewActionResult } from '../lib/review-form';
import { AddReview } from './add-review';
import { Pagination, pageHref } from './pagination';
import { DeleteReviewDialog, EditReviewDialog } from './review-dialogs';
import { ReviewList } from './review-list';

type ReviewsSectionProps = {
  productId: string;
  reviews: ListEnvelope<Review>;
  /** The shop's zone, which the dates are read in (docs/dates.md). */
  timeZone: string;
  user: User | null;
  /** The action's answer to a review form posted before JavaScript loaded. */
  posted: ReviewActionResult | undefined;
};

type OpenDialog = { kind: 'edit' | 'delete'; review: Review } | null;

/**
 * The product's reviews: the way to add one, a page of them (3, docs/specification.md (Limits and page sizes)) with the author's edit and
 * delete buttons, the pager in `?reviewsPage=`, and the two dialogs. The dialogs live here rather
 * than in each review, so a deleted review can take its buttons away without closing them abruptly.
 */
export function ReviewsSection({ productId, reviews, timeZone, user, posted }: ReviewsSectionProps) {
  const location = useLocation();
  const navigation = useNavigation();
  // Another reviews page of this product is on its way.
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const open = (kind: 'edit' | 'delete') => (review: Review, button: HTMLElement) => {
    opener.current = button;
    setDialog({ kind, review });
  };
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  // Back to the button that opened the dialog; once the review is gone, to the reviews heading.
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const button = opener.current;
    (button?.isConnected ? button : heading.current)?.focus();
  };

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      aria-busy={loading}
      className="mt-10 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2
          id="reviews-heading"
          ref={heading}
          tabIndex={-1}
          className="flex flex-wrap items-baseline gap-2 text-xl font-bold"
        >
          {pt.reviews}{' '}
          {reviews.results > 0 && (
            <span className="text-base font-normal text-slate-600">({plural(reviews.results, pt.ratingsCount)})</span>
          )}
        </h2>
        {loading && (
          <span role="status" className="flex items-center gap-1.5 text-sm text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            {pt.loading}
          </span>
        )}
      </div>
      <AddReview user={user} productId={productId} posted={posted} />
      <div className={`mt-2 ${loading ? 'opacity-60 transition-opacity' : ''}`}>
        <ReviewList
          reviews={reviews.data}
          timeZone={timeZone}
          authorId={user?.role === 'user' ? user.id : undefined}
          onEdit={open('edit')}
          onDelete={open('delete')}
        />
      </div>
      <Pagination
        currentPage={reviews.paginationResult.currentPage}
        numberOfPages={reviews.paginationResult.numberOfPages}
        hrefFor={(page) => `${pageHref(location, page, REVIEWS_PAGE_PARAM)}#reviews`}
        label={pt.reviewsPages}
      />
      <EditReviewDialog
        review={dialog?.kind === 'edit' ? dialog.review : null}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
      <DeleteReviewDialog
        review={dialog?.kind === 'delete' ? dialog.review : null}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
        onDeleted={() => {
          setDialog(null);
          toast.success(rt.deleted);
        }}
      />
    </section>
  );
}
