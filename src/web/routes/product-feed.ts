import { apiFor } from '../lib/context.server';
import { everyItem, largestPage } from '../lib/every-item.server';
import { productFeedXml } from '../lib/product-feed';
import type { Route } from './+types/product-feed';

/** Products the feed lists at most: as many as a sitemap may name. */
const FEED_MAX_PRODUCTS = 50_000;

/** /feeds/google.xml: every variant on sale, for ad platforms' catalogues (docs/variants.md § The product feed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const [products, brands, settings] = await Promise.all([
    everyItem((page) => api.products.list(largestPage(page)), FEED_MAX_PRODUCTS),
    everyItem((page) => api.brands.list(largestPage(page)), FEED_MAX_PRODUCTS),
    api.settings.get(),
  ]);
  const { shop } = context;
  const xml = productFeedXml(products, brands, {
    name: shop.name,
    publicUrl: shop.publicUrl,
    currency: shop.currency,
    vatRate: settings.data.vatRate,
    pricesIncludeVat: settings.data.pricesIncludeVat,
  });
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
