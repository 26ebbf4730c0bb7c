import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { brands, categories, productSubcategories, products, subcategories } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { type FieldValue, type FilePart, multipart, noisyPng, pngImage } from '../helpers/multipart.js';

let t: TestApp;
let admin: Account;
let user: Account;
let png: FilePart;
const responses: LightMyRequestResponse[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  user = await createAccount(t, 'user');
  png = await pngImage();
});
afterAll(() => t.close());
// Whatever a test sends, the server never answers with a 5xx.
afterEach(() => {
  const failures = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
  responses.length = 0;
  expect(failures).toEqual([]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type SendOptions = { token?: string | undefined; payload?: unknown; headers?: Record<string, string>; app?: TestApp };

async function send(method: Method, url: string, options: SendOptions = {}) {
  const res = await (options.app ?? t).app.inject({
    method,
    url: url.startsWith('/api/') || url.startsWith('/media/') ? url : `/api/v1${url}`,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
  responses.push(res);
  return res;
}

function sendForm(
  method: Method,
  url: string,
  token: string | undefined,
  fields: Record<string, FieldValue | undefined>,
  files: Record<string, FilePart | FilePart[] | undefined> = {},
  app?: TestApp,
) {
  const { payload, headers } = multipart(fields, files);
  return send(method, url, { token, payload, headers, ...(app ? { app } : {}) });
}

function expectFail(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.status).toBe('fail');
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

type FieldErr = { value?: unknown; msg: string; param: string; location: string };
function firstError(res: LightMyRequestResponse): FieldErr {
  expect(res.statusCode, res.body).toBe(400);
  const errors = res.json().errors as FieldErr[];
  expect(Array.isArray(errors)).toBe(true);
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(typeof error.msg).toBe('string');
    expect(['body', 'query', 'params']).toContain(error.location);
  }
  return errors[0] as FieldErr;
}

function expectEnvelope(
  body: Record<string, unknown>,
  expected: { results: number; currentPage: number; limit: number; length?: number },
) {
  expect(Object.keys(body).sort()).toEqual(['data', 'paginationResult', 'results']);
  const numberOfPages = Math.ceil(expected.results / expected.limit);
  const pagination: Record<string, number> = {
    currentPage: expected.currentPage,
    limit: expected.limit,
    numberOfPages,
  };
  if (expected.currentPage < numberOfPages) pagination.nextPage = expected.currentPage + 1;
  if (expected.currentPage > 1) pagination.prevPage = expected.currentPage - 1;
  expect(body.results).toBe(expected.results);
  expect(body.paginationResult).toEqual(pagination);
  expect(Array.isArray(body.data)).toBe(true);
  if (expected.length !== undefined) expect(body.data).toHaveLength(expected.length);
}

/** Fetches a media URL from the API and checks it is a cacheable WebP. */
async function expectServedImage(url: unknown) {
  expect(typeof url).toBe('string');
  const parsed = new URL(String(url));
  expect(parsed.protocol).toMatch(/^https?:$/);
  const res = await send('GET', parsed.pathname);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('image/webp');
  expect(String(res.headers['cache-control'])).toContain('immutable');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
}

const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

async function createNamed(kind: 'categories' | 'brands', name = uniqueName(kind === 'categories' ? 'قسم' : 'ماركة')) {
  const res = await sendForm('POST', `/${kind}`, admin.token, { name }, { image: png });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; _id: string; name: string; slug: string; image: string };
}

async function createSubcategory(category: string, name = uniqueName('فرعي')) {
  const res = await send('POST', '/subcategories', { token: admin.token, payload: { name, category } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; category: string };
}

type ProductData = {
  id: string;
  _id: string;
  title: string;
  description: string;
  price: number;
  priceAfterDiscount?: number;
  imageCover: string;
  images: string[];
  category: string;
  brand: string | null;
  subcategory: string[];
  availableColors: string[];
  quantity: number;
};

function productFields(category: string, overrides: Record<string, FieldValue | undefined> = {}) {
  return {
    title: 'منتج تجريبي',
    description: 'وصف المنتج التجريبي',
    quantity: '10',
    price: '199.5',
    category,
    ...overrides,
  };
}

async function createProduct(
  category: string,
  overrides: Record<string, FieldValue | undefined> = {},
  files: Record<string, FilePart | FilePart[] | undefined> = {},
): Promise<ProductData> {
  const res = await sendForm('POST', '/products', admin.token, productFields(category, overrides), {
    imageCover: png,
    ...files,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const namedKinds = [
  {
    kind: 'categories' as const,
    table: categories,
    required: m.categoryNameRequired,
    tooShort: m.categoryNameTooShort,
    tooLong: m.categoryNameTooLong,
    taken: m.categoryNameTaken,
    notFound: m.categoryNotFound,
  },
  {
    kind: 'brands' as const,
    table: brands,
    required: m.brandNameRequired,
    tooShort: m.brandNameTooShort,
    tooLong: m.brandNameTooLong,
    taken: m.brandNameTaken,
    notFound: m.brandNotFound,
  },
];

for (const named of namedKinds) {
  const { kind } = named;
  describe(`/${kind}`, () => {
    it('creates from multipart (name + image) as admin → 201 with an absolute, served image URL', async () => {
      const name = uniqueName('هواتف ذكية');
      const res = await sendForm('POST', `/${kind}`, admin.token, { name }, { image: png });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = res.json();
      expect(data).toMatchObject({ name, slug: name.replaceAll(' ', '-') });
      expect(data._id).toBe(data.id);
      expect(data.image).toMatch(/^https?:\/\/[^/]+\/media\/.+\.webp$/);
      await expectServedImage(data.image);
      const get = await send('GET', `/${kind}/${data.id}`);
      expect(get.statusCode).toBe(200);
      expect(get.json()).toEqual({ data });
    });

    it('validates the name with the contract messages', async () => {
      expect(firstError(await sendForm('POST', `/${kind}`, admin.token, {}, { image: png }))).toMatchObject({
        msg: named.required,
        param: 'name',
        location: 'body',
      });
      expect(firstError(await sendForm('POST', `/${kind}`, admin.token, { name: '  ' }, { image: png })).msg).toBe(
        named.required,
      );
      expect(firstError(await sendForm('POST', `/${kind}`, admin.token, { name: 'ب' }, { image: png })).msg).toBe(
        named.tooShort,
      );
      expect(
        firstError(await sendForm('POST', `/${kind}`, admin.token, { name: 'ب'.repeat(65) }, { image: png })).msg,
      ).toBe(named.tooLong);
    });

    it('refuses a duplicate name with 400', async () => {
      const existing = await createNamed(kind);
      const res = await sendForm('POST', `/${kind}`, admin.token, { name: existing.name }, { image: png });
      expect(firstError(res)).toMatchObject({ msg: named.taken, param: 'name', value: existing.name });
    });

    it('refuses files that are not images', async () => {
      const text = { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('hello, not an image') };
      expectFail(await sendForm('POST', `/${kind}`, admin.token, { name: uniqueName('x') }, { image: text }), 415);
      const svg = {
        filename: 'x.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><script>alert(1)</script><rect width="50" height="50" fill="red"/></svg>',
        ),
      };
      expectFail(await sendForm('POST', `/${kind}`, admin.token, { name: uniqueName('x') }, { image: svg }), 415);
    });

    it('lists with the contract envelope: results = total, pages, default limit 50', async () => {
      for (let i = 0; i < 3; i++) await createNamed(kind);
      const [total] = await t.database.db.select({ value: count() }).from(named.table);
      const results = total?.value ?? 0;
      expect(results).toBeGreaterThanOrEqual(3);

      const all = await send('GET', `/${kind}`);
      expect(all.statusCode).toBe(200);
      expectEnvelope(all.json(), { results, currentPage: 1, limit: 50, length: Math.min(results, 50) });

      const page1 = await send('GET', `/${kind}?limit=2`);
      expectEnvelope(page1.json(), { results, currentPage: 1, limit: 2, length: 2 });
      const page2 = await send('GET', `/${kind}?limit=2&page=2`);
      expectEnvelope(page2.json(), { results, currentPage: 2, limit: 2 });
      const ids1 = page1.json().data.map((d: { id: string }) => d.id);
      const ids2 = page2.json().data.map((d: { id: string }) => d.id);
      expect(ids1.filter((id: string) => ids2.includes(id))).toEqual([]);
      const last = Math.ceil(results / 2);
      const lastPage = await send('GET', `/${kind}?limit=2&page=${last}`);
      expectEnvelope(lastPage.json(), { results, currentPage: last, limit: 2 });
      expect(lastPage.json().paginationResult.nextPage).toBeUndefined();
      const beyond = await send('GET', `/${kind}?limit=2&page=${last + 5}`);
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json().data).toEqual([]);
      expect(beyond.json().results).toBe(results);

      for (const item of all.json().data) {
        expect(item._id).toBe(item.id);
        expect(typeof item.name).toBe('string');
        expect(typeof item.slug).toBe('string');
      }
    });

    it('400 for limit > 100 and other bad paging', async () => {
      for (const query of ['limit=101', 'limit=0', 'limit=-1', 'limit=1.5', 'limit=1e3']) {
        const error = firstError(await send('GET', `/${kind}?${query}`));
        expect(error).toMatchObject({ param: 'limit', location: 'query', msg: m.limitInvalid });
      }
      for (const query of ['page=0', 'page=-3', 'page=2.5']) {
        const error = firstError(await send('GET', `/${kind}?${query}`));
        expect(error).toMatchObject({ param: 'page', location: 'query', msg: m.pageInvalid });
      }
      expect(firstError(await send('GET', `/${kind}?limit=101`)).value).toBe('101');
      // Empty or not a number at all means not given (the original client sends `limit=undefined`).
      for (const query of ['limit=undefined', 'limit=', 'page=undefined&limit=undefined', 'limit=abc', 'page=']) {
        const res = await send('GET', `/${kind}?${query}`);
        expect(res.statusCode, query).toBe(200);
        expect(res.json().paginationResult).toMatchObject({ currentPage: 1, limit: 50 });
      }
      const hundred = await send('GET', `/${kind}?limit=100`);
      expect(hundred.statusCode).toBe(200);
      expect(hundred.json().paginationResult.limit).toBe(100);
      // Arabic-Indic digits are numbers too.
      const arabic = await send('GET', `/${kind}?limit=${encodeURIComponent('٢')}`);
      expect(arabic.statusCode).toBe(200);
      expect(arabic.json().paginationResult.limit).toBe(2);
    });

    it('get by id: unknown uuid → 404 fail, malformed id → 400 Invalid id format', async () => {
      expectFail(await send('GET', `/${kind}/${randomUUID()}`), 404, named.notFound);
      const res = await send('GET', `/${kind}/not-an-id`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ value: 'not-an-id', msg: 'Invalid id format', param: 'id', location: 'params', code: 'INVALID_ID' }],
      });
      expect(firstError(await send('GET', `/${kind}/12345`)).msg).toBe(m.invalidId);
    });

    it('updates the name and keeps the image, or replaces the image', async () => {
      const item = await createNamed(kind);
      const name = uniqueName('اسم جديد');
      const renamed = await sendForm('PUT', `/${kind}/${item.id}`, admin.token, { name });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({ id: item.id, name, image: item.image });

      const image = await pngImage(80, 40, '#00f');
      const reimaged = await sendForm('PUT', `/${kind}/${item.id}`, admin.token, {}, { image });
      expect(reimaged.statusCode, reimaged.body).toBe(200);
      expect(reimaged.json().data.name).toBe(name);
      expect(reimaged.json().data.image).not.toBe(item.image);
      await expectServedImage(reimaged.json().data.image);

      // A JSON body works for a name-only change.
      const json = await send('PUT', `/${kind}/${item.id}`, { token: admin.token, payload: { name: `${name} ٢` } });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json().data.name).toBe(`${name} ٢`);

      expect((await send('GET', `/${kind}/${item.id}`)).json().data.name).toBe(`${name} ٢`);
    });

    it('update: invalid name → 400, taken name → 400, unknown id → 404, malformed id → 400', async () => {
      const a = await createNamed(kind);
      const b = await createNamed(kind);
      expect(firstError(await sendForm('PUT', `/${kind}/${a.id}`, admin.token, { name: 'x' })).msg).toBe(
        named.tooShort,
      );
      expect(firstError(await sendForm('PUT', `/${kind}/${a.id}`, admin.token, { name: b.name })).msg).toBe(
        named.taken,
      );
      expectFail(await sendForm('PUT', `/${kind}/${randomUUID()}`, admin.token, { name: uniqueName('z') }), 404);
      expect(firstError(await sendForm('PUT', `/${kind}/nope`, admin.token, { name: uniqueName('z') })).msg).toBe(
        m.invalidId,
      );
    });

    it('delete → 204 with an empty body, then 404', async () => {
      const item = await createNamed(kind);
      const res = await send('DELETE', `/${kind}/${item.id}`, { token: admin.token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectFail(await send('GET', `/${kind}/${item.id}`), 404);
      expectFail(await send('DELETE', `/${kind}/${item.id}`, { token: admin.token }), 404);
      expect(firstError(await send('DELETE', `/${kind}/nope`, { token: admin.token })).msg).toBe(m.invalidId);
    });

    it('delete of one that still has products → 409, and it stays', async () => {
      const item = await createNamed(kind);
      const category = kind === 'categories' ? item.id : (await createNamed('categories')).id;
      await createProduct(category, kind === 'brands' ? { brand: item.id } : {});
      expectFail(await send('DELETE', `/${kind}/${item.id}`, { token: admin.token }), 409, m.stillHasProducts);
      expect((await send('GET', `/${kind}/${item.id}`)).statusCode).toBe(200);
    });
  });
}

describe('sub-categories', () => {
  let category: { id: string };
  let other: { id: string };
  beforeAll(async () => {
    category = await createNamed('categories');
    other = await createNamed('categories');
  });

  it('POST { name, category } → 201 { data: { _id, id, name, category } }', async () => {
    const res = await send('POST', '/subcategories', {
      token: admin.token,
      payload: { name: 'هواتف أندرويد', category: category.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'هواتف أندرويد', category: category.id, slug: 'هواتف-أندرويد' });
    expect(data._id).toBe(data.id);
    const get = await send('GET', `/subcategories/${data.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ data });
  });

  it('GET /categories/:id/subcategories → list envelope of that category only', async () => {
    const mine = await createNamed('categories');
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push(await createSubcategory(mine.id, `فرعي ${i}`));
    await createSubcategory(other.id, 'فرعي 0');

    const res = await send('GET', `/categories/${mine.id}/subcategories`);
    expect(res.statusCode).toBe(200);
    expectEnvelope(res.json(), { results: 3, currentPage: 1, limit: 50, length: 3 });
    for (const item of res.json().data) {
      expect(item).toMatchObject({ category: mine.id });
      expect(item._id).toBe(item.id);
      expect(typeof item.name).toBe('string');
    }
    expect(
      res
        .json()
        .data.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual(subs.map((s) => s.id).sort());

    const paged = await send('GET', `/categories/${mine.id}/subcategories?limit=2&page=2`);
    expectEnvelope(paged.json(), { results: 3, currentPage: 2, limit: 2, length: 1 });
    expect(firstError(await send('GET', `/categories/${mine.id}/subcategories?limit=500`)).location).toBe('query');

    const empty = await createNamed('categories');
    const none = await send('GET', `/categories/${empty.id}/subcategories`);
    expectEnvelope(none.json(), { results: 0, currentPage: 1, limit: 50, length: 0 });
  });

  it('unknown category → 404 fail; malformed → 400 errors', async () => {
    expectFail(await send('GET', `/categories/${randomUUID()}/subcategories`), 404, m.categoryNotFound);
    expect(firstError(await send('GET', '/categories/xyz/subcategories'))).toMatchObject({
      msg: m.invalidId,
      param: 'id',
      location: 'params',
    });
    // Creating one under an unknown category: a field error on `category`.
    const res = await send('POST', '/subcategories', {
      token: admin.token,
      payload: { name: uniqueName('يتيم'), category: randomUUID() },
    });
    expect(firstError(res)).toMatchObject({ msg: m.categoryNotFound, param: 'category', location: 'body' });
  });

  it('validates the body', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ category: category.id }, 'name', m.subcategoryNameRequired],
      [{ name: '', category: category.id }, 'name', m.subcategoryNameRequired],
      [{ name: 'ب', category: category.id }, 'name', m.subcategoryNameTooShort],
      [{ name: 'ب'.repeat(65), category: category.id }, 'name', m.subcategoryNameTooLong],
      [{ name: 123, category: category.id }, 'name', m.subcategoryNameRequired],
      [{ name: 'صالح' }, 'category', m.subcategoryCategoryRequired],
      [{ name: 'صالح', category: 'nope' }, 'category', m.invalidId],
      [{ name: 'صالح', category: [category.id] }, 'category', m.subcategoryCategoryRequired],
      [{ name: 'صالح', category: null }, 'category', m.subcategoryCategoryRequired],
    ];
    for (const [payload, param, msg] of cases) {
      const error = firstError(await send('POST', '/subcategories', { token: admin.token, payload }));
      expect(error).toMatchObject({ param, msg, location: 'body' });
    }
  });

  it('duplicate name in the same category → 400; the same name in another category is fine', async () => {
    const name = uniqueName('مكرر');
    await createSubcategory(category.id, name);
    const dup = await send('POST', '/subcategories', { token: admin.token, payload: { name, category: category.id } });
    expect(firstError(dup)).toMatchObject({ msg: m.subcategoryNameTaken, param: 'name' });
    const elsewhere = await send('POST', '/subcategories', {
      token: admin.token,
      payload: { name, category: other.id },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('GET /subcategories lists all; update; delete → 204; in use by a product → 409', async () => {
    const sub = await createSubcategory(category.id);
    const list = await send('GET', '/subcategories?limit=1');
    expect(list.statusCode).toBe(200);
    const [total] = await t.database.db.select({ value: count() }).from(subcategories);
    expectEnvelope(list.json(), { results: total?.value ?? 0, currentPage: 1, limit: 1, length: 1 });

    const renamed = await send('PUT', `/subcategories/${sub.id}`, { token: admin.token, payload: { name: 'اسم آخر' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: sub.id, name: 'اسم آخر', category: category.id });
    expectFail(
      await send('PUT', `/subcategories/${randomUUID()}`, { token: admin.token, payload: { name: 'اسم' } }),
      404,
    );
    expect(
      firstError(await send('PUT', `/subcategories/${sub.id}`, { token: admin.token, payload: { category: 'x' } })).msg,
    ).toBe(m.invalidId);
    expect(
      firstError(
        await send('PUT', `/subcategories/${sub.id}`, { token: admin.token, payload: { category: randomUUID() } }),
      ).msg,
    ).toBe(m.categoryNotFound);

    const used = await createSubcategory(category.id);
    await createProduct(category.id, { subcategory: used.id });
    expectFail(await send('DELETE', `/subcategories/${used.id}`, { token: admin.token }), 409);

    const del = await send('DELETE', `/subcategories/${sub.id}`, { token: admin.token });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectFail(await send('GET', `/subcategories/${sub.id}`), 404, m.subcategoryNotFound);
    expectFail(await send('DELETE', `/subcategories/${sub.id}`, { token: admin.token }), 404);
  });

  it('deleting a category without products removes its sub-categories', async () => {
    const cat = await createNamed('categories');
    const sub = await createSubcategory(cat.id);
    expect((await send('DELETE', `/categories/${cat.id}`, { token: admin.token })).statusCode).toBe(204);
    expectFail(await send('GET', `/subcategories/${sub.id}`), 404);
  });
});

describe('products: create', () => {
  let category: { id: string };
  let otherCategory: { id: string };
  let brand: { id: string };
  let sub: { id: string };
  let foreignSub: { id: string };
  beforeAll(async () => {
    category = await createNamed('categories');
    otherCategory = await createNamed('categories');
    brand = await createNamed('brands');
    sub = await createSubcategory(category.id);
    foreignSub = await createSubcategory(otherCategory.id);
  });

  it('creates a full product → 201 with the contract fields; prices in major units, stored in minor units', async () => {
    const images = [await pngImage(60, 60, '#0f0'), await pngImage(70, 30, '#00f')];
    const res = await sendForm(
      'POST',
      '/products',
      admin.token,
      {
        title: 'هاتف سامسونج جالكسي',
        description: 'هاتف ذكي بشاشة كبيرة',
        quantity: '١٢',
        price: '199.5',
        priceAfterDiscount: '149.99',
        category: category.id,
        brand: brand.id,
        availableColors: ['#FF0000', '#000'],
        subcategory: sub.id,
      },
      { imageCover: png, images },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      title: 'هاتف سامسونج جالكسي',
      slug: 'هاتف-سامسونج-جالكسي',
      description: 'هاتف ذكي بشاشة كبيرة',
      quantity: 12,
      sold: 0,
      price: 199.5,
      priceAfterDiscount: 149.99,
      availableColors: ['#ff0000', '#000'],
      category: category.id,
      subcategory: [sub.id],
      brand: brand.id,
      ratingsAverage: 0,
      ratingsQuantity: 0,
    });
    expect(data._id).toBe(data.id);
    expect(Number.isNaN(Date.parse(data.createdAt))).toBe(false);
    expect(data.images).toHaveLength(2);
    await expectServedImage(data.imageCover);
    for (const url of data.images) await expectServedImage(url);

    const [row] = await t.database.db.select().from(products).where(eq(products.id, data.id));
    expect(row?.price).toBe(19950);
    expect(row?.priceAfterDiscount).toBe(14999);

    const get = await send('GET', `/products/${data.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ data });
  });

  it('an empty priceAfterDiscount means none; repeated and []-suffixed fields both work', async () => {
    const sub2 = await createSubcategory(category.id);
    const res = await sendForm(
      'POST',
      '/products',
      admin.token,
      {
        ...productFields(category.id, { priceAfterDiscount: '' }),
        'availableColors[]': ['red', 'blue'],
        'subcategory[]': [sub.id, sub2.id],
      },
      { imageCover: png },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).not.toHaveProperty('priceAfterDiscount');
    expect(data.availableColors).toEqual(['red', 'blue']);
    expect(data.subcategory.sort()).toEqual([sub.id, sub2.id].sort());
    expect(data.images).toEqual([]);
    expect(data.brand).toBeNull();
  });

  const invalid: [string, Record<string, FieldValue | undefined>, string, string][] = [
    ['missing title', { title: undefined }, 'title', m.titleRequired],
    ['blank title', { title: '   ' }, 'title', m.titleRequired],
    ['short title', { title: 'اب' }, 'title', m.titleTooShort],
    ['long title', { title: 'ا'.repeat(201) }, 'title', m.titleTooLong],
    ['missing description', { description: undefined }, 'description', m.descriptionRequired],
    ['long description', { description: 'و'.repeat(5001) }, 'description', m.descriptionTooLong],
    ['missing quantity', { quantity: undefined }, 'quantity', m.quantityRequired],
    ['negative quantity', { quantity: '-1' }, 'quantity', m.quantityInvalid],
    ['fractional quantity', { quantity: '1.5' }, 'quantity', m.quantityInvalid],
    ['missing price', { price: undefined }, 'price', m.priceRequired],
    ['empty price', { price: '' }, 'price', m.priceRequired],
    ['zero price', { price: '0' }, 'price', m.priceInvalid],
    ['negative price', { price: '-10' }, 'price', m.priceInvalid],
    ['too small a price for the currency', { price: '0.001' }, 'price', m.priceInvalid],
    ['a price too big to store', { price: '30000000' }, 'price', m.priceInvalid],
    ['a price beyond any limit', { price: '1e308' }, 'price', m.priceInvalid],
    ['a price that is not a number', { price: 'abc' }, 'price', m.priceNotNumber],
    ['negative discount', { priceAfterDiscount: '-1' }, 'priceAfterDiscount', m.priceAfterDiscountInvalid],
    ['discount equal to price', { priceAfterDiscount: '199.5' }, 'priceAfterDiscount', m.priceAfterDiscountNotLower],
    ['discount above price', { priceAfterDiscount: '250' }, 'priceAfterDiscount', m.priceAfterDiscountNotLower],
    [
      'discount equal to price once rounded to the currency',
      { price: '10', priceAfterDiscount: '9.999' },
      'priceAfterDiscount',
      m.priceAfterDiscountNotLower,
    ],
    ['missing category', { category: undefined }, 'category', m.categoryRequired],
    ['malformed category', { category: 'abc' }, 'category', m.invalidId],
    ['malformed brand', { brand: 'abc' }, 'brand', m.invalidId],
    ['bad colour', { availableColors: 'not a colour!' }, 'availableColors.0', m.colorInvalid],
  ];
  for (const [label, overrides, param, msg] of invalid) {
    it(`400 for ${label}: '${msg}'`, async () => {
      const fields: Record<string, FieldValue | undefined> = productFields(category.id, overrides);
      const res = await sendForm('POST', '/products', admin.token, fields, { imageCover: png });
      const error = firstError(res);
      expect(error).toMatchObject({ msg, param, location: 'body' });
    });
  }

  it('reports the first missing field first', async () => {
    const res = await sendForm('POST', '/products', admin.token, {}, { imageCover: png });
    expect(firstError(res).msg).toBe(m.titleRequired);
    const msgs = res.json().errors.map((e: FieldErr) => e.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([m.titleRequired, m.descriptionRequired, m.quantityRequired, m.priceRequired]),
    );
    expect(msgs).toContain(m.categoryRequired);
  });

  it('references must exist; sub-categories must belong to the category', async () => {
    expect(
      firstError(await sendForm('POST', '/products', admin.token, productFields(randomUUID()), { imageCover: png })),
    ).toMatchObject({ msg: m.categoryNotFound, param: 'category' });
    expect(
      firstError(
        await sendForm('POST', '/products', admin.token, productFields(category.id, { brand: randomUUID() }), {
          imageCover: png,
        }),
      ),
    ).toMatchObject({ msg: m.brandNotFound, param: 'brand' });
    expect(
      firstError(
        await sendForm('POST', '/products', admin.token, productFields(category.id, { subcategory: randomUUID() }), {
          imageCover: png,
        }),
      ),
    ).toMatchObject({ msg: m.subcategoryNotFound, param: 'subcategory' });
    expect(
      firstError(
        await sendForm(
          'POST',
          '/products',
          admin.token,
          productFields(category.id, { subcategory: [sub.id, foreignSub.id] }),
          { imageCover: png },
        ),
      ),
    ).toMatchObject({ msg: 'subcategories not belong to category', param: 'subcategory' });
  });

  it('imageCover is required', async () => {
    const res = await sendForm('POST', '/products', admin.token, productFields(category.id));
    expect(firstError(res)).toMatchObject({ msg: m.imageCoverRequired, param: 'imageCover' });
    // A JSON body has no files either.
    const json = await send('POST', '/products', { token: admin.token, payload: productFields(category.id) });
    expect(firstError(json).msg).toBe(m.imageCoverRequired);
  });

  it("up to 4 images; 5 → 400 'You cannot upload more than 4 images'", async () => {
    const four = await createProduct(category.id, {}, { images: [png, png, png, png] });
    expect(four.images).toHaveLength(4);
    const five = await sendForm('POST', '/products', admin.token, productFields(category.id), {
      imageCover: png,
      images: [png, png, png, png, png],
    });
    expect(firstError(five)).toMatchObject({ msg: 'You cannot upload more than 4 images', param: 'images' });
    const many = await sendForm('POST', '/products', admin.token, productFields(category.id), {
      imageCover: png,
      images: Array.from({ length: 8 }, () => png),
    });
    expect(firstError(many).msg).toBe(m.tooManyImages);
  });

  it('non-image files → 415, a truncated PNG → 4xx, and nothing is created', async () => {
    const title = uniqueName('مرفوض');
    const text = { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('just some text') };
    expectFail(
      await sendForm('POST', '/products', admin.token, productFields(category.id, { title }), { imageCover: text }),
      415,
    );
    const svg = {
      filename: 'evil.svg',
      contentType: 'image/svg+xml',
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
      ),
    };
    expectFail(
      await sendForm('POST', '/products', admin.token, productFields(category.id, { title }), { imageCover: svg }),
      415,
    );
    // A PNG content type does not make it one.
    const disguised = { filename: 'x.png', contentType: 'image/png', data: Buffer.from('<html>nope</html>') };
    expectFail(
      await sendForm('POST', '/products', admin.token, productFields(category.id, { title }), {
        imageCover: png,
        images: [disguised],
      }),
      415,
    );
    const full = await noisyPng(120, 120);
    const truncated = { ...full, data: full.data.subarray(0, Math.floor(full.data.length / 2)) };
    const res = await sendForm('POST', '/products', admin.token, productFields(category.id, { title }), {
      imageCover: truncated,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe('fail');

    const rows = await t.database.db.select().from(products).where(eq(products.title, title));
    expect(rows).toEqual([]);
  });
});

describe('uploads over config.maxUploadBytes', () => {
  let small: TestApp;
  let smallAdmin: Account;
  let category: string;
  beforeAll(async () => {
    small = await createTestApp({ maxUploadBytes: 200_000 });
    smallAdmin = await createAccount(small, 'admin');
    const res = await sendForm('POST', '/categories', smallAdmin.token, { name: 'قسم' }, { image: png }, small);
    expect(res.statusCode).toBe(201);
    category = res.json().data.id;
  });
  afterAll(() => small.close());

  it('413 for a file bigger than the limit; a small one still works', async () => {
    const big = await noisyPng(300, 300);
    expect(big.data.length).toBeGreaterThan(200_000);
    expectFail(
      await sendForm('POST', '/products', smallAdmin.token, productFields(category), { imageCover: big }, small),
      413,
    );
    expectFail(
      await sendForm(
        'POST',
        '/products',
        smallAdmin.token,
        productFields(category),
        { imageCover: png, images: big },
        small,
      ),
      413,
    );
    expectFail(await sendForm('POST', '/brands', smallAdmin.token, { name: 'ماركة' }, { image: big }, small), 413);
    const ok = await sendForm(
      'POST',
      '/products',
      smallAdmin.token,
      productFields(category),
      { imageCover: png },
      small,
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('products: update and delete', () => {
  let category: { id: string };
  let otherCategory: { id: string };
  let brand: { id: string };
  let sub: { id: string };
  let foreignSub: { id: string };
  beforeAll(async () => {
    category = await createNamed('categories');
    otherCategory = await createNamed('categories');
    brand = await createNamed('brands');
    sub = await createSubcategory(category.id);
    foreignSub = await createSubcategory(otherCategory.id);
  });

  it('keeps the images when none are sent, replaces them when sent', async () => {
    const product = await createProduct(category.id, {}, { images: [png, png] });
    const res = await sendForm('PUT', `/products/${product.id}`, admin.token, { title: 'عنوان معدل', quantity: '٥' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: product.id,
      title: 'عنوان معدل',
      slug: 'عنوان-معدل',
      quantity: 5,
      price: product.price,
      imageCover: product.imageCover,
      images: product.images,
      description: product.description,
    });

    const cover = await pngImage(40, 40, '#0ff');
    const replaced = await sendForm(
      'PUT',
      `/products/${product.id}`,
      admin.token,
      {},
      { imageCover: cover, images: [cover, cover, cover] },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json().data;
    expect(after.imageCover).not.toBe(product.imageCover);
    expect(after.images).toHaveLength(3);
    for (const url of after.images) expect(product.images).not.toContain(url);
    await expectServedImage(after.imageCover);
    expect(after.title).toBe('عنوان معدل');

    const five = await sendForm(
      'PUT',
      `/products/${product.id}`,
      admin.token,
      {},
      { images: [png, png, png, png, png] },
    );
    expect(firstError(five).msg).toBe(m.tooManyImages);
    const text = { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('text') };
    expectFail(await sendForm('PUT', `/products/${product.id}`, admin.token, {}, { images: text }), 415);
    expect((await send('GET', `/products/${product.id}`)).json().data.images).toEqual(after.images);
  });

  it('prices: change, discount rules against the stored price, empty discount clears it', async () => {
    const product = await createProduct(category.id, { price: '100', priceAfterDiscount: '80' });
    expect(product).toMatchObject({ price: 100, priceAfterDiscount: 80 });

    const higher = await sendForm('PUT', `/products/${product.id}`, admin.token, { price: '120.25' });
    expect(higher.statusCode, higher.body).toBe(200);
    expect(higher.json().data).toMatchObject({ price: 120.25, priceAfterDiscount: 80 });

    // Lowering the price under the stored discount is refused.
    expect(firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { price: '70' })).msg).toBe(
      m.priceAfterDiscountNotLower,
    );
    expect(
      firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { priceAfterDiscount: '120.25' })).msg,
    ).toBe(m.priceAfterDiscountNotLower);
    expect(
      firstError(
        await sendForm('PUT', `/products/${product.id}`, admin.token, { price: '10', priceAfterDiscount: '9.999' }),
      ).msg,
    ).toBe(m.priceAfterDiscountNotLower);
    expect(firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { price: '0' })).msg).toBe(
      m.priceInvalid,
    );
    expect(firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { price: '0.001' })).msg).toBe(
      m.priceInvalid,
    );
    expect(firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { price: '99999999' })).msg).toBe(
      m.priceInvalid,
    );
    expect(firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { title: 'ab' })).msg).toBe(
      m.titleTooShort,
    );

    const cleared = await sendForm('PUT', `/products/${product.id}`, admin.token, { priceAfterDiscount: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).not.toHaveProperty('priceAfterDiscount');
    expect(cleared.json().data.price).toBe(120.25);

    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ price: 12025, priceAfterDiscount: null });

    // JSON bodies work for updates without files.
    const json = await send('PUT', `/products/${product.id}`, {
      token: admin.token,
      payload: { price: 50, priceAfterDiscount: 45.5, quantity: 3 },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data).toMatchObject({ price: 50, priceAfterDiscount: 45.5, quantity: 3 });
  });

  it('references: sub-categories follow the category', async () => {
    const product = await createProduct(category.id, { subcategory: sub.id, brand: brand.id });
    expect(product.subcategory).toEqual([sub.id]);

    expect(
      firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { subcategory: foreignSub.id })).msg,
    ).toBe(m.subcategoryNotInCategory);
    expect(
      firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { category: randomUUID() })).msg,
    ).toBe(m.categoryNotFound);
    expect(firstError(await sendForm('PUT', `/products/${product.id}`, admin.token, { brand: randomUUID() })).msg).toBe(
      m.brandNotFound,
    );

    // Moving to another category drops the old sub-categories.
    const moved = await sendForm('PUT', `/products/${product.id}`, admin.token, { category: otherCategory.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ category: otherCategory.id, subcategory: [], brand: brand.id });

    const withSub = await sendForm('PUT', `/products/${product.id}`, admin.token, { subcategory: foreignSub.id });
    expect(withSub.statusCode, withSub.body).toBe(200);
    expect(withSub.json().data.subcategory).toEqual([foreignSub.id]);
    const links = await t.database.db
      .select()
      .from(productSubcategories)
      .where(eq(productSubcategories.productId, product.id));
    expect(links.map((l) => l.subcategoryId)).toEqual([foreignSub.id]);
  });

  it('empty brand, colours and sub-categories clear them; omitted ones stay', async () => {
    const product = await createProduct(category.id, {
      subcategory: sub.id,
      brand: brand.id,
      availableColors: ['#ff0000', '#00ff00'],
    });
    const kept = await sendForm('PUT', `/products/${product.id}`, admin.token, { title: 'عنوان آخر' });
    expect(kept.json().data).toMatchObject({
      brand: brand.id,
      subcategory: [sub.id],
      availableColors: ['#ff0000', '#00ff00'],
    });
    const cleared = await sendForm('PUT', `/products/${product.id}`, admin.token, {
      brand: '',
      availableColors: '',
      subcategory: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ brand: null, subcategory: [], availableColors: [] });
  });

  it('the same file sent as the cover and as the first image is one picture with one URL', async () => {
    const cover = await pngImage(80, 80, '#123456');
    const other = await pngImage(80, 80, '#654321');
    const product = await createProduct(category.id, {}, { imageCover: cover, images: [cover, other] });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toBe(product.imageCover);
    expect(product.images[1]).not.toBe(product.imageCover);
    await expectServedImage(product.images[0]);
  });

  it('unknown id → 404, malformed id → 400', async () => {
    expectFail(await sendForm('PUT', `/products/${randomUUID()}`, admin.token, { title: 'عنوان صالح' }), 404);
    expect(firstError(await sendForm('PUT', '/products/nope', admin.token, { title: 'عنوان صالح' })).msg).toBe(
      m.invalidId,
    );
    expectFail(await send('GET', `/products/${randomUUID()}`), 404, m.productNotFound);
    expect(firstError(await send('GET', '/products/nope')).msg).toBe(m.invalidId);
  });

  it('delete → 204 then 404', async () => {
    const product = await createProduct(category.id, { subcategory: sub.id });
    const res = await send('DELETE', `/products/${product.id}`, { token: admin.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectFail(await send('GET', `/products/${product.id}`), 404, m.productNotFound);
    expectFail(await send('DELETE', `/products/${product.id}`, { token: admin.token }), 404);
    expect(firstError(await send('DELETE', '/products/nope', { token: admin.token })).msg).toBe(m.invalidId);
  });
});

describe('products: list query', () => {
  // Five products in three fresh categories; every query below is scoped to them.
  const p: Record<string, ProductData> = {};
  let cats: { id: string }[] = [];
  let b1: { id: string };
  let b2: { id: string };
  const scope = () => cats.map((c) => `category[in][]=${c.id}`).join('&');
  const titles = (res: LightMyRequestResponse) => res.json().data.map((d: ProductData) => d.title);

  beforeAll(async () => {
    cats = [await createNamed('categories'), await createNamed('categories'), await createNamed('categories')];
    b1 = await createNamed('brands');
    b2 = await createNamed('brands');
    const [c1, c2, c3] = cats.map((c) => c.id) as [string, string, string];
    const specs: [string, Record<string, string>, { sold: number; ratingsAverage: number }][] = [
      [
        'P1',
        {
          title: 'هاتف سامسونج ذكي',
          description: 'شاشة كبيرة',
          price: '100',
          quantity: '5',
          category: c1,
          brand: b1.id,
        },
        { sold: 10, ratingsAverage: 4.5 },
      ],
      [
        'P2',
        {
          title: 'حاسوب محمول',
          description: 'معالج سريع وذاكرة',
          price: '300',
          priceAfterDiscount: '150',
          quantity: '1',
          category: c1,
          brand: b2.id,
        },
        { sold: 50, ratingsAverage: 3 },
      ],
      [
        'P3',
        {
          title: 'سماعة لاسلكية',
          description: 'صوت نقي مع أي هاتف',
          price: '199.5',
          quantity: '20',
          category: c2,
          brand: b1.id,
        },
        { sold: 0, ratingsAverage: 5 },
      ],
      [
        'P4',
        {
          title: 'ساعة ذكية',
          description: 'تتبع اللياقة',
          price: '250',
          priceAfterDiscount: '240',
          quantity: '0',
          category: c2,
          brand: b2.id,
        },
        { sold: 5, ratingsAverage: 2 },
      ],
      [
        'P5',
        { title: 'كاميرا رقمية', description: 'عدسة 100% واضحة', price: '500', quantity: '7', category: c3 },
        {
          sold: 1,
          ratingsAverage: 0,
        },
      ],
    ];
    for (const [key, fields, stats] of specs) {
      const res = await sendForm('POST', '/products', admin.token, fields, { imageCover: png });
      expect(res.statusCode, res.body).toBe(201);
      p[key] = res.json().data;
      await t.database.db
        .update(products)
        .set({ sold: stats.sold, ratingsAverage: stats.ratingsAverage, ratingsQuantity: stats.ratingsAverage ? 2 : 0 })
        .where(eq(products.id, res.json().data.id));
    }
  });

  const t_ = (...keys: string[]) => keys.map((k) => p[k]?.title);

  it('list envelope; results is the total; default limit 50; product shape', async () => {
    const [total] = await t.database.db.select({ value: count() }).from(products);
    const res = await send('GET', '/products');
    expect(res.statusCode).toBe(200);
    expectEnvelope(res.json(), {
      results: total?.value ?? 0,
      currentPage: 1,
      limit: 50,
      length: Math.min(total?.value ?? 0, 50),
    });
    const one = res.json().data.find((d: ProductData) => d.id === p.P2?.id);
    expect(one).toMatchObject({ price: 300, priceAfterDiscount: 150, sold: 50, ratingsAverage: 3, ratingsQuantity: 2 });
    for (const key of [
      '_id',
      'id',
      'title',
      'slug',
      'description',
      'quantity',
      'sold',
      'price',
      'availableColors',
      'imageCover',
      'images',
      'category',
      'subcategory',
      'brand',
      'ratingsAverage',
      'ratingsQuantity',
      'createdAt',
    ]) {
      expect(one).toHaveProperty(key);
    }
  });

  it('paginates with results = total matches', async () => {
    const page2 = await send('GET', `/products?${scope()}&sort=price&limit=2&page=2`);
    expect(page2.statusCode).toBe(200);
    expectEnvelope(page2.json(), { results: 5, currentPage: 2, limit: 2, length: 2 });
    expect(titles(page2)).toEqual(t_('P3', 'P4'));
    const page3 = await send('GET', `/products?${scope()}&sort=price&limit=2&page=3`);
    expectEnvelope(page3.json(), { results: 5, currentPage: 3, limit: 2, length: 1 });
    expect(titles(page3)).toEqual(t_('P5'));
    const beyond = await send('GET', `/products?${scope()}&limit=2&page=9`);
    expectEnvelope(beyond.json(), { results: 5, currentPage: 9, limit: 2, length: 0 });
  });

  const sorts: [string, string[]][] = [
    ['-sold', ['P2', 'P1', 'P4', 'P5', 'P3']],
    ['%2Bprice', ['P1', 'P2', 'P3', 'P4', 'P5']],
    ['+price', ['P1', 'P2', 'P3', 'P4', 'P5']],
    ['%20price', ['P1', 'P2', 'P3', 'P4', 'P5']],
    ['price', ['P1', 'P2', 'P3', 'P4', 'P5']],
    ['-price', ['P5', 'P4', 'P3', 'P2', 'P1']],
    ['-ratingsAverage', ['P3', 'P1', 'P2', 'P4', 'P5']],
    ['-quantity', ['P3', 'P5', 'P1', 'P2', 'P4']],
    ['-sold,-price', ['P2', 'P1', 'P4', 'P5', 'P3']],
    ['-createdAt', ['P5', 'P4', 'P3', 'P2', 'P1']],
  ];
  for (const [sort, order] of sorts) {
    it(`sort=${sort}`, async () => {
      const res = await send('GET', `/products?${scope()}&sort=${sort}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(titles(res)).toEqual(t_(...order));
    });
  }

  it('sorts newest first by default', async () => {
    const res = await send('GET', `/products?${scope()}`);
    expect(titles(res)).toEqual(t_('P5', 'P4', 'P3', 'P2', 'P1'));
  });

  it('unknown sort field → 400', async () => {
    for (const sort of ['foo', '-passwordHash', 'price;drop', '-price,bogus', '--price']) {
      const error = firstError(await send('GET', `/products?sort=${encodeURIComponent(sort)}`));
      expect(error).toMatchObject({ msg: m.sortInvalid, param: 'sort', location: 'query' });
    }
  });

  it('category=, brand=, category[in][], brand[in][]', async () => {
    const [c1, c2, c3] = cats.map((c) => c.id) as [string, string, string];
    const byCategory = await send('GET', `/products?category=${c1}&sort=price`);
    expect(byCategory.json().results).toBe(2);
    expect(titles(byCategory)).toEqual(t_('P1', 'P2'));

    const byBrand = await send('GET', `/products?brand=${b1.id}&sort=price`);
    expect(byBrand.json().results).toBe(2);
    expect(titles(byBrand)).toEqual(t_('P1', 'P3'));

    const inCats = await send('GET', `/products?category[in][]=${c2}&category[in][]=${c3}&sort=price`);
    expect(inCats.json().results).toBe(3);
    expect(titles(inCats)).toEqual(t_('P3', 'P4', 'P5'));

    const encoded = await send(
      'GET',
      `/products?${encodeURIComponent('category[in][]')}=${c2}&${encodeURIComponent('category[in][]')}=${c3}`,
    );
    expect(encoded.json().results).toBe(3);

    const single = await send('GET', `/products?category[in][]=${c3}`);
    expect(titles(single)).toEqual(t_('P5'));

    const inBrands = await send('GET', `/products?brand[in][]=${b1.id}&brand[in][]=${b2.id}&sort=price`);
    expect(inBrands.json().results).toBe(4);
    expect(titles(inBrands)).toEqual(t_('P1', 'P2', 'P3', 'P4'));

    const both = await send('GET', `/products?${scope()}&brand=${b2.id}&sort=price`);
    expect(titles(both)).toEqual(t_('P2', 'P4'));

    const none = await send('GET', `/products?category=${randomUUID()}`);
    expectEnvelope(none.json(), { results: 0, currentPage: 1, limit: 50, length: 0 });

    expect(firstError(await send('GET', '/products?category=abc')).msg).toBe(m.invalidId);
    expect(firstError(await send('GET', '/products?brand[in][]=abc')).location).toBe('query');
  });

  it('price[gte] / price[lte] filter on the price a customer pays', async () => {
    const range = await send('GET', `/products?${scope()}&price[gte]=150&price[lte]=240&sort=price`);
    expect(range.statusCode).toBe(200);
    expect(titles(range)).toEqual(t_('P2', 'P3', 'P4'));
    expect(range.json().results).toBe(3);

    // P2 costs 300 but sells for 150: not in a 200+ range.
    const above = await send('GET', `/products?${scope()}&price[gte]=200&sort=price`);
    expect(titles(above)).toEqual(t_('P4', 'P5'));
    // P4 costs 250 but sells for 240.
    const below = await send('GET', `/products?${scope()}&price[lte]=240&sort=price`);
    expect(titles(below)).toEqual(t_('P1', 'P2', 'P3', 'P4'));
    const exact = await send('GET', `/products?${scope()}&price[gte]=199.5&price[lte]=199.5`);
    expect(titles(exact)).toEqual(t_('P3'));
    const arabic = await send('GET', `/products?${scope()}&price[lte]=${encodeURIComponent('١٠٠')}`);
    expect(titles(arabic)).toEqual(t_('P1'));
    const empty = await send('GET', `/products?${scope()}&price[gte]=&price[lte]=`);
    expect(empty.json().results).toBe(5);

    // Bounds beyond any stored price are not an error.
    const huge = await send('GET', `/products?${scope()}&price[lte]=100000000&price[gte]=0`);
    expect(huge.statusCode, huge.body).toBe(200);
    expect(huge.json().results).toBe(5);
    const nothing = await send('GET', `/products?${scope()}&price[gte]=30000000`);
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json().results).toBe(0);
    expect((await send('GET', '/products?price[gte]=1e308')).statusCode).toBeLessThan(500);

    expect(firstError(await send('GET', '/products?price[gte]=abc')).location).toBe('query');
    expect(firstError(await send('GET', '/products?price[lte]=-5')).location).toBe('query');
  });

  it('keyword matches Arabic text in title and description', async () => {
    const phone = await send('GET', `/products?${scope()}&sort=price&keyword=${encodeURIComponent('هاتف')}`);
    expect(phone.statusCode).toBe(200);
    // P1 has it in the title, P3 in the description.
    expect(titles(phone)).toEqual(t_('P1', 'P3'));
    expect(phone.json().results).toBe(2);

    const smart = await send('GET', `/products?${scope()}&sort=price&keyword=${encodeURIComponent('ذكي')}`);
    expect(titles(smart)).toEqual(t_('P1', 'P4'));

    const description = await send('GET', `/products?${scope()}&keyword=${encodeURIComponent('معالج سريع')}`);
    expect(titles(description)).toEqual(t_('P2'));

    // Punctuation is not a word: it finds nothing, and LIKE wildcards mean nothing special.
    const percent = await send('GET', `/products?${scope()}&keyword=${encodeURIComponent('100%')}`);
    expect(titles(percent)).toEqual(t_('P5'));
    const underscore = await send('GET', `/products?${scope()}&keyword=_`);
    expect(underscore.json().results).toBe(0);

    const missing = await send('GET', `/products?${scope()}&keyword=${encodeURIComponent('ثلاجة')}`);
    // Finding nothing adds `noMatch` beside the usual envelope (docs/catalogue.md § Search).
    const { noMatch, ...missingEnvelope } = missing.json();
    expectEnvelope(missingEnvelope, { results: 0, currentPage: 1, limit: 50, length: 0 });
    expect(noMatch.popular).toEqual(expect.any(Array));

    const combined = await send(
      'GET',
      `/products?${scope()}&keyword=${encodeURIComponent('هاتف')}&price[gte]=150&limit=1`,
    );
    expectEnvelope(combined.json(), { results: 1, currentPage: 1, limit: 1, length: 1 });
    expect(titles(combined)).toEqual(t_('P3'));
  });

  it('bad paging → 400', async () => {
    for (const query of ['limit=101', 'limit=0', 'limit=2.5']) {
      expect(firstError(await send('GET', `/products?${query}`))).toMatchObject({
        msg: m.limitInvalid,
        param: 'limit',
      });
    }
    for (const query of ['page=0', 'page=-2']) {
      expect(firstError(await send('GET', `/products?${query}`))).toMatchObject({ msg: m.pageInvalid, param: 'page' });
    }
    for (const query of ['sort=-price&sort=price', 'keyword=a&keyword=b', `category=${randomUUID()}&category=x`]) {
      expect(firstError(await send('GET', `/products?${query}`)).location).toBe('query');
    }
  });
});

describe('authorization of admin endpoints', () => {
  let category: { id: string };
  let brand: { id: string };
  let sub: { id: string };
  let product: ProductData;
  beforeAll(async () => {
    category = await createNamed('categories');
    brand = await createNamed('brands');
    sub = await createSubcategory(category.id);
    product = await createProduct(category.id);
  });

  type Case = { label: string; method: Method; url: () => string; body: () => SendOptions };
  const form = (fields: Record<string, FieldValue>, files: Record<string, FilePart> = {}) => {
    const { payload, headers } = multipart(fields, files);
    return { payload, headers };
  };
  const cases: Case[] = [
    {
      label: 'POST /categories',
      method: 'POST',
      url: () => '/categories',
      body: () => form({ name: uniqueName('ق') }, { image: png }),
    },
    {
      label: 'PUT /categories/:id',
      method: 'PUT',
      url: () => `/categories/${category.id}`,
      body: () => form({ name: uniqueName('ق') }),
    },
    { label: 'DELETE /categories/:id', method: 'DELETE', url: () => `/categories/${category.id}`, body: () => ({}) },
    {
      label: 'POST /brands',
      method: 'POST',
      url: () => '/brands',
      body: () => form({ name: uniqueName('م') }, { image: png }),
    },
    {
      label: 'PUT /brands/:id',
      method: 'PUT',
      url: () => `/brands/${brand.id}`,
      body: () => form({ name: uniqueName('م') }),
    },
    { label: 'DELETE /brands/:id', method: 'DELETE', url: () => `/brands/${brand.id}`, body: () => ({}) },
    {
      label: 'POST /subcategories',
      method: 'POST',
      url: () => '/subcategories',
      body: () => ({ payload: { name: uniqueName('ف'), category: category.id } }),
    },
    {
      label: 'PUT /subcategories/:id',
      method: 'PUT',
      url: () => `/subcategories/${sub.id}`,
      body: () => ({ payload: { name: uniqueName('ف') } }),
    },
    { label: 'DELETE /subcategories/:id', method: 'DELETE', url: () => `/subcategories/${sub.id}`, body: () => ({}) },
    {
      label: 'POST /products',
      method: 'POST',
      url: () => '/products',
      body: () => form(productFields(category.id), { imageCover: png }),
    },
    {
      label: 'PUT /products/:id',
      method: 'PUT',
      url: () => `/products/${product.id}`,
      body: () => form({ title: 'مخترق' }),
    },
    { label: 'DELETE /products/:id', method: 'DELETE', url: () => `/products/${product.id}`, body: () => ({}) },
  ];

  for (const c of cases) {
    it(`${c.label}: 401 anonymous, 403 user`, async () => {
      const anonymous = await send(c.method, c.url(), c.body());
      expectFail(anonymous, 401, m.notLoggedIn);
      const asUser = await send(c.method, c.url(), { ...c.body(), token: user.token });
      expectFail(asUser, 403, m.forbidden);
      const forged = await send(c.method, c.url(), { ...c.body(), token: `${admin.token}x` });
      expectFail(forged, 401);
    });
  }

  it('anonymous and user requests are refused before the body is validated', async () => {
    expectFail(await send('POST', '/subcategories', { payload: {} }), 401);
    expectFail(await send('POST', '/subcategories', { payload: {}, token: user.token }), 403);
    expectFail(await send('PUT', '/subcategories/not-an-id', { payload: { name: 1 } }), 401);
    expectFail(await send('DELETE', '/products/not-an-id', { token: user.token }), 403);
    expectFail(await send('POST', '/products', { payload: {}, token: user.token }), 403);
  });

  it('nothing was changed by the refused requests', async () => {
    expect((await send('GET', `/categories/${category.id}`)).json().data.name).toBe(
      (await t.database.db.select().from(categories).where(eq(categories.id, category.id)))[0]?.name,
    );
    expect((await send('GET', `/products/${product.id}`)).json().data.title).toBe(product.title);
    expect((await send('GET', `/subcategories/${sub.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/brands/${brand.id}`)).statusCode).toBe(200);
    const [count1] = await t.database.db.select({ value: count() }).from(products).where(eq(products.title, 'مخترق'));
    expect(count1?.value).toBe(0);
  });

  it('admin succeeds on every one of them', async () => {
    const cat = await sendForm('POST', '/categories', admin.token, { name: uniqueName('ق') }, { image: png });
    expect(cat.statusCode).toBe(201);
    const catId = cat.json().data.id;
    expect((await sendForm('PUT', `/categories/${catId}`, admin.token, { name: uniqueName('ق') })).statusCode).toBe(
      200,
    );
    const br = await sendForm('POST', '/brands', admin.token, { name: uniqueName('م') }, { image: png });
    expect(br.statusCode).toBe(201);
    const brId = br.json().data.id;
    expect((await sendForm('PUT', `/brands/${brId}`, admin.token, { name: uniqueName('م') })).statusCode).toBe(200);
    const sc = await send('POST', '/subcategories', { token: admin.token, payload: { name: 'فرعي', category: catId } });
    expect(sc.statusCode).toBe(201);
    const scId = sc.json().data.id;
    expect(
      (await send('PUT', `/subcategories/${scId}`, { token: admin.token, payload: { name: 'فرعي ٢' } })).statusCode,
    ).toBe(200);
    const pr = await sendForm(
      'POST',
      '/products',
      admin.token,
      productFields(catId, { brand: brId, subcategory: scId }),
      {
        imageCover: png,
      },
    );
    expect(pr.statusCode).toBe(201);
    const prId = pr.json().data.id;
    expect((await sendForm('PUT', `/products/${prId}`, admin.token, { title: 'منتج معدل' })).statusCode).toBe(200);
    expect((await send('DELETE', `/products/${prId}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('DELETE', `/subcategories/${scId}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('DELETE', `/brands/${brId}`, { token: admin.token })).statusCode).toBe(204);
    expect((await send('DELETE', `/categories/${catId}`, { token: admin.token })).statusCode).toBe(204);
  });

  it('reads are public', async () => {
    for (const url of ['/categories', '/brands', '/subcategories', '/products', `/products/${product.id}`]) {
      expect((await send('GET', url)).statusCode).toBe(200);
    }
  });
});

describe('bad input', () => {
  it('malformed JSON → 400 { status: fail, message }', async () => {
    for (const payload of ['{"name": "x",', '{name: x}', '[1,2', 'nul']) {
      const res = await send('POST', '/subcategories', {
        token: admin.token,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.json()).toEqual({ status: 'fail', message: m.invalidJson, code: 'INVALID_JSON' });
      expect(res.statusCode).toBe(400);
    }
    const login = await send('POST', '/auth/login', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expectFail(login, 400, m.invalidJson);
    const emptyBody = await send('POST', '/auth/login', {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyBody.statusCode).toBe(400);
  });

  it('prototype-poisoning JSON is refused with a 400, not a crash', async () => {
    const res = await send('POST', '/subcategories', {
      token: admin.token,
      payload: '{"name":"قسم جديد","category":"x","__proto__":{"isAdmin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('JSON body over 1 MB → 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await send('POST', '/auth/login', { payload: big, headers: { 'content-type': 'application/json' } });
    expectFail(res, 413, m.bodyTooLarge);
    const asAdmin = await send('POST', '/subcategories', {
      token: admin.token,
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), category: randomUUID() }),
      headers: { 'content-type': 'application/json' },
    });
    expectFail(asAdmin, 413);
  });

  it('unsupported content types → 415', async () => {
    const res = await send('POST', '/auth/login', {
      payload: 'email=a@example.com&password=x',
      headers: { 'content-type': 'text/xml' },
    });
    expectFail(res, 415);
  });

  it('wrong types: numbers, arrays, objects and null where strings are expected', async () => {
    const category = await createNamed('categories');
    const bodies: unknown[] = [
      { name: 12345, category: category.id },
      { name: ['اسم'], category: category.id },
      { name: { ar: 'اسم' }, category: category.id },
      { name: null, category: category.id },
      { name: 'اسم صالح', category: 42 },
      { name: 'اسم صالح', category: { id: category.id } },
      { name: true, category: false },
    ];
    for (const payload of bodies) {
      const res = await send('POST', '/subcategories', { token: admin.token, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Array.isArray(res.json().errors)).toBe(true);
    }
    for (const payload of ['"just a string"', '[1,2,3]', '42', 'null', 'true']) {
      const res = await send('POST', '/subcategories', {
        token: admin.token,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
    }
    // Named resources and products read JSON too: non-object bodies are a 400.
    for (const payload of ['[1,2,3]', '"x"', '42']) {
      const headers = { 'content-type': 'application/json' };
      expect(
        (await send('PUT', `/categories/${category.id}`, { token: admin.token, payload, headers })).statusCode,
      ).toBe(400);
      expect((await send('POST', '/products', { token: admin.token, payload, headers })).statusCode).toBe(400);
    }
    const jsonProduct = await send('POST', '/products', {
      token: admin.token,
      payload: { title: ['a', 'b'], description: { x: 1 }, quantity: 'many', price: true, category: 7 },
    });
    expect(jsonProduct.statusCode).toBe(400);
    const numbersAsName = await send('PUT', `/categories/${category.id}`, { token: admin.token, payload: { name: 7 } });
    expect(numbersAsName.statusCode).toBe(400);
  });

  it('broken multipart bodies → 4xx', async () => {
    const { payload, headers } = multipart({ title: 'منتج' }, { imageCover: png });
    const truncated = payload.subarray(0, payload.length - 40);
    const res = await send('POST', '/products', { token: admin.token, payload: truncated, headers });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const noBoundary = await send('POST', '/categories', {
      token: admin.token,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });

  it('unknown routes → 404 { status: fail, message }', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/categories/x/y/z'],
      ['PATCH', '/api/v1/products'],
      ['GET', '/api/v2/products'],
      ['DELETE', '/api/v1/categories'],
    ] as [Method, string][]) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().status).toBe('fail');
      expect(res.json().message).toContain(m.routeNotFound);
    }
  });

  it('missing media → 404', async () => {
    const res = await send('GET', `/media/products/${randomUUID()}-960.webp`);
    expect(res.statusCode).toBe(404);
    const traversal = await send('GET', '/media/..%2f..%2fetc%2fpasswd');
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.statusCode).toBeLessThan(500);
  });
});
