import type { Product, Review, StoredImage } from '../../contract/types';
import { searchWithChoice } from './variant-choice';

/** The first sentences of a text, cut at a word to at most `max` characters (meta descriptions). */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s،,.؛:]+$/, '')}…`;
}

/** The price a customer pays: the discounted one when there is one. */
export const payablePrice = (product: Pick<Product, 'price' | 'priceAfterDiscount'>) =>
  product.priceAfterDiscount ?? product.price;

/** Every image of a product, the cover first and each once. */
/** A product's stored pictures, the cover first, each once (the cover is often also the first image). */
export function picturesOf(product: Pick<Product, 'imageCoverSizes' | 'imagesSizes'>): StoredImage[] {
  const all = [product.imageCoverSizes, ...product.imagesSizes].filter((image): image is StoredImage => Boolean(image));
  return all.filter((image, index) => all.findIndex((other) => other.key === image.key) === index);
}

export function galleryOf(product: Pick<Product, 'imageCover' | 'images'>): string[] {
  const all = [product.imageCover, ...product.images].filter((url): url is string => Boolean(url));
  return [...new Set(all)];
}

type ProductLdInput = {
  product: Product;
  /** Absolute URL of the product page. */
  url: string;
  currency: string;
  brandName?: string | undefined;
  categoryName?: string | undefined;
  /** The reviews shown on the page; structured data must match what people see. */
  reviews?: readonly Review[];
};

const availability = (quantity: number) =>
  quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/** One schema.org `Offer`: a product without options, or one variant at its own URL. */
const offer = (
  sold: Pick<Product, 'price' | 'priceAfterDiscount' | 'quantity'>,
  url: string,
  currency: string,
  sku?: string,
) => ({
  '@type': 'Offer',
  url,
  ...(sku ? { sku } : {}),
  price: payablePrice(sold),
  priceCurrency: currency,
  availability: availability(sold.quantity),
  itemCondition: 'https://schema.org/NewCondition',
});

/**
 * A product with options (docs/specification.md (Product page)): an `AggregateOffer` from its cheapest to its dearest
 * variant, in stock while any is, listing each variant's offer at the page URL that picks it.
 */
function variantOffers(product: Product, url: string, currency: string) {
  const prices = product.variants.map(payablePrice);
  return {
    '@type': 'AggregateOffer',
    url,
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    offerCount: product.variants.length,
    priceCurrency: currency,
    availability: availability(product.quantity),
    offers: product.variants.map((variant) =>
      offer(variant, `${url}?${searchWithChoice(product.options, variant.options)}`, currency, variant.sku),
    ),
  };
}

/** schema.org `Product` with its offer and, when rated, its aggregate rating. */
export function productJsonLd({ product, url, currency, brandName, categoryName, reviews = [] }: ProductLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    description: product.description,
    image: galleryOf(product),
    sku: product.id,
    productID: product.id,
    url,
    ...(brandName ? { brand: { '@type': 'Brand', name: brandName } } : {}),
    ...(categoryName ? { category: categoryName } : {}),
    offers: product.options.length > 0 ? variantOffers(product, url, currency) : offer(product, url, currency),
    ...(product.ratingsQuantity > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.ratingsAverage,
            reviewCount: product.ratingsQuantity,
            bestRating: 5,
            worstRating: 0.5,
          },
        }
      : {}),
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.user.name },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.review,
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 0.5 },
          })),
        }
      : {}),
  };
}

export type Crumb = { name: string; url: string };

/** schema.org `BreadcrumbList` of absolute URLs, first crumb first. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the inside of a `<script>` element. `<`, `>` and `&` become `\u003c`-style escapes, so
 * a `</script>` or `<!--` in a product title cannot end the element; the JSON still parses to the
 * same value.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
}

type OpenGraphInput = {
  product: Product;
  url: string;
  description: string;
  currency: string;
  shopName: string;
};

/** Open Graph (and Twitter card) tags of a product page, for link previews. */
export function productOpenGraph({ product, url, description, currency, shopName }: OpenGraphInput) {
  const image = galleryOf(product)[0];
  return [
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: shopName },
    { property: 'og:locale', content: 'ar_AR' },
    { property: 'og:title', content: product.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:alt', content: product.title },
        ]
      : []),
    { property: 'product:price:amount', content: String(payablePrice(product)) },
    { property: 'product:price:currency', content: currency },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
}
