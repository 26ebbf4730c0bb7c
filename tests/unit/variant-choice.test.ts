import { describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../src/contract/types.js';
import { checkAddToCart } from '../../src/web/lib/add-to-cart.js';
import { productJsonLd } from '../../src/web/lib/seo.js';
import {
  choiceFromSearch,
  chosenVariant,
  firstUnchosenOption,
  isValueAvailable,
  priceForChoice,
  searchWithChoice,
  stockNote,
} from '../../src/web/lib/variant-choice.js';

/* The product page's choice of a size and colour (docs/specification.md (Product page)). */

const SIZE = 'المقاس';
const COLOR = 'اللون';

const variant = (id: string, size: string, color: string, price: number, quantity: number, discounted?: number) =>
  ({
    _id: id,
    id,
    sku: `SH-${size}-${color}`,
    barcode: null,
    options: { [SIZE]: size, [COLOR]: color },
    price,
    ...(discounted === undefined ? {} : { priceAfterDiscount: discounted }),
    quantity,
  }) satisfies Variant;

/** Sizes 41–43 in black and white: 43 has no variant at all, 42 white is sold out, 42 black is on sale. */
const shoe: Product = {
  _id: 'p1',
  id: 'p1',
  title: 'حذاء جري',
  slug: 'حذاء-جري',
  description: 'حذاء جري خفيف',
  quantity: 8,
  sold: 0,
  price: 320,
  priceAfterDiscount: 280,
  status: 'active',
  availableColors: ['#000000', 'white'],
  options: [
    { name: SIZE, values: ['41', '42', '43'] },
    { name: COLOR, values: ['#000000', 'white'] },
  ],
  variants: [
    variant('v-41-black', '41', '#000000', 300, 5),
    variant('v-41-white', '41', 'white', 300, 2),
    variant('v-42-black', '42', '#000000', 320, 1, 280),
    variant('v-42-white', '42', 'white', 320, 0),
  ],
  imageCover: null,
  images: [],
  imageCoverSizes: null,
  imagesSizes: [],
  category: 'c1',
  subcategory: [],
  brand: null,
  ratingsAverage: 0,
  ratingsQuantity: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const search = (query: Record<string, string>) => new URLSearchParams(query);

describe('the choice in the URL', () => {
  it('reads one parameter per option, Arabic-Indic digits and a colour in capitals too', () => {
    expect(choiceFromSearch(shoe.options, search({ [SIZE]: '42', [COLOR]: 'WHITE' }))).toEqual({
      [SIZE]: '42',
      [COLOR]: 'white',
    });
    expect(choiceFromSearch(shoe.options, search({ [SIZE]: '٤١' }))).toEqual({ [SIZE]: '41' });
    expect(choiceFromSearch(shoe.options, search({ [SIZE]: ' 42 ', reviewsPage: '2' }))).toEqual({ [SIZE]: '42' });
  });

  it('leaves out values and options the product does not have', () => {
    expect(choiceFromSearch(shoe.options, search({ [SIZE]: '44', [COLOR]: 'red', الخامة: 'جلد' }))).toEqual({});
    expect(choiceFromSearch(shoe.options, search({ [SIZE]: '' }))).toEqual({});
    expect(choiceFromSearch([], search({ [SIZE]: '42' }))).toEqual({});
  });

  it('writes the choice back, keeping the other parameters, and reads the same choice from it', () => {
    const next = searchWithChoice(shoe.options, { [SIZE]: '42', [COLOR]: '#000000' }, search({ reviewsPage: '2' }));
    expect(next.get('reviewsPage')).toBe('2');
    expect(next.toString()).toBe(
      `reviewsPage=2&${encodeURIComponent(SIZE)}=42&${encodeURIComponent(COLOR)}=${encodeURIComponent('#000000')}`,
    );
    expect(choiceFromSearch(shoe.options, next)).toEqual({ [SIZE]: '42', [COLOR]: '#000000' });
    // An option no longer chosen leaves the URL.
    expect(searchWithChoice(shoe.options, {}, next).toString()).toBe('reviewsPage=2');
  });
});

describe('which values are open', () => {
  it('before any choice: a value some variant in stock has', () => {
    expect(shoe.options[0]?.values.map((size) => isValueAvailable(shoe, {}, SIZE, size))).toEqual([true, true, false]);
    expect(isValueAvailable(shoe, {}, COLOR, 'white')).toBe(true);
  });

  it('given the other choices: a sold-out or missing combination is closed', () => {
    expect(isValueAvailable(shoe, { [SIZE]: '42' }, COLOR, 'white')).toBe(false);
    expect(isValueAvailable(shoe, { [SIZE]: '42' }, COLOR, '#000000')).toBe(true);
    expect(isValueAvailable(shoe, { [COLOR]: 'white' }, SIZE, '42')).toBe(false);
    expect(isValueAvailable(shoe, { [COLOR]: 'white' }, SIZE, '41')).toBe(true);
    // The option's own value does not close its other values: the shopper may change it.
    expect(isValueAvailable(shoe, { [SIZE]: '41', [COLOR]: 'white' }, SIZE, '42')).toBe(false);
    expect(isValueAvailable(shoe, { [SIZE]: '42', [COLOR]: '#000000' }, SIZE, '41')).toBe(true);
  });
});

describe('the chosen variant', () => {
  it('is named once every option is picked, and asks for the first one missing before', () => {
    expect(chosenVariant(shoe, { [SIZE]: '42' })).toBeUndefined();
    expect(firstUnchosenOption(shoe.options, {})?.name).toBe(SIZE);
    expect(firstUnchosenOption(shoe.options, { [SIZE]: '42' })?.name).toBe(COLOR);
    expect(firstUnchosenOption(shoe.options, { [COLOR]: 'white' })?.name).toBe(SIZE);
    expect(chosenVariant(shoe, { [SIZE]: '42', [COLOR]: '#000000' })?.id).toBe('v-42-black');
    expect(firstUnchosenOption(shoe.options, { [SIZE]: '42', [COLOR]: '#000000' })).toBeUndefined();
    // A combination no variant has (an edited link).
    expect(chosenVariant(shoe, { [SIZE]: '43', [COLOR]: 'white' })).toBeUndefined();
    // Without options there is nothing to pick.
    expect(chosenVariant({ options: [], variants: shoe.variants.slice(0, 1) }, {})).toBeUndefined();
  });

  it('sets the price: the variant’s, else the cheapest still open, marked «from» when they differ', () => {
    expect(priceForChoice(shoe, { [SIZE]: '42', [COLOR]: '#000000' })).toEqual({
      price: 320,
      priceAfterDiscount: 280,
      from: false,
    });
    expect(priceForChoice(shoe, { [SIZE]: '41' })).toEqual({ price: 300, priceAfterDiscount: undefined, from: false });
    expect(priceForChoice(shoe, {})).toEqual({ price: 320, priceAfterDiscount: 280, from: true });
    expect(priceForChoice(shoe, { [SIZE]: '43' })).toEqual({ price: 320, priceAfterDiscount: 280, from: false });
    const single = { ...shoe, options: [], variants: [{ ...variant('v', '', '', 99, 1, 89), options: {} }] };
    expect(priceForChoice(single, {})).toEqual({ price: 99, priceAfterDiscount: 89, from: false });
  });

  it('says how many are left when few, and sold out at none', () => {
    expect(stockNote(0)).toEqual({ kind: 'soldOut' });
    expect(stockNote(3)).toEqual({ kind: 'fewLeft', left: 3 });
    expect(stockNote(5)).toEqual({ kind: 'fewLeft', left: 5 });
    expect(stockNote(6)).toEqual({ kind: 'inStock' });
  });
});

describe('adding a product with options to the cart', () => {
  it('asks for its variant, and refuses a sold-out or vanished one', () => {
    expect(checkAddToCart(shoe, { variantId: '', color: '' })).toBe('chooseOption');
    expect(checkAddToCart(shoe, { variantId: 'v-41-black', color: '' })).toBeNull();
    expect(checkAddToCart(shoe, { variantId: 'v-42-white', color: '' })).toBe('outOfStock');
    expect(checkAddToCart(shoe, { variantId: 'v-gone', color: '' })).toBe('variantGone');
    // Its colours come from its variants: a colour alone does not choose one.
    expect(checkAddToCart(shoe, { variantId: '', color: '#000000' })).toBe('chooseOption');
  });
});

describe('JSON-LD of a product with options', () => {
  it('offers each variant at the URL that picks it, within an AggregateOffer from the lowest to the highest price', () => {
    const url = 'https://shop.example/products/p1';
    const ld = productJsonLd({ product: shoe, url, currency: 'SAR' });
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: 280,
      highPrice: 320,
      offerCount: 4,
      priceCurrency: 'SAR',
      availability: 'https://schema.org/InStock',
    });
    const offers = (ld.offers as { offers: Record<string, unknown>[] }).offers;
    expect(offers.map((offer) => [offer.sku, offer.price, offer.availability])).toEqual([
      ['SH-41-#000000', 300, 'https://schema.org/InStock'],
      ['SH-41-white', 300, 'https://schema.org/InStock'],
      ['SH-42-#000000', 280, 'https://schema.org/InStock'],
      ['SH-42-white', 320, 'https://schema.org/OutOfStock'],
    ]);
    const link = new URL(String(offers[3]?.url));
    expect(`${link.origin}${link.pathname}`).toBe(url);
    expect(choiceFromSearch(shoe.options, link.searchParams)).toEqual({ [SIZE]: '42', [COLOR]: 'white' });
  });

  it('is out of stock when every variant is', () => {
    const soldOut = { ...shoe, quantity: 0, variants: shoe.variants.map((v) => ({ ...v, quantity: 0 })) };
    expect(productJsonLd({ product: soldOut, url: 'https://s/p', currency: 'SAR' }).offers).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
  });
});
