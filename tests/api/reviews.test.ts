import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { categories, products, reviews } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let reviewers: Account[];
let productId: string;
let otherProductId: string;
let quietProductId: string;
let categoryId: string;
const responses: LightMyRequestResponse[] = [];

const HOUR = 3_600_000;
const base = Date.UTC(2026, 0, 10, 12);
/** Five reviews of one product, written an hour apart: index 4 is the newest. */
const written = [
  { text: 'أول تقييم', rating: 4 },
  { text: 'تقييم ثانٍ', rating: 4.5 },
  { text: 'تقييم ثالث', rating: 0.5 },
  { text: 'تقييم رابع', rating: 5 },
  { text: 'أحدث تقييم', rating: 3.5 },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  reviewers = await Promise.all(written.map((_, i) => createAccount(t, 'user', `مراجع ${i + 1}`)));
  const [category] = await db.insert(categories).values({ name: 'قسم التقييمات', slug: 'قسم-التقييمات' }).returning();
  if (!category) throw new Error('no category');
  categoryId = category.id;
  const productRow = (title: string) => ({
    title,
    slug: title,
    description: 'وصف',
    price: 1000,
    quantity: 5,
    categoryId: category.id,
  });
  const rows = await db
    .insert(products)
    .values([productRow('منتج مقيّم'), productRow('منتج آخر'), productRow('منتج بلا تقييمات')])
    .returning({ id: products.id });
  [productId, otherProductId, quietProductId] = rows.map((row) => row.id) as [string, string, string];
  await db.insert(reviews).values([
    ...written.map((w, i) => ({
      userId: (reviewers[i] as Account).id,
      productId,
      review: w.text,
      rating: w.rating,
      createdAt: new Date(base + i * HOUR),
      updatedAt: new Date(base + i * HOUR),
    })),
    { userId: (reviewers[0] as Account).id, productId: otherProductId, review: 'عن منتج آخر', rating: 2 },
  ]);
});
afterAll(() => t.close());
afterEach(() => {
  const failures = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
  responses.length = 0;
  expect(failures).toEqual([]);
});

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  responses.push(res);
  return res;
}

type ReviewBody = {
  _id: string;
  id: string;
  review: string;
  rating: number;
  user: { _id: string; name: string };
  product: string;
  createdAt: string;
  updatedAt: string;
};

describe('GET /products/:id/reviews', () => {
  it('returns the list envelope of reviews with their author, newest first', async () => {
    const res = await get(`/products/${productId}/reviews`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'paginationResult', 'results']);
    expect(body.results).toBe(5);
    expect(body.paginationResult).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    const data = body.data as ReviewBody[];
    expect(data.map((r) => r.review)).toEqual([...written].reverse().map((w) => w.text));

    const newest = data[0] as ReviewBody;
    expect(Object.keys(newest).sort()).toEqual(
      ['_id', 'createdAt', 'hidden', 'id', 'product', 'rating', 'review', 'updatedAt', 'user'].sort(),
    );
    expect(newest._id).toBe(newest.id);
    expect(newest.product).toBe(productId);
    expect(newest.rating).toBe(3.5);
    expect(newest.createdAt).toBe(new Date(base + 4 * HOUR).toISOString());
    // The author's id and name, and nothing private (e-mail, phone, password hash).
    expect(newest.user).toEqual({
      _id: (reviewers[4] as Account).id,
      id: (reviewers[4] as Account).id,
      name: 'مراجع 5',
    });
    expect(data.map((r) => r.rating)).toEqual([3.5, 5, 0.5, 4.5, 4]);
  });

  it('pages with limit=3: three newest, then the remaining two', async () => {
    const first = await get(`/products/${productId}/reviews?page=1&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toBe(5);
    expect(first.json().paginationResult).toEqual({ currentPage: 1, limit: 3, numberOfPages: 2, nextPage: 2 });
    expect((first.json().data as ReviewBody[]).map((r) => r.review)).toEqual([
      'أحدث تقييم',
      'تقييم رابع',
      'تقييم ثالث',
    ]);

    const second = await get(`/products/${productId}/reviews?page=2&limit=3`);
    expect(second.json().paginationResult).toEqual({ currentPage: 2, limit: 3, numberOfPages: 2, prevPage: 1 });
    expect((second.json().data as ReviewBody[]).map((r) => r.review)).toEqual(['تقييم ثانٍ', 'أول تقييم']);

    const past = await get(`/products/${productId}/reviews?page=3&limit=3`);
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toEqual([]);
    expect(past.json().results).toBe(5);
  });

  it('accepts Arabic-Indic digits in page and limit', async () => {
    const res = await get(
      `/products/${productId}/reviews?page=${encodeURIComponent('٢')}&limit=${encodeURIComponent('٣')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().paginationResult).toMatchObject({ currentPage: 2, limit: 3 });
  });

  it('keeps pages stable when reviews share a timestamp', async () => {
    const same = new Date(base - 10 * HOUR);
    const extra = await Promise.all([1, 2, 3, 4].map((i) => createAccount(t, 'user', `متزامن ${i}`)));
    const [product] = await t.database.db
      .insert(products)
      .values({ title: 'متزامن', slug: 'متزامن', description: 'وصف', price: 500, categoryId })
      .returning({ id: products.id });
    if (!product) throw new Error('no product');
    await t.database.db.insert(reviews).values(
      extra.map((account) => ({
        userId: account.id,
        productId: product.id,
        review: 'نفس اللحظة',
        rating: 3,
        createdAt: same,
        updatedAt: same,
      })),
    );
    const pages = await Promise.all([1, 2].map((page) => get(`/products/${product.id}/reviews?page=${page}&limit=2`)));
    const ids = pages.flatMap((res) => (res.json().data as ReviewBody[]).map((r) => r.id));
    expect(new Set(ids).size).toBe(4);
  });

  it('lists only the reviews of that product', async () => {
    const res = await get(`/products/${otherProductId}/reviews`);
    expect(res.json().results).toBe(1);
    expect((res.json().data as ReviewBody[])[0]?.review).toBe('عن منتج آخر');
  });

  it('answers an empty list for a product nobody reviewed', async () => {
    const res = await get(`/products/${quietProductId}/reviews?limit=3`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: 0,
      paginationResult: { currentPage: 1, limit: 3, numberOfPages: 0 },
      data: [],
    });
  });

  it("404 { status: 'fail', message } for an unknown product", async () => {
    const res = await get(`/products/${randomUUID()}/reviews`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: m.productNotFound, code: 'PRODUCT_NOT_FOUND' });
  });

  it('400 with the contract error list for a malformed product id', async () => {
    const res = await get('/products/not-an-id/reviews');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: m.invalidId, param: 'id', location: 'params' });
  });

  it.each([
    ['page=0', m.pageInvalid],
    ['page=-2', m.pageInvalid],
    ['limit=0', m.limitInvalid],
    ['limit=101', m.limitInvalid],
    ['limit=2.5', m.limitInvalid],
  ])('400 for %s', async (query, message) => {
    const res = await get(`/products/${productId}/reviews?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: message, location: 'query' });
  });
});
