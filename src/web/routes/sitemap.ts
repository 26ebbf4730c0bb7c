import { MAX_LIST_LIMIT } from '../../contract/constants';
import type { ListEnvelope } from '../../contract/types';
import { apiFor } from '../lib/context.server';
import { SITEMAP_MAX_URLS, type SitemapEntry, sitemapXml } from '../lib/sitemap';
import type { Route } from './+types/sitemap';

/** Every item of a list endpoint, read 100 at a time (the API's largest page), a few pages at once. */
async function everyItem<T>(list: (page: number) => Promise<ListEnvelope<T>>): Promise<T[]> {
  const first = await list(1);
  const pages = Math.min(first.paginationResult.numberOfPages, Math.ceil(SITEMAP_MAX_URLS / MAX_LIST_LIMIT));
  const items = [...first.data];
  for (let page = 2; page <= pages; page += 4) {
    const batch = await Promise.all([page, page + 1, page + 2, page + 3].filter((p) => p <= pages).map((p) => list(p)));
    for (const result of batch) items.push(...result.data);
  }
  return items;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const byPage = (page: number) => ({ page, limit: MAX_LIST_LIMIT });
  const [products, categories, brands] = await Promise.all([
    everyItem((page) => api.products.list(byPage(page))),
    everyItem((page) => api.categories.list(byPage(page))),
    everyItem((page) => api.brands.list(byPage(page))),
  ]);
  const entries: SitemapEntry[] = [
    { path: '/' },
    { path: '/products' },
    { path: '/allcategory' },
    { path: '/allbrands' },
    ...categories.map((c) => ({ path: `/products/allCategory/${c.id}`, lastmod: c.updatedAt })),
    ...brands.map((b) => ({ path: `/products/allBrand/${b.id}`, lastmod: b.updatedAt })),
    ...products.map((p) => ({ path: `/products/${p.id}`, lastmod: p.updatedAt })),
  ];
  return new Response(sitemapXml(context.shop.publicUrl, entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
