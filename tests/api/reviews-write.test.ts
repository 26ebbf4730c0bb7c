import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, createTaxonomy, expectFail, firstError, insertProduct, ratingsOf } from '../helpers/shopping.js';

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
    expect(await ratingsOf(t, p.id)).toEqual({ average: 3.17, quantity: 3 });

    const edited = await send('PUT', `/reviews/${third.json().data._id}`, { token: c?.token, payload: { rating: 5 } });
    expect(edited.json().data).toMatchObject({ rating: 5, review: 'متوسط' });
    expect(await ratingsOf(t, p.id)).toEqual({ average: 4.17, quantity: 3 });

    const removed = await send('DELETE', `/reviews/${created.json().data._id}`, { token: a?.token });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await ratingsOf(t, p.id)).toEqual({ average: 4, quantity: 2 });
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
    expect(await ratingsOf(t, p.id)).toEqual({ average: 4, quantity: 1 });
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
    expect(await ratingsOf(t, p.id)).toEqual({ average: 3, quantity: 1 });
    expect((await send('DELETE', `/reviews/${id}`, { token: admin.token })).statusCode).toBe(204);
    expectFail(await send('DELETE', `/reviews/${id}`, { token: admin.token }), 404, m.reviewNotFound);
    expect(await ratingsOf(t, p.id)).toEqual({ average: 0, quantity: 0 });
  });
});

describe('GET /products/:id/reviews/mine', () => {
  const mine = (user: Account | undefined, productId: string) =>
    send('GET', `/products/${productId}/reviews/mine`, { token: user?.token });

  it("answers each customer their own review of the product, or { data: null }; never another's", async () => {
    const p = await insertProduct(t, refs);
    const [author, other] = await Promise.all([createAccount(t, 'user', 'منى'), createAccount(t)]);
    const created = (await post(author, p.id, { review: 'رائع', rating: 4.5 })).json().data;
    // Another product of the author's, so the answer is about this product only.
    const elsewhere = await insertProduct(t, refs);
    await post(author, elsewhere.id, { review: 'عن منتج آخر', rating: 1 });

    const own = await mine(author, p.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ data: created });
    expect(own.headers['cache-control']).toContain('no-store');

    // The other customer has not reviewed it: null, not the author's review.
    expect((await mine(other, p.id)).json()).toEqual({ data: null });
    await post(other, p.id, { review: 'مقبول', rating: 2 });
    expect((await mine(other, p.id)).json().data).toMatchObject({ review: 'مقبول', rating: 2 });
    expect((await mine(author, p.id)).json().data).toMatchObject({ id: created.id, review: 'رائع' });

    // Edited and deleted: the answer follows.
    await send('PUT', `/reviews/${created.id}`, { token: author.token, payload: { rating: 3 } });
    expect((await mine(author, p.id)).json().data).toMatchObject({ id: created.id, rating: 3 });
    await send('DELETE', `/reviews/${created.id}`, { token: author.token });
    expect((await mine(author, p.id)).json()).toEqual({ data: null });
  });

  it('refuses anonymous visitors (401) and staff (403), who have no review of their own', async () => {
    const p = await insertProduct(t, refs);
    expectFail(await mine(undefined, p.id), 401, m.notLoggedIn);
    expectFail(await mine(admin, p.id), 403, m.forbidden);
  });

  it('404 for an unknown product and for a draft (hidden from customers), 400 for a malformed id', async () => {
    const user = await createAccount(t);
    expectFail(await mine(user, '00000000-0000-4000-8000-000000000000'), 404, m.productNotFound);
    const draft = await insertProduct(t, refs, { status: 'draft' });
    expectFail(await mine(user, draft.id), 404, m.productNotFound);
    const bad = await mine(user, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad)).toMatchObject({ msg: m.invalidId, param: 'id' });
  });
});
