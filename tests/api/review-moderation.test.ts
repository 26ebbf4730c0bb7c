import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_REASON_MAX } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { ModeratedReview, Review, ReviewModeration } from '../../src/contract/types.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, createTaxonomy, expectFail, firstError, insertProduct, ratingsOf } from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
let refs: { categoryId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin', 'نورة المشرفة');
  const { category } = await createTaxonomy(t);
  refs = { categoryId: category.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const post = (author: Account, productId: string, text: string, rating = 3) =>
  send('POST', `/products/${productId}/reviews`, { token: author.token, payload: { review: text, rating } });

async function review(productId: string, rating: number, text = 'رأيي في المنتج', author?: Account) {
  const by = author ?? (await createAccount(t, 'user', 'خالد'));
  const res = await post(by, productId, text, rating);
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { data: Review }).data.id, author: by };
}

const publicList = async (productId: string) =>
  ((await send('GET', `/products/${productId}/reviews`)).json() as { data: Review[] }).data.map((r) => r.id);
const moderate = (id: string, payload: unknown) => send('PUT', `/admin/reviews/${id}`, { token: admin.token, payload });
const deleteAsStaff = (id: string, payload: unknown) =>
  send('DELETE', `/admin/reviews/${id}`, { token: admin.token, payload });
const staffList = async (query: string) => {
  const res = await send('GET', `/admin/reviews?${query}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: number; data: ModeratedReview[] };
};
const logEntriesOf = async (reviewId: string) => {
  const res = await send('GET', '/admin/reviews/moderations?limit=100', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ReviewModeration[] }).data.filter((entry) => entry.review.id === reviewId);
};

describe('hiding and showing a review', () => {
  it('a hidden review leaves the list and the rating, stays its author’s, and comes back when shown', async () => {
    const product = await insertProduct(t, refs);
    const kept = await review(product.id, 5);
    const rude = await review(product.id, 1, 'كلام مسيء');
    expect(await ratingsOf(t, product.id)).toEqual({ average: 3, quantity: 2 });

    const hidden = await moderate(rude.id, { hidden: true, reason: '  ألفاظ مسيئة  ' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ id: rude.id, hidden: true, hiddenReason: 'ألفاظ مسيئة' });
    expect(await publicList(product.id)).toEqual([kept.id]);
    expect(await ratingsOf(t, product.id)).toEqual({ average: 5, quantity: 1 });
    const mine = await send('GET', `/products/${product.id}/reviews/mine`, { token: rude.author.token });
    expect(mine.json().data).toMatchObject({ id: rude.id, hidden: true });

    // Editing does not bring it back, nor its stars into the average; deleting it (to write it
    // again, shown) is refused.
    const edited = await send('PUT', `/reviews/${rude.id}`, { token: rude.author.token, payload: { rating: 2 } });
    expect(edited.json().data).toMatchObject({ hidden: true, rating: 2 });
    expect(await ratingsOf(t, product.id)).toEqual({ average: 5, quantity: 1 });
    expectFail(await send('DELETE', `/reviews/${rude.id}`, { token: rude.author.token }), 409, m.reviewHidden);
    expectFail(await post(rude.author, product.id, 'كلام مسيء'), 400, m.reviewDuplicate);

    const shown = await moderate(rude.id, { hidden: false });
    expect(shown.json().data).toMatchObject({ hidden: false, hiddenReason: null, hiddenAt: null });
    expect((await publicList(product.id)).sort()).toEqual([kept.id, rude.id].sort());
    expect(await ratingsOf(t, product.id)).toEqual({ average: 3.5, quantity: 2 });

    const log = await logEntriesOf(rude.id);
    expect(log.map((entry) => [entry.action, entry.reason])).toEqual([
      ['shown', null],
      ['hidden', 'ألفاظ مسيئة'],
    ]);
    expect(log[1]).toMatchObject({
      staff: { id: admin.id, name: 'نورة المشرفة' },
      product: { id: product.id, title: product.title },
      review: { text: 'كلام مسيء', rating: 1, authorName: 'خالد' },
    });
  });

  it('showing a shown review changes and records nothing', async () => {
    const product = await insertProduct(t, refs);
    const { id } = await review(product.id, 4);
    expect((await moderate(id, { hidden: false })).statusCode).toBe(200);
    expect(await logEntriesOf(id)).toEqual([]);
  });
});

describe('deleting a review with a reason', () => {
  it('removes it, keeps its text and reason in the log, and lets its author write a new one', async () => {
    const product = await insertProduct(t, refs);
    const spam = await review(product.id, 5, 'اشترِ من موقعنا الآخر');
    const res = await deleteAsStaff(spam.id, { reason: 'إعلان' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await publicList(product.id)).toEqual([]);
    expect(await ratingsOf(t, product.id)).toEqual({ average: 0, quantity: 0 });
    const [entry] = await logEntriesOf(spam.id);
    expect(entry).toMatchObject({
      action: 'deleted',
      reason: 'إعلان',
      review: { text: 'اشترِ من موقعنا الآخر', rating: 5 },
    });
    await review(product.id, 4, 'رأي جديد', spam.author);
    expectFail(await deleteAsStaff(spam.id, { reason: 'مرة ثانية' }), 404, m.reviewNotFound);
  });

  it('a deletion through the original API by staff is logged without a reason; an author’s own is not logged', async () => {
    const product = await insertProduct(t, refs);
    const first = await review(product.id, 3);
    const second = await review(product.id, 2);
    expect((await send('DELETE', `/reviews/${first.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('DELETE', `/reviews/${second.id}`, { token: second.author.token })).statusCode).toBe(204);
    expect((await logEntriesOf(first.id)).map((entry) => [entry.action, entry.reason])).toEqual([['deleted', null]]);
    expect(await logEntriesOf(second.id)).toEqual([]);
  });
});

describe('the moderation list', () => {
  it('lists every product’s reviews newest first, by whole stars and by shown or hidden', async () => {
    const [one, two] = [await insertProduct(t, refs), await insertProduct(t, refs)];
    const half = await review(one.id, 0.5);
    const oneAndHalf = await review(two.id, 1.5);
    const four = await review(one.id, 4);
    const fourAndHalf = await review(two.id, 4.5);
    const threeAndHalf = await review(one.id, 3.5);
    const five = await review(two.id, 5);
    await moderate(fourAndHalf.id, { hidden: true, reason: 'مكرر' });

    const fours = await staffList('rating=٤&limit=100');
    const ids = fours.data.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([four.id, fourAndHalf.id]));
    expect(ids).not.toContain(threeAndHalf.id);
    expect(ids).not.toContain(five.id);
    expect(fours.data.every((r) => r.rating >= 4 && r.rating < 5)).toBe(true);

    const ones = (await staffList('rating=1&limit=100')).data.map((r) => r.id);
    expect(ones).toEqual(expect.arrayContaining([half.id, oneAndHalf.id]));
    expect(ones).not.toContain(four.id);

    const hidden = await staffList('status=hidden&limit=100');
    expect(hidden.data.map((r) => r.id)).toContain(fourAndHalf.id);
    expect(hidden.data.every((r) => r.hidden)).toBe(true);
    const entry = hidden.data.find((r) => r.id === fourAndHalf.id);
    expect(entry).toMatchObject({
      productTitle: two.title,
      hiddenReason: 'مكرر',
      user: { email: fourAndHalf.author.email },
    });
    const visible = await staffList('status=visible&limit=100');
    expect(visible.data.some((r) => r.hidden)).toBe(false);

    const all = await staffList('limit=100');
    const times = all.data.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.data.slice(0, 4).map((r) => r.id)).toEqual([five.id, threeAndHalf.id, fourAndHalf.id, four.id]);
  });
});

describe('bad moderation requests', () => {
  it('refuses hiding or deleting without a reason, an overlong reason and an unknown review', async () => {
    const product = await insertProduct(t, refs);
    const { id } = await review(product.id, 2);
    expect(firstError(await moderate(id, { hidden: true })).msg).toBe(m.moderationReasonRequired);
    expect(firstError(await moderate(id, { hidden: true, reason: '   ' })).msg).toBe(m.moderationReasonRequired);
    expect(firstError(await moderate(id, { hidden: 'yes', reason: 'x' })).msg).toBe(m.hiddenInvalid);
    expect(firstError(await deleteAsStaff(id, {})).msg).toBe(m.moderationReasonRequired);
    const long = 'س'.repeat(MODERATION_REASON_MAX + 1);
    expect(firstError(await deleteAsStaff(id, { reason: long })).msg).toBe(m.moderationReasonTooLong);
    expectFail(await moderate(crypto.randomUUID(), { hidden: true, reason: 'سبب' }), 404, m.reviewNotFound);
    expect(firstError(await send('GET', '/admin/reviews?rating=6', { token: admin.token })).msg).toBe(
      m.ratingFilterInvalid,
    );
    expect(firstError(await send('GET', '/admin/reviews?status=gone', { token: admin.token })).msg).toBe(
      m.reviewStatusInvalid,
    );
    // Nothing of it changed the review.
    expect(await publicList(product.id)).toEqual([id]);
    expect(await logEntriesOf(id)).toEqual([]);
  });
});
