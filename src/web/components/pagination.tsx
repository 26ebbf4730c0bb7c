import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatNumber } from '../lib/format';

const MARGIN_PAGES = 2;
const AROUND_CURRENT = 2;

/** Page numbers to show: 2 at each end and 2 either side of the current one, gaps as null. */
export function visiblePages(current: number, total: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= total; page++) {
    const nearEdge = page <= MARGIN_PAGES || page > total - MARGIN_PAGES;
    const nearCurrent = Math.abs(page - current) <= AROUND_CURRENT;
    if (nearEdge || nearCurrent) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

type PaginationProps = {
  currentPage: number;
  numberOfPages: number;
  /** Link of a page, keeping the rest of the URL (filters, sort). */
  hrefFor: (page: number) => string;
  label?: string;
};

/** A pager of links (works without JavaScript); shown only when there is more than one page. */
export function Pagination({ currentPage, numberOfPages, hrefFor, label = 'الصفحات' }: PaginationProps) {
  if (numberOfPages <= 1) return null;
  const base = 'flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-bold';
  const idle = `${base} border-slate-200 bg-white hover:bg-slate-100`;
  return (
    <nav aria-label={label} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        {currentPage > 1 && (
          <li>
            <Link to={hrefFor(currentPage - 1)} className={idle} rel="prev" preventScrollReset={false}>
              <ChevronRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
              <span className="sr-only">الصفحة السابقة</span>
            </Link>
          </li>
        )}
        {visiblePages(currentPage, numberOfPages).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={hrefFor(page)}
                aria-current={page === currentPage ? 'page' : undefined}
                aria-label={`الصفحة ${formatNumber(page)}`}
                className={page === currentPage ? `${base} border-brand-600 bg-brand-600 text-white` : idle}
              >
                {formatNumber(page)}
              </Link>
            </li>
          ),
        )}
        {currentPage < numberOfPages && (
          <li>
            <Link to={hrefFor(currentPage + 1)} className={idle} rel="next">
              <ChevronLeft aria-hidden="true" className="size-4 ltr:-scale-x-100" />
              <span className="sr-only">الصفحة التالية</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
