import { STORE_PAGE_SLUGS } from '../../contract/shop-pages';
import { apiFor } from '../lib/context.server';
import { everyItem, largestPage } from '../lib/every-item.server';
import { SITEMAP_MAX_URLS, type SitemapEntry, sitemapXml } from '../lib/sitemap';
import type { Route } from './+types/sitemap';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const [products, categories, brands] = await Promise.all([
    everyItem((page) => api.products.list(largestPage(page)), SITEMAP_MAX_URLS),
    everyItem((page) => api.categories.list(largestPage(page)), SITEMAP_MAX_URLS),
    everyItem((page) => api.brands.list(largestPage(page)), SITEMAP_MAX_URLS),
  ]);
  const entries: SitemapEntry[] = [
    { path: '/' },
    { path: '/products' },
    { path: '/allcategory' },
    { path: '/allbrands' },
    ...STORE_PAGE_SLUGS.map((slug) => ({ path: `/pages/${slug}` })),
    ...categories.map((c) => ({ path: `/products/allCategory/${c.id}`, lastmod: c.updatedAt })),
    ...brands.map((b) => ({ path: `/products/allBrand/${b.id}`, lastmod: b.updatedAt })),
    ...products.map((p) => ({ path: `/products/${p.id}`, lastmod: p.updatedAt })),
  ];
  return new Response(sitemapXml(context.shop.publicUrl, entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
