import { MAX_LIST_LIMIT } from '../../contract/constants';
import type { ListEnvelope } from '../../contract/types';

/**
 * Every item of a list endpoint up to `max`, read 100 at a time (the API's largest page), a few
 * pages at once: for the sitemap and the product feed.
 */
export async function everyItem<T>(list: (page: number) => Promise<ListEnvelope<T>>, max: number): Promise<T[]> {
  const first = await list(1);
  const pages = Math.min(first.paginationResult.numberOfPages, Math.ceil(max / MAX_LIST_LIMIT));
  const items = [...first.data];
  for (let page = 2; page <= pages; page += 4) {
    const batch = await Promise.all([page, page + 1, page + 2, page + 3].filter((p) => p <= pages).map((p) => list(p)));
    for (const result of batch) items.push(...result.data);
  }
  return items;
}

/** A list's query for page `page` of the largest size. */
export const largestPage = (page: number) => ({ page, limit: MAX_LIST_LIMIT });
