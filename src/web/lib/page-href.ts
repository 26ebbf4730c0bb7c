import { useLocation } from 'react-router';
import { toAsciiDigits } from '../../contract/digits';

/*
 * A paged list's addresses: which page a URL asks for, and the URL of another page. Apart from the
 * page links (components/pagination.tsx), which a product page, paging its reviews in the URL, does
 * not draw up front.
 */

/** `hrefFor` for the current URL: same path and query, another page (in `param`, default `page`). */
export function pageHref(url: Pick<URL, 'pathname' | 'search'>, page: number, param = 'page'): string {
  const params = new URLSearchParams(url.search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The 1-based page number in `param` of the URL; anything else (missing, 0, 'abc') is page 1. */
export function pageFrom(url: Pick<URL, 'searchParams'>, param = 'page'): number {
  const value = Number(toAsciiDigits(url.searchParams.get(param)?.trim() ?? ''));
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}

/** `hrefFor` of the Pagination for the current URL: same path, filters and sort, another page. */
export function usePageHref(): (page: number) => string {
  const { pathname, search } = useLocation();
  return (page) => pageHref(new URL(`${pathname}${search}`, 'http://localhost'), page);
}
