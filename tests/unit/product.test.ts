import { describe, expect, it } from 'vitest';
import { colorKey } from '../../src/contract/colors.js';
import type { Product, Review, StoredImage } from '../../src/contract/types.js';
import { cartProblemOf, checkAddToCart, loginHref } from '../../src/web/lib/add-to-cart.js';
import { ApiError } from '../../src/web/lib/api.js';
import { colorLabels } from '../../src/web/lib/color-name.js';
import { formatNumber } from '../../src/web/lib/format.js';
import { pageFrom, pageHref } from '../../src/web/lib/page-href.js';
import {
  breadcrumbJsonLd,
  excerpt,
  galleryOf,
  picturesOf,
  productJsonLd,
  productOpenGraph,
  serializeJsonLd,
} from '../../src/web/lib/seo.js';
import { ROBOTS_DISALLOW, robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from '../../src/web/lib/sitemap.js';
import { failBody } from '../helpers/failures.js';

const storedImage = (key: string): StoredImage => ({
  key,
  small: `https://shop.example/media/${key}-240.webp`,
  medium: `https://shop.example/media/${key}-480.webp`,
  large: `https://shop.example/media/${key}-960.webp`,
});

const product: Product = {
  _id: 'p1',
  id: 'p1',
  title: 'هاتف </script><script>alert(1)</script> & <!-- تجربة',
  slug: 'هاتف',
  description: 'وصف\u2028بسطر فاصل',
  quantity: 3,
  sold: 10,
  price: 4899,
  priceAfterDiscount: 4499,
  availableColors: ['#000000', '#ffffff'],
  options: [],
  variants: [
    {
      _id: 'v1',
      id: 'v1',
      sku: 'MJ-1',
      barcode: null,
      options: {},
      price: 4899,
      priceAfterDiscount: 4499,
      quantity: 3,
    },
  ],
  imageCover: 'https://shop.example/media/products/a-960.webp',
  images: ['https://shop.example/media/products/a-960.webp', 'https://shop.example/media/products/b-960.webp'],
  imageCoverSizes: storedImage('products/a'),
  imagesSizes: [storedImage('products/a'), storedImage('products/b')],
  category: 'c1',
  subcategory: [],
  brand: 'b1',
  ratingsAverage: 4.75,
  ratingsQuantity: 4,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const url = 'https://shop.example/products/p1';
const review: Review = {
  _id: 'r1',
  id: 'r1',
  review: 'ممتاز',
  rating: 4.5,
  user: { _id: 'u1', id: 'u1', name: 'سارة' },
  product: 'p1',
  hidden: false,
  createdAt: '2026-01-03T10:00:00.000Z',
  updatedAt: '2026-01-03T10:00:00.000Z',
};

describe('product JSON-LD', () => {
  it('describes the product, its offer in the shop currency and its rating', () => {
    const ld = productJsonLd({ product, url, currency: 'SAR', brandName: 'سامسونج', categoryName: 'هواتف' });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: product.description,
      sku: 'p1',
      url,
      image: ['https://shop.example/media/products/a-960.webp', 'https://shop.example/media/products/b-960.webp'],
      brand: { '@type': 'Brand', name: 'سامسونج' },
      category: 'هواتف',
      offers: {
        '@type': 'Offer',
        price: 4499,
        priceCurrency: 'SAR',
        availability: 'https://schema.org/InStock',
        url,
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.75, reviewCount: 4, bestRating: 5 },
    });
    expect(ld).not.toHaveProperty('review');
  });

  it('says out of stock at quantity 0, the full price without a discount, and no rating when unrated', () => {
    const { priceAfterDiscount: _, ...plain } = product;
    const ld = productJsonLd({
      product: { ...plain, quantity: 0, ratingsQuantity: 0, ratingsAverage: 0, brand: null },
      url,
      currency: 'KWD',
    });
    expect(ld.offers).toMatchObject({
      price: 4899,
      priceCurrency: 'KWD',
      availability: 'https://schema.org/OutOfStock',
    });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('brand');
  });

  it('lists the reviews shown on the page', () => {
    const ld = productJsonLd({ product, url, currency: 'SAR', reviews: [review] });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'سارة' },
        datePublished: '2026-01-03',
        reviewBody: 'ممتاز',
        reviewRating: { '@type': 'Rating', ratingValue: 4.5, bestRating: 5, worstRating: 0.5 },
      },
    ]);
  });

  it('builds a breadcrumb list with positions from 1', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'الرئيسية', url: 'https://shop.example/' },
        { name: 'هواتف', url: 'https://shop.example/products/allCategory/c1' },
        { name: 'هاتف', url },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'هواتف', item: 'https://shop.example/products/allCategory/c1' },
        { '@type': 'ListItem', position: 3, name: 'هاتف', item: url },
      ],
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const ld = productJsonLd({ product, url, currency: 'SAR' });
    const text = serializeJsonLd(ld);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(ld);
  });
});

describe('open graph', () => {
  it('has type product, absolute URL and image, and the payable price', () => {
    const tags = productOpenGraph({ product, url, description: 'وصف', currency: 'SAR', shopName: 'متجر' });
    const byProperty = Object.fromEntries(tags.filter((t) => 'property' in t).map((t) => [t.property, t.content]));
    expect(byProperty).toMatchObject({
      'og:type': 'product',
      'og:title': product.title,
      'og:description': 'وصف',
      'og:url': url,
      'og:image': 'https://shop.example/media/products/a-960.webp',
      'product:price:amount': '4499',
      'product:price:currency': 'SAR',
    });
  });

  it('leaves out og:image when the product has no picture', () => {
    const tags = productOpenGraph({
      product: { ...product, imageCover: null, images: [] },
      url,
      description: 'وصف',
      currency: 'SAR',
      shopName: 'متجر',
    });
    expect(tags.some((t) => 'property' in t && t.property === 'og:image')).toBe(false);
  });
});

describe('gallery and excerpt', () => {
  it('puts the cover first and shows each image once', () => {
    expect(galleryOf({ imageCover: 'b', images: ['a', 'b', null, 'c'] })).toEqual(['b', 'a', 'c']);
    expect(galleryOf({ imageCover: null, images: [] })).toEqual([]);
    const [a, b, c] = ['products/a', 'products/b', 'products/c'].map(storedImage);
    expect(picturesOf({ imageCoverSizes: b ?? null, imagesSizes: [a, b, c].filter((x) => x !== undefined) })).toEqual([
      b,
      a,
      c,
    ]);
    expect(picturesOf({ imageCoverSizes: null, imagesSizes: [] })).toEqual([]);
  });

  it('cuts long text at a word and keeps short text whole', () => {
    expect(excerpt('  نص   قصير  ')).toBe('نص قصير');
    const long = 'كلمة '.repeat(60);
    const cut = excerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('كلمة…')).toBe(true);
  });
});

describe('sitemap and robots', () => {
  it('lists absolute, escaped URLs with their dates', () => {
    const xml = sitemapXml('https://shop.example', [
      { path: '/' },
      { path: '/products/p1?a=1&b=2', lastmod: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://shop.example/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://shop.example/products/p1?a=1&amp;b=2</loc><lastmod>2026-01-02</lastmod></url>',
    );
  });

  it('stops at the 50,000 URLs a sitemap may hold', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => ({ path: `/products/${i}` }));
    expect(sitemapXml('https://s', entries).match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
  });

  it('allows everything but the private areas and points to the sitemap', () => {
    const text = robotsTxt('https://shop.example');
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const path of ROBOTS_DISALLOW) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

describe('colour names', () => {
  it('names the colours shops use', () => {
    expect(colorKey('#000000')).toBe('black');
    expect(colorKey('#1c1917')).toBe('black');
    expect(colorKey('#FFFFFF')).toBe('white');
    expect(colorKey('#fff')).toBe('white');
    expect(colorKey('#c0c0c0')).toBe('silver');
    expect(colorKey('#a8a29e')).toBe('gray');
    expect(colorKey('#dc2626')).toBe('red');
    expect(colorKey('#7f1d1d')).toBe('maroon');
    expect(colorKey('#fda4af')).toBe('pink');
    expect(colorKey('#f97316')).toBe('orange');
    expect(colorKey('#78350f')).toBe('brown');
    expect(colorKey('#f5f5dc')).toBe('beige');
    expect(colorKey('#d4af37')).toBe('gold');
    expect(colorKey('#facc15')).toBe('yellow');
    expect(colorKey('#16a34a')).toBe('green');
    expect(colorKey('#0ea5e9')).toBe('skyBlue');
    expect(colorKey('#1d4ed8')).toBe('blue');
    expect(colorKey('#1e3a8a')).toBe('navy');
    expect(colorKey('#7c3aed')).toBe('purple');
    expect(colorKey('red')).toBe('red');
    expect(colorKey('grey')).toBe('gray');
    expect(colorKey('chartreuse')).toBeNull();
    expect(colorKey('#12')).toBeNull();
  });

  it('gives every swatch a distinct Arabic label', () => {
    expect(colorLabels(['#000000', '#ffffff'])).toEqual(['أسود', 'أبيض']);
    expect(colorLabels(['#000000', '#1c1917', '#ffffff'])).toEqual([
      `أسود ${formatNumber(1)}`,
      `أسود ${formatNumber(2)}`,
      'أبيض',
    ]);
    expect(colorLabels(['#ffffff', 'chartreuse'])).toEqual(['أبيض', `لون ${formatNumber(2)}`]);
  });
});

describe('add to cart', () => {
  it('asks for a colour when the product has colours, and refuses what is out of stock', () => {
    const colour = (color: string) => ({ variantId: '', color });
    expect(checkAddToCart(product, colour(''))).toBe('chooseColor');
    expect(checkAddToCart(product, colour('#123456'))).toBe('chooseColor');
    expect(checkAddToCart(product, colour('#ffffff'))).toBeNull();
    expect(checkAddToCart({ ...product, availableColors: [] }, colour(''))).toBeNull();
    expect(checkAddToCart({ ...product, quantity: 0 }, colour('#ffffff'))).toBe('outOfStock');
  });

  it('turns API failures into messages a shopper can act on', () => {
    expect(cartProblemOf(new ApiError(403, failBody('forbidden')))).toBe('customersOnly');
    expect(cartProblemOf(new ApiError(404, failBody('productNotFound')))).toBe('productGone');
    expect(cartProblemOf(new ApiError(404, failBody('routeNotFound')))).toBe('failed');
    expect(cartProblemOf(new ApiError(429, undefined))).toBe('tooManyRequests');
    expect(cartProblemOf(new ApiError(400, failBody('variantRequired')))).toBe('chooseOption');
    expect(cartProblemOf(new ApiError(404, failBody('variantNotFound')))).toBe('variantGone');
    expect(cartProblemOf(new ApiError(400, failBody('outOfStock')))).toBe('outOfStock');
    expect(cartProblemOf(new ApiError(400, failBody('notEnoughStock')))).toBe('notEnoughStock');
    expect(cartProblemOf(new Error('network'))).toBe('failed');
  });

  it('sends anonymous shoppers to sign in and back', () => {
    expect(loginHref('/products/p1')).toBe('/login?redirectTo=/products/p1');
    expect(loginHref('/products/a b?x=1&y')).toBe('/login?redirectTo=/products/a%20b%3Fx%3D1%26y');
  });
});

describe('page numbers in the URL', () => {
  const at = (search: string) => new URL(`https://shop.example/products/p1${search}`);
  it('reads a positive whole number, Arabic-Indic digits too, and page 1 otherwise', () => {
    expect(pageFrom(at('?reviewsPage=2'), 'reviewsPage')).toBe(2);
    expect(pageFrom(at(`?reviewsPage=${encodeURIComponent('٣')}`), 'reviewsPage')).toBe(3);
    for (const bad of ['', '?reviewsPage=0', '?reviewsPage=-1', '?reviewsPage=abc', '?reviewsPage=1.5', '?page=4']) {
      expect(pageFrom(at(bad), 'reviewsPage'), bad).toBe(1);
    }
  });

  it('links another page in its own parameter and keeps the rest', () => {
    expect(pageHref(at('?color=x'), 2, 'reviewsPage')).toBe('/products/p1?color=x&reviewsPage=2');
    expect(pageHref(at('?reviewsPage=2'), 1, 'reviewsPage')).toBe('/products/p1');
    expect(pageHref(at('?page=3'), 2)).toBe('/products/p1?page=2');
  });
});
