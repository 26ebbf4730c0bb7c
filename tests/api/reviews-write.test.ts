import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { products } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, createTaxonomy, expectFail, firstError, insertProduct } from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
let refs: { categoryId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const { category } = await createTaxonomy(t);
  refs = { categoryId: category.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const ratingsOf = async (id: string) => {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return { average: row?.ratingsAverage, quantity: row?.ratingsQuantity };
};
const post = (user: Account | undefined, productId: string, payload: unknown) =>
  send('POST', `/products/${productId}/reviews`, { token: user?.token, payload });

describe('writing reviews', () => {
  it('creates a review and keeps the product aggregates exact through edits and deletes', async () => {
    const p = await insertProduct(t, refs);
    const [a, b, c] = await Promise.all([createAccount(t, 'user', 'سارة'), createAccount(t), createAccount(t)]);
    const created = await post(a, p.id, { review: 'منتج ممتاز', rating: 4.5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      review: 'منتج ممتاز',
      rating: 4.5,
      product: p.id,
      user: { name: 'سارة' },
    });
    await post(b, p.id, { review: 'جيد', rating: '٣' });
    const third = await post(c, p.id, { review: 'متوسط', rating: 2 });
    expect(await ratingsOf(p.id)).toEqual({ average: 3.17, quantity: 3 });

    const edited = await send('PUT', `/reviews/${third.json().data._id}`, { token: c?.token, payload: { rating: 5 } });
    expect(edited.json().data).toMatchObject({ rating: 5, review: 'متوسط' });
    expect(await ratingsOf(p.id)).toEqual({ average: 4.17, quantity: 3 });

    const removed = await send('DELETE', `/reviews/${created.json().data._id}`, { token: a?.token });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await ratingsOf(p.id)).toEqual({ average: 4, quantity: 2 });
    const list = (await send('GET', `/products/${p.id}/reviews?limit=3`)).json();
    expect(list.results).toBe(2);
  });

  it('refuses a second review by the same customer, reviews by staff and by anonymous visitors', async () => {
    const p = await insertProduct(t, refs);
    const user = await createAccount(t);
    await post(user, p.id, { review: 'أول', rating: 4 });
    expectFail(await post(user, p.id, { review: 'ثانٍ', rating: 3 }), 400, m.reviewDuplicate);
    expectFail(await post(admin, p.id, { review: 'من الإدارة', rating: 5 }), 403);
    expectFail(await post(undefined, p.id, { review: 'زائر', rating: 5 }), 401);
    expect(await ratingsOf(p.id)).toEqual({ average: 4, quantity: 1 });
  });

  it('validates the text and the half-step rating', async () => {
    const p = await insertProduct(t, refs);
    const user = await createAccount(t);
    expect(firstError(await post(user, p.id, { review: '  ', rating: 4 })).msg).toBe(m.reviewRequired);
    expect(firstError(await post(user, p.id, { review: 'نص' })).msg).toBe(m.ratingRequired);
    // No stars (0, as a star widget starts) is no rating; anything else off the half steps is invalid.
    for (const rating of [0, '0', '']) {
      expect(firstError(await post(user, p.id, { review: 'نص', rating })).msg, String(rating)).toBe(m.ratingRequired);
    }
    for (const rating of [0.25, 5.5, -1, 'abc', 3.3]) {
      expect(firstError(await post(user, p.id, { review: 'نص', rating })).msg, String(rating)).toBe(m.ratingInvalid);
    }
    expect(firstError(await post(user, p.id, { review: 'x'.repeat(2001), rating: 3 })).msg).toBe(m.reviewTooLong);
    expectFail(await post(user, '00000000-0000-4000-8000-000000000000', { review: 'نص', rating: 3 }), 404);
    expect(firstError(await post(user, 'nope', { review: 'نص', rating: 3 })).msg).toBe(m.invalidId);
  });

  it('lets only the author edit, and the author or staff delete', async () => {
    const p = await insertProduct(t, refs);
    const [author, other] = await Promise.all([createAccount(t), createAccount(t)]);
    const id = (await post(author, p.id, { review: 'رأيي', rating: 3 })).json().data._id;
    expectFail(
      await send('PUT', `/reviews/${id}`, { token: other?.token, payload: { rating: 1 } }),
      403,
      m.reviewNotYours,
    );
    expectFail(await send('PUT', `/reviews/${id}`, { token: admin.token, payload: { rating: 1 } }), 403);
    expectFail(await send('PUT', `/reviews/${id}`, { payload: { rating: 1 } }), 401);
    expectFail(await send('DELETE', `/reviews/${id}`, { token: other?.token }), 403);
    expect(await ratingsOf(p.id)).toEqual({ average: 3, quantity: 1 });
    expect((await send('DELETE', `/reviews/${id}`, { token: admin.token })).statusCode).toBe(204);
    expectFail(await send('DELETE', `/reviews/${id}`, { token: admin.token }), 404, m.reviewNotFound);
    expect(await ratingsOf(p.id)).toEqual({ average: 0, quantity: 0 });
  });
});
