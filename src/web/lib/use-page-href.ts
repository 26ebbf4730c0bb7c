import { useLocation } from 'react-router';
import { pageHref } from '../components/pagination';

/** `hrefFor` of the Pagination for the current URL: same path, filters and sort, another page. */
export function usePageHref(): (page: number) => string {
  const { pathname, search } = useLocation();
  return (page) => pageHref(new URL(`${pathname}${search}`, 'http://localhost'), page);
}
