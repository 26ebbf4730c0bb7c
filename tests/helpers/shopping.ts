import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { codeOfMessage, failureOfCode } from '../../src/contract/errors.js';
import type { Database } from '../../src/db/client.js';
import { brands, cartItems, categories, coupons, products, productVariants } from '../../src/db/schema.js';
import { reindexProducts } from '../../src/db/search-index.js';
import { addDefaultVariants, syncProduct } from '../../src/server/modules/catalog/variants.js';
import { createCheckouts } from '../../src/server/modules/orders/checkout.js';
import { choosePaymentProvider } from '../../src/server/payments/choose.js';
import { TEST_SIGNATURE_HEADER } from '../../src/server/payments/test-provider.js';
import { createAccount, documentIssuingOf, type TestApp } from './app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type SendOptions = {
  token?: string | undefined;
  payload?: unknown;
  headers?: Record<string, string>;
  app?: TestApp;
};

/**
 * An inject client that remembers every response, so an `afterEach(client.expectNo5xx)` can fail a
 * test whose requests made the server answer 5xx, whatever the test itself asserted.
 */
export function apiClient(current: () => TestApp) {
  const responses: LightMyRequestResponse[] = [];
  async function send(method: Method, url: string, options: SendOptions = {}) {
    const res = await (options.app ?? current()).app.inject({
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
  function expectNo5xx() {
    const failures = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
    responses.length = 0;
    expect(failures).toEqual([]);
  }
  /**
   * The test provider's signed "paid" event for its checkout `sessionId` (the provider's id), sent
   * to the webhook as its hosted page sends it (src/server/payments/test-provider.ts).
   */
  function payThroughTestProvider(sessionId: string, app = current()) {
    const test = choosePaymentProvider(app.config).test;
    if (!test) throw new Error('the test app uses the test provider');
    const { payload, signature } = test.signedEvent({ type: 'checkout.completed', sessionId });
    return send('POST', '/payments/webhook/test', {
      payload,
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
      app,
    });
  }
  return { send, expectNo5xx, payThroughTestProvider };
}

/** Messages that end with what they are about (`Not enough stock for: <title>`). */
const suffixed = new Set<string>(['STOCK_SHORT', 'ROUTE_NOT_FOUND']);

/**
 * `code` is one of the catalogue's (src/contract/messages.ts) and `message` one of that code's own
 * messages, so no failure can name a code or say a sentence the catalogue lacks.
 */
export function expectCatalogued(code: unknown, message: unknown, where: 'status' | 'field', context: string) {
  const entry = typeof code === 'string' ? failureOfCode(code) : undefined;
  expect(entry, `unknown code ${String(code)}: ${context}`).toBeDefined();
  if (!entry) return;
  if (suffixed.has(code as string))
    expect(String(message), context).toMatch(new RegExp(`^${escapeRegExp(entry.message)}(: |$)`));
  // The catalogue's message of the code (PHONE_INVALID's names the shop's phone rule).
  else expect(codeOfMessage(String(message)), context).toBe(code);
  expect(entry[where], `${String(code)} is not catalogued as a ${where} failure: ${context}`).toBeDefined();
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The contract's `{ status: 'fail', message }` body with its `code`, the catalogue's for this
 * status and message; the only fields beside them are a code's documented details.
 */
export function expectFail(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const { status: word, message: text, code, ...details } = res.json();
  expect(word, res.body).toBe('fail');
  expect(typeof text).toBe('string');
  expectCatalogued(code, text, 'status', res.body);
  // Fastify's other refusals keep the status it chose.
  if (code !== 'REQUEST_INVALID') expect(failureOfCode(code)?.status, res.body).toBe(status);
  if (code === 'STOCK_SHORT') {
    expect(details).toEqual({ product: { id: expect.any(String), title: expect.any(String) } });
  } else if (code === 'ZONE_CITY_TAKEN') {
    expect(details).toEqual({ city: expect.any(String), zone: expect.any(String) });
  } else if (code === 'IMPORT_ROWS_INVALID') {
    expect(Object.keys(details)).toEqual(['problems']);
  } else if (code === 'IMPORT_CSV_MALFORMED') {
    expect(details).toEqual({ row: expect.any(Number) });
  } else if (code === 'E_INVOICING_SELLER_INCOMPLETE') {
    expect(Object.keys(details)).toEqual(['missing']);
  } else if (code === 'E_INVOICING_STEP_UNAVAILABLE') {
    expect(Object.keys(details)).toEqual(['step']);
  } else if (code === 'ZATCA_REFUSED') {
    expect(Object.keys(details).sort()).toEqual(['zatcaMessages', 'zatcaStatus']);
  } else if (code === 'IMPORT_FILE_INVALID') {
    expect(Object.keys(details).filter((key) => key !== 'missing' && key !== 'unknown')).toEqual([]);
  } else expect(details).toEqual({});
  if (message !== undefined) expect(text).toBe(message);
}

export type FieldErr = { value?: unknown; msg: string; param: string; location: string; code: string };

/** Checks the contract's validation shape, each error's catalogued code, and returns the first error. */
export function firstError(res: LightMyRequestResponse): FieldErr {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['errors']);
  const errors = body.errors as FieldErr[];
  expect(Array.isArray(errors)).toBe(true);
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(typeof error.msg).toBe('string');
    expect(typeof error.param).toBe('string');
    expect(['body', 'query', 'params']).toContain(error.location);
    expectCatalogued(error.code, error.msg, 'field', res.body);
  }
  return errors[0] as FieldErr;
}

/** A 4xx in one of the contract's two failure shapes. */
export function expectClientError(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  if ('errors' in body) firstError(res);
  else expectFail(res, res.statusCode);
}

export function expectEnvelope(
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

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** A category and a brand, made directly in the database. */
export async function createTaxonomy(t: TestApp) {
  const categoryName = unique('قسم');
  const brandName = unique('ماركة');
  const [category] = await t.database.db
    .insert(categories)
    .values({ name: categoryName, slug: categoryName.replaceAll(' ', '-') })
    .returning();
  const [brand] = await t.database.db
    .insert(brands)
    .values({ name: brandName, slug: brandName.replaceAll(' ', '-') })
    .returning();
  if (!category || !brand) throw new Error('could not create category/brand');
  return { category, brand };
}

export type ProductRow = typeof products.$inferSelect;

/** A product made directly in the database; prices are minor units. */
export async function insertProduct(
  t: TestApp,
  refs: { categoryId: string; brandId?: string | null },
  values: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const title = values.title ?? unique('منتج');
  const [row] = await t.database.db
    .insert(products)
    .values({
      title,
      slug: title.replaceAll(' ', '-'),
      description: 'وصف المنتج',
      quantity: 10,
      price: 10_000,
      imageCover: `products/${randomUUID()}`,
      categoryId: refs.categoryId,
      brandId: refs.brandId ?? null,
      ...values,
    })
    .returning();
  if (!row) throw new Error('could not create product');
  // As the API does on every write: derive the row's search text, and sell it as one default variant.
  await reindexProducts(t.database.db, { ids: [row.id] });
  await addDefaultVariants(t.database.db, [row.id]);
  return row;
}

/**
 * Changes the price or stock of a product without options in the database, on its default variant
 * (what is sold) and the product's sums alike, as the API's writes keep them (docs/variants.md).
 */
export async function setDefaultVariant(
  db: Database,
  productId: string,
  values: Partial<Pick<typeof productVariants.$inferInsert, 'quantity' | 'price' | 'priceAfterDiscount' | 'sold'>>,
) {
  await db.update(productVariants).set(values).where(eq(productVariants.productId, productId));
  await syncProduct(db, productId);
}

/**
 * A new customer whose cart holds these lines; counts above one are set in the database (the API
 * refuses counts above stock, and some tests need exactly that).
 */
export async function customerWithCart(
  t: TestApp,
  send: ReturnType<typeof apiClient>['send'],
  lines: { productId: string; count?: number }[],
) {
  const user = await createAccount(t);
  let cartId = '';
  for (const line of lines) {
    const res = await send('POST', '/cart', { token: user.token, payload: { productId: line.productId }, app: t });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    cartId = body.data._id;
    if ((line.count ?? 1) > 1) {
      const item = body.data.products.find((p: { product: { _id: string } }) => p.product._id === line.productId);
      await t.database.db.update(cartItems).set({ count: line.count }).where(eq(cartItems.id, item._id));
    }
  }
  return { user, cartId };
}

/** A product's stock and sales, read from the database. */
/**
 * Runs the checkout sweep every process runs each minute (src/server/app.ts), as of `minutesLater`
 * from now, with the app's own provider: a separate instance, as another process's would be.
 */
export function sweepCheckouts(app: TestApp, minutesLater: number) {
  const quiet = { error() {}, warn() {}, info() {} } as unknown as Parameters<typeof createCheckouts>[4];
  const checkouts = createCheckouts(
    app.database.db,
    choosePaymentProvider(app.config).provider,
    app.config,
    documentIssuingOf(app),
    quiet,
    {
      orderCreated: async () => {},
      refunded: async () => {},
    },
  );
  return checkouts.sweep(new Date(Date.now() + minutesLater * 60_000));
}

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
  return { quantity: row?.quantity, sold: row?.sold };
}

/** A coupon made directly in the database (name stored upper-cased, as the API does). */
export async function insertCoupon(
  t: TestApp,
  values: { name?: string; discount?: number; expire?: Date } = {},
): Promise<typeof coupons.$inferSelect> {
  const [row] = await t.database.db
    .insert(coupons)
    .values({
      name: (values.name ?? `C${randomUUID().slice(0, 8)}`).toUpperCase(),
      discount: values.discount ?? 10,
      expire: values.expire ?? new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!row) throw new Error('could not create coupon');
  return row;
}

/** Requests clients send by mistake or malice; each must get a 4xx in the contract's shape. */
export const hostileBodies: { label: string; payload: string; contentType?: string }[] = [
  { label: 'malformed JSON', payload: '{"productId": ' },
  { label: 'a JSON array', payload: '[]' },
  { label: 'a JSON string', payload: '"hello"' },
  { label: 'JSON null', payload: 'null' },
  { label: 'a number', payload: '42' },
  { label: 'plain text', payload: 'hello', contentType: 'text/plain' },
  { label: 'a body over the 1 MB limit', payload: JSON.stringify({ x: 'a'.repeat(1_100_000) }) },
];

/** A product's stored rating aggregates, as the review routes keep them (docs/reviews.md). */
export async function ratingsOf(t: TestApp, productId: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
  return { average: row?.ratingsAverage, quantity: row?.ratingsQuantity };
}
