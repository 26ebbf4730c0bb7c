import type { Review } from '../../contract/types';
import { pt } from '../i18n/product';
import { formatDate, formatNumber } from '../lib/format';
import { StarRating } from './star-rating';

/** A page of product reviews, or the 'no reviews yet' message. */
export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return <p className="py-6 text-center text-slate-600">{pt.noReviews}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {reviews.map((review) => (
        <li key={review.id} className="py-4">
          <article className="flex flex-col gap-1.5">
            <header className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-bold">
                <bdi>{review.user.name}</bdi>
              </h3>
              <time dateTime={review.createdAt} className="text-sm text-slate-600">
                {formatDate(review.createdAt)}
              </time>
            </header>
            <StarRating value={review.rating} label={pt.reviewRating(formatNumber(review.rating, 1))} />
            <p className="whitespace-pre-line leading-7 text-slate-800">{review.review}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
