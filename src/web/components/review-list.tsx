import { formatDate } from '../../contract/dates';
import type { Review } from '../../contract/types';
import { pt } from '../i18n/product';
import { rt } from '../i18n/reviews';
import { formatNumber } from '../lib/format';
import { StarRating } from './star-rating';

type ReviewListProps = {
  reviews: readonly Review[];
  /** The shop's zone, which the dates are read in (docs/dates.md). */
  timeZone: string;
  /** The signed-in customer: their own review is marked (its buttons are above the list, components/own-review.tsx). */
  authorId?: string | undefined;
};

/** A page of product reviews, or the 'no reviews yet' message. */
export function ReviewList({ reviews, timeZone, authorId }: ReviewListProps) {
  if (reviews.length === 0) return <p className="py-6 text-center text-slate-600">{pt.noReviews}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {reviews.map((review) => {
        const mine = authorId !== undefined && review.user._id === authorId;
        return (
          <li key={review.id} className="py-4">
            <article className="flex flex-col gap-1.5">
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="font-bold">
                  <bdi>{review.user.name}</bdi>
                </h3>
                {mine && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700">
                    {rt.yourReview}
                  </span>
                )}
                <time dateTime={review.createdAt} className="text-sm text-slate-600">
                  {formatDate(review.createdAt, timeZone)}
                </time>
              </header>
              <StarRating value={review.rating} label={pt.reviewRating(formatNumber(review.rating, 1))} />
              <p className="whitespace-pre-line leading-7 text-slate-800">{review.review}</p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
