import { describe, expect, it } from 'vitest';
import type { NamedItem, Product } from '../../src/contract/types.js';
import { type FeedShop, productFeedXml } from '../../src/web/lib/product-feed.js';

const base: Product = {
  _id: 'p1',
  id: 'p1',
  title: 'حذاء جري <خفيف> & مريح',
  slug: 'حذاء',
  description: 'وصف',
  quantity: 3,
  sold: 0,
  price: 100,
  status: 'active',
  availableColors: ['#000000'],
  options: [
    { name: 'المقاس', values: ['42', '43'] },
    { name: 'اللون', values: ['#000000'] },
  ],
  variants: [
    {
      _id: 'v1',
      id: 'v1',
      sku: 'SH-42',
      barcode: '4006381333931',
      options: { المقاس: '42', اللون: '#000000' },
      price: 120,
      priceAfterDiscount: 100,
      quantity: 3,
    },
    {
      _id: 'v2',
      id: 'v2',
      sku: 'SH-43',
      barcode: null,
      options: { المقاس: '43', اللون: '#000000' },
      price: 120,
      quantity: 0,
    },
  ],
  imageCover: 'https://shop.example/media/products/a-960.webp',
  images: ['https://shop.example/media/products/a-960.webp', 'https://shop.example/media/products/b-960.webp'],
  // The feed reads the plain URLs above; the sizes are for screens.
  imageCoverSizes: null,
  imagesSizes: [],
  category: 'c1',
  subcategory: [],
  brand: 'b1',
  ratingsAverage: 0,
  ratingsQuantity: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const brands = [{ id: 'b1', name: 'أديداس' } as NamedItem];
const shop: FeedShop = {
  name: 'متجر',
  publicUrl: 'https://shop.example',
  currency: 'SAR',
  vatRate: 15,
  pricesIncludeVat: true,
};

const items = (xml: string) => xml.split('<item>').slice(1);

describe('the product feed (Google Merchant Center RSS)', () => {
  it('has one item per variant, grouped by product, with its SKU, availability, prices, GTIN, colour and size', () => {
    const xml = productFeedXml([base], brands, shop);
    expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    const [first, second] = items(xml);
    expect(items(xml)).toHaveLength(2);
    expect(first).toContain('<g:id>SH-42</g:id>');
    expect(first).toContain('<g:item_group_id>p1</g:item_group_id>');
    expect(first).toContain('<title>حذاء جري &lt;خفيف&gt; &amp; مريح (المقاس: 42، اللون: أسود)</title>');
    expect(first).toContain(
      `<link>https://shop.example/products/p1?${new URLSearchParams({ المقاس: '42', اللون: '#000000' }).toString().replace('&', '&amp;')}</link>`,
    );
    expect(first).toContain('<g:availability>in_stock</g:availability>');
    expect(first).toContain('<g:price>120.00 SAR</g:price>');
    expect(first).toContain('<g:sale_price>100.00 SAR</g:sale_price>');
    expect(first).toContain('<g:gtin>4006381333931</g:gtin>');
    expect(first).toContain('<g:brand>أديداس</g:brand>');
    expect(first).toContain('<g:color>أسود</g:color>');
    expect(first).toContain('<g:size>42</g:size>');
    expect(first).toContain('<g:image_link>https://shop.example/media/products/a-960.webp</g:image_link>');
    expect(first).toContain('<g:additional_image_link>https://shop.example/media/products/b-960.webp');
    expect(second).toContain('<g:availability>out_of_stock</g:availability>');
    expect(second).toContain('<g:identifier_exists>no</g:identifier_exists>');
    expect(second).not.toContain('sale_price');
  });

  it('adds VAT when the shop’s prices leave it out, and links a product without options to its page', () => {
    const plain: Product = {
      ...base,
      options: [],
      variants: [{ _id: 'v9', id: 'v9', sku: 'MJ-1', barcode: null, options: {}, price: 99.99, quantity: 1 }],
    };
    const xml = productFeedXml([plain], [], { ...shop, pricesIncludeVat: false });
    expect(xml).toContain('<g:price>114.99 SAR</g:price>');
    expect(xml).toContain('<link>https://shop.example/products/p1</link>');
    expect(xml).toContain('<title>حذاء جري &lt;خفيف&gt; &amp; مريح</title>');
    expect(xml).not.toContain('<g:brand>');
  });
});
