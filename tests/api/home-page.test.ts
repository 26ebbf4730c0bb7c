import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageSizes } from '../../src/contract/constants.js';
import { HOME_FEATURED_PRODUCTS_MAX, HOME_SLIDES_MAX } from '../../src/contract/home-values.js';
import { categories, homeFeaturedCategories, homeFeaturedProducts, homeSlides, products } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { type FilePart, multipart, pngImage } from '../helpers/multipart.js';
import { apiClient, createTaxonomy, firstError, insertProduct, unique } from '../helpers/shopping.js';

/* The home page chosen by the owner (docs/home-page.md): slides, featured categories and products, defaults. */

let shop: TestApp;
let admin: Account;
let picture: FilePart;
const { send, expectNo5xx } = apiClient(() => shop);

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop, 'admin');
  picture = await pngImage(120, 60, '#0a7');
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  const { db } = shop.database;
  await db.delete(homeSlides);
  await db.delete(homeFeaturedCategories);
  await db.delete(homeFeaturedProducts);
});
afterEach(expectNo5xx);

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const slideFields = (overrides: Record<string, string> = {}) => ({
  title: unique('تخفيضات'),
  text: 'خصم حتى ٥٠٪',
  alt: 'حقائب ملونة على رف',
  link: '/products?keyword=حقيبة',
  ...overrides,
});
const postSlide = (fields: Record<string, string>, files: Record<string, FilePart> = { image: picture }) =>
  send('POST', '/admin/home/slides', { token: admin.token, ...multipart(fields, files) });
async function addSlide(overrides: Record<string, string> = {}) {
  const res = await postSlide(slideFields(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; title: string; position: number; image: { large: string } };
}
const home = async () => {
  const res = await send('GET', '/home');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    slides: { id: string; title: string }[];
    categories: { id: string }[];
    featuredProducts: { id: string }[];
    latestProducts: { id: string }[];
    brands: { id: string }[];
  };
};

describe('slides', () => {
  it('the owner adds a slide with a picture from the media store; it is listed and shown, its picture served', async () => {
    const created = await addSlide({ link: 'https://example.com/عرض' });
    expect(created).toMatchObject({ position: 0, active: true, activeFrom: null, activeUntil: null, width: 960 });
    expect(created.image.large).toMatch(/\/media\/slides\/[0-9a-f]{32}-960\.webp$/);
    const served = await send('GET', new URL(created.image.large).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const listed = await send('GET', '/admin/home/slides', { token: admin.token });
    expect(listed.json().data.map((s: { id: string }) => s.id)).toEqual([created.id]);
    expect((await home()).slides.map((s) => s.id)).toEqual([created.id]);
  });

  it('edits the words, keeps the picture unless a new one is sent, and deletes it (404 after)', async () => {
    const created = await addSlide();
    const edited = await send('PUT', `/admin/home/slides/${created.id}`, {
      token: admin.token,
      payload: { title: 'عنوان جديد', active: 'false' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'عنوان جديد', active: false, image: created.image });
    expect((await home()).slides).toEqual([]);

    const other = await pngImage(80, 80, '#a00');
    const replaced = await send('PUT', `/admin/home/slides/${created.id}`, {
      token: admin.token,
      ...multipart({ active: 'true' }, { image: other }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newImage = replaced.json().data.image.large as string;
    expect(newImage).not.toBe(created.image.large);
    // The replaced picture is no one's any more: its file is gone.
    expect((await send('GET', new URL(created.image.large).pathname)).statusCode).toBe(404);

    expect((await send('DELETE', `/admin/home/slides/${created.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('GET', new URL(newImage).pathname)).statusCode).toBe(404);
    const again = await send('DELETE', `/admin/home/slides/${created.id}`, { token: admin.token });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SLIDE_NOT_FOUND');
    const missing = await send('PUT', `/admin/home/slides/${created.id}`, {
      token: admin.token,
      payload: { title: 'س' },
    });
    expect(missing.json().code).toBe('SLIDE_NOT_FOUND');
  });

  it('keeps a picture two slides share until the last of them goes', async () => {
    const [first, second] = [await addSlide(), await addSlide()];
    expect(second.image.large).toBe(first.image.large);
    const path = new URL(first.image.large).pathname;
    expect((await send('DELETE', `/admin/home/slides/${first.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('GET', path)).statusCode).toBe(200);
    expect((await send('DELETE', `/admin/home/slides/${second.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('GET', path)).statusCode).toBe(404);
  });

  it('refuses links that leave the shop unsafely, and takes paths and https addresses', async () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '/\\evil.example',
      'http://example.com',
      'https://',
      'https://user:pass@example.com',
      'products',
      '/products here',
      '/products\u200bhere',
      '',
      `/${'x'.repeat(600)}`,
    ]) {
      const res = await postSlide(slideFields({ link }));
      expect(res.statusCode, link).toBe(400);
      expect(firstError(res), link).toMatchObject({ param: 'link', code: 'SLIDE_LINK_INVALID' });
    }
    for (const link of ['/products?category=x&sort=-sold', '/pages/about', 'https://example.com/a?b=1#c']) {
      expect((await postSlide(slideFields({ link }))).statusCode, link).toBe(201);
    }
  });

  it('requires a picture, its alt text and a title, and refuses a window that ends before it starts', async () => {
    const noImage = await postSlide(slideFields(), {});
    expect(firstError(noImage)).toMatchObject({ param: 'image', code: 'SLIDE_IMAGE_REQUIRED' });
    expect(firstError(await postSlide(slideFields({ alt: '  ' })))).toMatchObject({
      param: 'alt',
      code: 'SLIDE_ALT_REQUIRED',
    });
    expect(firstError(await postSlide(slideFields({ title: '' })))).toMatchObject({
      param: 'title',
      code: 'SLIDE_TITLE_REQUIRED',
    });
    const notPicture = await postSlide(slideFields(), {
      image: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('no') },
    });
    expect(notPicture.json().code).toBe('IMAGE_INVALID');
    for (const activeFrom of ['2026-13-01T00:00Z', 'tomorrow', '2026-12-01T09:00']) {
      expect(firstError(await postSlide(slideFields({ activeFrom }))), activeFrom).toMatchObject({
        param: 'activeFrom',
        code: 'SLIDE_DATE_INVALID',
      });
    }
    const backwards = await postSlide(
      slideFields({ activeFrom: '2026-12-02T09:00:00+03:00', activeUntil: '2026-12-01T09:00:00+03:00' }),
    );
    expect(firstError(backwards)).toMatchObject({ param: 'activeUntil', code: 'SLIDE_WINDOW_INVALID' });
    const same = await postSlide(
      slideFields({ activeFrom: '2026-12-01T09:00:00+03:00', activeUntil: '2026-12-01T06:00:00Z' }),
    );
    expect(firstError(same).code).toBe('SLIDE_WINDOW_INVALID');
    expect(await shop.database.db.select().from(homeSlides)).toEqual([]);

    // An edit of one edge is checked against the edge the slide keeps.
    const slide = await addSlide({ activeFrom: '2026-12-01T09:00:00+03:00' });
    const edit = await send('PUT', `/admin/home/slides/${slide.id}`, {
      token: admin.token,
      payload: { activeUntil: '2026-11-30T09:00:00+03:00' },
    });
    expect(firstError(edit)).toMatchObject({ param: 'activeUntil', code: 'SLIDE_WINDOW_INVALID' });

    // A JSON null clears an edge, as the form's empty field does; an absent edge stays.
    const cleared = await send('PUT', `/admin/home/slides/${slide.id}`, {
      token: admin.token,
      payload: { activeFrom: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ activeFrom: null, activeUntil: null });
  });

  it('keeps a window given in the shop’s zone as its instant, and shows a slide only within it', async () => {
    const zoned = await addSlide({ activeFrom: '2026-12-01T09:00:00+03:00', activeUntil: '' });
    expect(zoned).toMatchObject({ activeFrom: '2026-12-01T06:00:00.000Z', activeUntil: null });

    const now = await addSlide({ title: 'الآن', activeFrom: at(-HOUR), activeUntil: at(HOUR) });
    await addSlide({ title: 'لاحقاً', activeFrom: at(HOUR) });
    await addSlide({ title: 'انتهى', activeUntil: at(-1_000) });
    await addSlide({ title: 'مخفية', active: 'false' });
    const open = await addSlide({ title: 'دائماً' });
    const shown = (await home()).slides.map((s) => s.id);
    // 2026-12-01 is in the past or future depending on the day this runs: it follows the same rule.
    const zonedShown = Date.now() >= Date.parse('2026-12-01T06:00:00Z');
    expect(shown).toEqual([...(zonedShown ? [zoned.id] : []), now.id, open.id]);

    // The window's edges: shown from activeFrom itself, no longer at activeUntil.
    await shop.database.db
      .update(homeSlides)
      .set({ activeFrom: new Date(Date.now() - 5), activeUntil: null })
      .where(eq(homeSlides.id, open.id));
    expect((await home()).slides.map((s) => s.id)).toContain(open.id);
    await shop.database.db
      .update(homeSlides)
      .set({ activeFrom: null, activeUntil: new Date(Date.now() - 1) })
      .where(eq(homeSlides.id, open.id));
    expect((await home()).slides.map((s) => s.id)).not.toContain(open.id);
  });

  it('reorders with every id once, refusing a partial, repeated or unknown list', async () => {
    const [a, b, c] = [await addSlide(), await addSlide(), await addSlide()];
    if (!a || !b || !c) throw new Error('slides');
    expect((await home()).slides.map((s) => s.id)).toEqual([a.id, b.id, c.id]);
    const order = (ids: string[]) => send('PUT', '/admin/home/slides/order', { token: admin.token, payload: { ids } });
    const res = await order([c.id, a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { id: string }) => s.id)).toEqual([c.id, a.id, b.id]);
    expect((await home()).slides.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
    for (const ids of [[c.id, a.id], [c.id, a.id, a.id], [c.id, a.id, b.id, crypto.randomUUID()], []]) {
      const refused = await order(ids);
      expect(refused.statusCode).toBe(400);
      expect(firstError(refused).code).toBe('SLIDE_ORDER_INVALID');
    }
    expect((await home()).slides.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
  });

  it(`keeps at most ${HOME_SLIDES_MAX} slides (409), also when added at once`, async () => {
    const results = await Promise.all(Array.from({ length: HOME_SLIDES_MAX + 2 }, () => postSlide(slideFields())));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(HOME_SLIDES_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.json().code)).toEqual(['SLIDES_TOO_MANY', 'SLIDES_TOO_MANY']);
    const positions = (await shop.database.db.select().from(homeSlides)).map((s) => s.position).sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: HOME_SLIDES_MAX }, (_, i) => i));
  });
});

describe('featured categories and products', () => {
  it('without a choice the home page shows the first categories and the latest products for sale, as before', async () => {
    const { category } = await createTaxonomy(shop);
    const draft = await insertProduct(shop, { categoryId: category.id }, { status: 'draft' });
    const data = await home();
    expect(data.slides).toEqual([]);
    expect(data.featuredProducts).toEqual([]);
    const expectedCategories = await shop.database.db
      .select()
      .from(categories)
      .orderBy(categories.createdAt, categories.id);
    expect(data.categories.map((c) => c.id)).toEqual(
      expectedCategories.slice(0, pageSizes.homeCategories).map((c) => c.id),
    );
    const listing = await send('GET', `/products?limit=${pageSizes.homeBlock * 2}`);
    expect(data.latestProducts.map((p) => p.id)).toEqual(listing.json().data.map((p: { id: string }) => p.id));
    expect(data.latestProducts.map((p) => p.id)).not.toContain(draft.id);
    const brands = await send('GET', `/brands?limit=${pageSizes.homeBrands}`);
    expect(data.brands.map((b) => b.id)).toEqual(brands.json().data.map((b: { id: string }) => b.id));
  });

  it('shows the chosen categories and products in the chosen order; drafts only once published', async () => {
    const { category: first } = await createTaxonomy(shop);
    const { category: second } = await createTaxonomy(shop);
    const sold = await insertProduct(shop, { categoryId: first.id });
    const draft = await insertProduct(shop, { categoryId: first.id }, { status: 'draft' });
    const other = await insertProduct(shop, { categoryId: second.id });
    const choice = { categoryIds: [second.id, first.id], productIds: [other.id, draft.id, sold.id] };
    const saved = await send('PUT', '/admin/home/featured', { token: admin.token, payload: choice });
    expect(saved.statusCode, saved.body).toBe(200);
    // The admin sees the whole choice, the draft too.
    expect(saved.json().data.products.map((p: { id: string }) => p.id)).toEqual(choice.productIds);
    const read = await send('GET', '/admin/home/featured', { token: admin.token });
    expect(read.json().data.categories.map((c: { id: string }) => c.id)).toEqual(choice.categoryIds);

    let data = await home();
    expect(data.categories.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(data.featuredProducts.map((p) => p.id)).toEqual([other.id, sold.id]);
    await shop.database.db.update(products).set({ status: 'active' }).where(eq(products.id, draft.id));
    data = await home();
    expect(data.featuredProducts.map((p) => p.id)).toEqual([other.id, draft.id, sold.id]);

    // A deleted product leaves the choice; empty lists bring the defaults back.
    expect((await send('DELETE', `/products/${other.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await home()).featuredProducts.map((p) => p.id)).toEqual([draft.id, sold.id]);
    await send('PUT', '/admin/home/featured', { token: admin.token, payload: { categoryIds: [], productIds: [] } });
    data = await home();
    expect(data.featuredProducts).toEqual([]);
    expect(data.categories.length).toBeGreaterThan(0);
  });

  it('refuses ids that name nothing, repeats and too long lists, keeping the choice', async () => {
    const { category } = await createTaxonomy(shop);
    const product = await insertProduct(shop, { categoryId: category.id });
    const put = (payload: unknown) => send('PUT', '/admin/home/featured', { token: admin.token, payload });
    expect((await put({ categoryIds: [category.id], productIds: [product.id] })).statusCode).toBe(200);

    const cases: [unknown, string, string][] = [
      [{ categoryIds: [crypto.randomUUID()], productIds: [] }, 'categoryIds', 'FEATURED_CATEGORY_NOT_FOUND'],
      [{ categoryIds: [], productIds: [crypto.randomUUID()] }, 'productIds', 'FEATURED_PRODUCT_NOT_FOUND'],
      // A category's id is no product's.
      [{ categoryIds: [], productIds: [category.id] }, 'productIds', 'FEATURED_PRODUCT_NOT_FOUND'],
      [{ categoryIds: ['not-an-id'], productIds: [] }, 'categoryIds.0', 'INVALID_ID'],
      [{ categoryIds: [], productIds: [product.id, product.id] }, 'productIds', 'VALUE_INVALID'],
      [
        {
          categoryIds: [],
          productIds: Array.from({ length: HOME_FEATURED_PRODUCTS_MAX + 1 }, () => crypto.randomUUID()),
        },
        'productIds',
        'VALUES_TOO_MANY',
      ],
      [{ productIds: [] }, 'categoryIds', 'VALUE_REQUIRED'],
    ];
    for (const [payload, param, code] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(firstError(res), code).toMatchObject({ param, code });
    }
    const data = await home();
    expect(data.categories.map((c) => c.id)).toEqual([category.id]);
    expect(data.featuredProducts.map((p) => p.id)).toEqual([product.id]);
  });
});
