import { describe, expect, it } from 'vitest';
import type { NoMatch, Product } from '../../src/contract/types.js';
import { listOfCards, toCard } from '../../src/web/lib/product-cards.js';

/*
 * A page's data carries each product it lists as its card draws it (src/web/lib/product-cards.ts):
 * the rest (description, gallery, variants) only the product's own page shows.
 */

const product = (id: string, priceAfterDiscount?: number): Product => ({
  _id: id,
  id,
  title: `منتج ${id}`,
  slug: `product-${id}`,
  description: 'وصف طويل يظهر في صفحة المنتج وحدها',
  quantity: 5,
  sold: 2,
  price: 200,
  ...(priceAfterDiscount === undefined ? {} : { priceAfterDiscount }),
  availableColors: ['أحمر'],
  options: [],
  variants: [],
  imageCover: `https://shop.example/media/${id}-960.webp`,
  images: [`https://shop.example/media/${id}-b-960.webp`],
  imageCoverSizes: null,
  imagesSizes: [],
  category: 'c1',
  subcategory: [],
  brand: null,
  ratingsAverage: 4.5,
  ratingsQuantity: 3,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const CARD_KEYS = ['id', 'title', 'imageCover', 'imageCoverSizes', 'price', 'ratingsAverage', 'ratingsQuantity'];

describe('a product as its card needs it', () => {
  it('keeps what the card and its heart draw, the discount only when there is one', () => {
    expect(Object.keys(toCard(product('p1'))).sort()).toEqual([...CARD_KEYS].sort());
    expect(toCard(product('p2', 150))).toEqual({
      id: 'p2',
      title: 'منتج p2',
      imageCover: 'https://shop.example/media/p2-960.webp',
      imageCoverSizes: null,
      price: 200,
      priceAfterDiscount: 150,
      ratingsAverage: 4.5,
      ratingsQuantity: 3,
    });
  });

  it('turns a list’s products and its no-match help into cards, and keeps the rest of the list', () => {
    const list = {
      results: 1,
      paginationResult: { currentPage: 1, limit: 8, numberOfPages: 1 },
      data: [product('p1')],
    };
    expect(listOfCards(list)).toEqual({ ...list, data: [toCard(product('p1'))] });
    expect('noMatch' in listOfCards(list)).toBe(false);
    const noMatch: NoMatch = {
      didYouMean: 'فستان',
      nearest: { keyword: 'فستان', data: [product('p2')] },
      popular: [product('p3', 100)],
    };
    const cards = listOfCards({ ...list, data: [], noMatch });
    expect(cards.noMatch).toEqual({
      didYouMean: 'فستان',
      nearest: { keyword: 'فستان', data: [toCard(product('p2'))] },
      popular: [toCard(product('p3', 100))],
    });
    expect(listOfCards({ ...list, noMatch: { ...noMatch, nearest: null } }).noMatch?.nearest).toBeNull();
  });
});
