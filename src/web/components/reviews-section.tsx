import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useFetcher, useLocation, useNavigate, useNavigation } from 'react-router';
import type { ListEnvelope, Review, User } from '../../contract/types';
import { pt } from '../i18n/product';
import { rt } from '../i18n/reviews';
import { pageFrom, pageHref } from '../lib/page-href';
import { plural } from '../lib/plural';
import { REVIEWS_PAGE_PARAM } from '../lib/product-reviews';
import { addReviewFetcher, type ReviewActionResult } from '../lib/review-form';
import { toast } from '../lib/toasts';
import { useFetcherSettled } from '../lib/use-fetcher-settled';
import { AddReview } from './add-review';
import { OwnReview } from './own-review';
import { Pagination } from './pagination';
import { ReviewList } from './review-list';

/** Radix's dialog loads when a visitor first asks to delete their review, not with the page (issue 31). */
const DeleteReviewDialog = lazy(() =>
  import('./review-dialogs').then(({ DeleteReviewDialog }) => ({ default: DeleteReviewDialog })),
);

type ReviewsSectionProps = {
  productId: string;
  reviews: ListEnvelope<Review>;
  /** The signed-in customer's own review, wherever it is in the list (GET /products/:id/reviews/mine). */
  mine: Review | null;
  /** The shop's zone, which the dates are read in (docs/dates.md). */
  timeZone: string;
  user: User | null;
  /** The action's answer to a review form posted before JavaScript loaded. */
  posted: ReviewActionResult | undefined;
};

/**
 * The product's reviews: the customer's own review (with «تعديل» and «حذف») or the way to add one, a
 * page of them (3, docs/specification.md (Limits and page sizes)), the pager in `?reviewsPage=`, and
 * the delete dialog. The dialog and the add form's answer live here rather than in the own review or
 * the form, since each of those is gone once the list has caught up (the review deleted or added).
 */
export function ReviewsSection({ productId, reviews, mine, timeZone, user, posted }: ReviewsSectionProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Another reviews page of this product is on its way.
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const [deleting, setDeleting] = useState<Review | null>(null);
  // Mounted from the first ask on, so it stays for its closing focus and later asks.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const added = useFetcher<ReviewActionResult>({ key: addReviewFetcher(productId) });

  useFetcherSettled(added, (answer) => {
    if (!answer.ok) return;
    toast.success(rt.added);
    // The add form (and its button, which had focus) is gone: focus goes to the review that replaced it.
    document.getElementById('own-review-heading')?.focus();
    // Newest first: the new review is at the top of the first page of reviews.
    if (pageFrom({ searchParams: new URLSearchParams(location.search) }, REVIEWS_PAGE_PARAM) > 1) {
      navigate(`${pageHref(location, 1, REVIEWS_PAGE_PARAM)}#reviews`, { preventScrollReset: true });
    }
  });

  const askToDelete = (review: Review, button: HTMLElement) => {
    opener.current = button;
    setDeleting(review);
    setDeleteAsked(true);
  };
  const close = (isOpen: boolean) => {
    if (!isOpen) setDeleting(null);
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
      {mine ? (
        <OwnReview
          review={mine}
          timeZone={timeZone}
          onDelete={askToDelete}
          justAdded={posted?.intent === 'addReview' && posted.ok}
        />
      ) : (
        <AddReview user={user} productId={productId} posted={posted} />
      )}
      <div className={`mt-2 ${loading ? 'opacity-60 transition-opacity' : ''}`}>
        <ReviewList reviews={reviews.data} timeZone={timeZone} authorId={mine?.user.id} />
      </div>
      <Pagination
        currentPage={reviews.paginationResult.currentPage}
        numberOfPages={reviews.paginationResult.numberOfPages}
        hrefFor={(page) => `${pageHref(location, page, REVIEWS_PAGE_PARAM)}#reviews`}
        label={pt.reviewsPages}
      />
      {deleteAsked && (
        <Suspense fallback={null}>
          <DeleteReviewDialog
            review={deleting}
            onOpenChange={close}
            onCloseAutoFocus={restoreFocus}
            onDeleted={() => {
              setDeleting(null);
              toast.success(rt.deleted);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
