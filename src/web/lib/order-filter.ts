import type { Query } from './api';

/*
 * The admin order list's filters as the URL keeps them (docs/decisions/0012-listing-state-in-url.md):
 * the API's own names, so the list, its pages and the CSV link carry the same query. No zod here:
 * the page's module loads it up front (their check is order-filter.server.ts).
 */

export const orderFilterNames = [
  'keyword',
  'status',
  'paymentStatus',
  'method',
  'from',
  'to',
  'isPaid',
  'isDelivered',
] as const;
export type OrderFilterName = (typeof orderFilterNames)[number];
export type OrderFilterValues = Record<OrderFilterName, string>;

/** Each filter's first value in the URL, trimmed; a filter not given is ''. */
export function orderFilterFrom(url: URL): OrderFilterValues {
  const value = (name: OrderFilterName) => (url.searchParams.get(name) ?? '').trim();
  return Object.fromEntries(orderFilterNames.map((name) => [name, value(name)])) as OrderFilterValues;
}

/** The filters set, as an API query (a filter left alone is not sent). */
export const orderFilterQuery = (values: OrderFilterValues): Query =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

export const hasOrderFilter = (values: OrderFilterValues) => Object.keys(orderFilterQuery(values)).length > 0;
