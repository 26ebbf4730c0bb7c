import { ArrowRight, History } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { rm } from '../../i18n/admin-reviews';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import type { Route } from './+types/review-log';

/** What staff did to reviews and why, newest first (docs/reviews.md § Moderation). */

const PATH = '/admin/reviews/log';
const PAGE_SIZE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const log = await apiFor(request, context).reviews.moderationLog({ page, limit: PAGE_SIZE });
  const lastPage = Math.max(1, log.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, log };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: rm.logTitle,
    description: rm.logDescription,
    path: PATH,
    noindex: true,
  });
}

export default function ReviewLog({ loaderData }: Route.ComponentProps) {
  const { shop, log } = loaderData;
  const hrefFor = usePageHref();
  return (
    <>
      <Link
        to="/admin/reviews"
        className="mb-3 inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
      >
        <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
        {rm.backToReviews}
      </Link>
      <h1 className="mb-1 text-2xl font-bold">
        {rm.logTitle} <span className="text-base font-normal text-slate-600">({plural(log.results, rm.logCount)})</span>
      </h1>
      <p className="mb-5 text-slate-600">{rm.logDescription}</p>
      {log.data.length === 0 ? (
        <EmptyState Icon={History} title={rm.logEmpty} />
      ) : (
        <>
          <ol className="grid gap-3">
            {log.data.map((entry) => (
              <li key={entry.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <p className="font-bold [overflow-wrap:anywhere]">
                  {rm.logEntry(
                    entry.staff.name,
                    rm.actions[entry.action],
                    entry.review.authorName,
                    entry.product.title,
                  )}
                </p>
                <time dateTime={entry.createdAt} className="text-sm text-slate-600">
                  {formatDateTime(entry.createdAt, shop.timeZone)}
                </time>
                {/* Showing a review again needs no reason; only the original API deletes without one. */}
                {(entry.reason || entry.action === 'deleted') && (
                  <p className="mt-2 [overflow-wrap:anywhere]">
                    <span className="font-bold">{rm.logReason}</span> {entry.reason ?? rm.noReason}
                  </p>
                )}
                <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
                  <span className="font-bold">{rm.logReview}</span> {entry.review.text}
                </p>
              </li>
            ))}
          </ol>
          <Pagination
            currentPage={log.paginationResult.currentPage}
            numberOfPages={log.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={rm.logPager}
          />
        </>
      )}
    </>
  );
}
