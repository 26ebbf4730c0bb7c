import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TTL_MS } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Product } from '../../src/contract/types.js';
import { orderItems, productVariants } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { type FieldValue, multipart, pngImage } from '../helpers/multipart.js';
import {
  apiClient,
  createTaxonomy,
  expectFail,
  firstError,
  insertProduct,
  stockOf as stockOfProduct,
  sweepCheckouts,
  unique,
} from '../helpers/shopping.js';

/*
 * Sizes and colours with their own SKU, price and stock (docs/variants.md), through the product
 * API, the cart, orders, card checkouts and their expiry, cancels and the listing.
 */

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
let png: Awaited<ReturnType<typeof pngImage>>;
const { send, expectNo5xx, payThroughTestProvider } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
  png = await pngImage();
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const SIZE = 'المقاس';
const COLOR = 'اللون';

type VariantRow = { id?: string; sku?: string; barcode?: string; options?: Record<string, string> } & Record<
  string,
  unknown
>;

function productForm(fields: Record<string, FieldValue | undefined>, withCover = true) {
  return multipart(
    { description: 'حذاء جري خفيف', category: refs.categoryId, ...fields },
    withCover ? { imageCover: png } : {},
  );
}

const sendProduct = (method: 'POST' | 'PUT', url: string, fields: Record<string, FieldValue | undefined>) => {
  const form = productForm(fields, method === 'POST');
  return send(method, url, { token: admin.token, payload: form.payload, headers: form.headers });
};

const shoeOptions = [
  { name: SIZE, values: ['41', '42', '43'] },
  { name: COLOR, values: ['#000000', 'white'] },
];

/** A shoe in sizes 41–43 and two colours: black 42 is the last unit. */
async function createShoe(extra: { variants?: VariantRow[] } = {}) {
  const suffix = unique('').trim();
  const variants = extra.variants ?? [
    { sku: `SH-${suffix}-41B`, options: { [SIZE]: '41', [COLOR]: '#000000' }, price: '300', quantity: '5' },
    {
      sku: `SH-${suffix}-42B`,
      barcode: '4006381333931',
      options: { [SIZE]: '42', [COLOR]: '#000000' },
      price: 320,
      priceAfterDiscount: 280,
      quantity: 1,
    },
    { sku: `SH-${suffix}-42W`, options: { [SIZE]: '42', [COLOR]: 'white' }, price: 320, quantity: 0 },
  ];
  const res = await sendProduct('POST', '/products', {
    title: unique('حذاء جري'),
    options: JSON.stringify(shoeOptions),
    variants: JSON.stringify(variants),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

const variantOf = (product: Product, size: string, color: string) => {
  const found = product.variants.find((v) => v.options[SIZE] === size && v.options[COLOR] === color);
  if (!found) throw new Error(`no variant ${size} ${color}`);
  return found;
};

async function variantStock(variantId: string) {
  const [row] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return { quantity: row?.quantity, sold: row?.sold };
}

async function shopperWith(lines: { productId: string; variantId?: string; color?: string }[]) {
  const user = await createAccount(t);
  let cartId = '';
  for (const line of lines) {
    const res = await send('POST', '/cart', { token: user.token, payload: line });
    expect(res.statusCode, res.body).toBe(200);
    cartId = res.json().data._id;
  }
  return { user, cartId };
}

const placeCash = (user: Account, cartId: string) =>
  send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });

describe('a product with options', () => {
  it('is created with its variants; the product shows their sum, its cheapest price and its colours', async () => {
    const shoe = await createShoe();
    expect(shoe.options).toEqual(shoeOptions);
    expect(shoe.variants).toHaveLength(3);
    expect(shoe.quantity).toBe(6);
    // The cheapest variant by the price a customer pays: 42 black at 280 (from 320).
    expect(shoe).toMatchObject({ price: 320, priceAfterDiscount: 280 });
    expect(shoe.availableColors).toEqual(['#000000', 'white']);
    const black42 = variantOf(shoe, '42', '#000000');
    expect(black42).toMatchObject({ barcode: '4006381333931', price: 320, priceAfterDiscount: 280, quantity: 1 });
    expect(variantOf(shoe, '41', '#000000').price).toBe(300);
    const again = (await send('GET', `/products/${shoe.id}`)).json().data as Product;
    expect(again.variants.map((v) => v.sku)).toEqual(shoe.variants.map((v) => v.sku));
  });

  it('takes Arabic-Indic digits and makes a SKU for a variant without one', async () => {
    const res = await sendProduct('POST', '/products', {
      title: unique('قميص'),
      options: JSON.stringify([{ name: SIZE, values: ['M', 'L'] }]),
      variants: JSON.stringify([
        { options: { [SIZE]: 'M' }, price: '٩٩٫٥', quantity: '٧' },
        { options: { [SIZE]: 'L' }, price: 99.5, quantity: 0 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const shirt = res.json().data as Product;
    expect(shirt.variants[0]).toMatchObject({ price: 99.5, quantity: 7, barcode: null });
    expect(shirt.variants.every((v) => /^MJ-[0-9A-F]{16}$/.test(v.sku))).toBe(true);
  });

  it('refuses variants that do not fit the options, twins, a used SKU, a bad barcode and product prices', async () => {
    const shoe = await createShoe();
    const base = { title: unique('حذاء'), options: JSON.stringify(shoeOptions) };
    const tryVariants = async (variants: unknown, extra: Record<string, FieldValue> = {}) =>
      firstError(await sendProduct('POST', '/products', { ...base, variants: JSON.stringify(variants), ...extra }));
    const row = (options: Record<string, string>, more: Record<string, unknown> = {}) => ({
      options,
      price: 100,
      quantity: 1,
      ...more,
    });
    expect((await tryVariants([row({ [SIZE]: '44', [COLOR]: 'white' })])).code).toBe('VARIANT_OPTIONS_INVALID');
    expect((await tryVariants([row({ [SIZE]: '42' })])).code).toBe('VARIANT_OPTIONS_INVALID');
    expect(
      (await tryVariants([row({ [SIZE]: '42', [COLOR]: 'white' }), row({ [COLOR]: 'WHITE', [SIZE]: '42' })])).code,
    ).toBe('VARIANT_DUPLICATE');
    const taken = await tryVariants([
      row({ [SIZE]: '42', [COLOR]: 'white' }, { sku: shoe.variants[0]?.sku.toLowerCase() }),
    ]);
    expect(taken.code).toBe('SKU_TAKEN');
    expect((await tryVariants([row({ [SIZE]: '42', [COLOR]: 'white' }, { sku: 'has space' })])).code).toBe(
      'SKU_INVALID',
    );
    expect((await tryVariants([row({ [SIZE]: '42', [COLOR]: 'white' }, { barcode: '4006381333932' })])).code).toBe(
      'BARCODE_INVALID',
    );
    expect(
      (await tryVariants([row({ [SIZE]: '42', [COLOR]: 'white' }, { price: 100, priceAfterDiscount: 100 })])).code,
    ).toBe('PRICE_AFTER_DISCOUNT_NOT_LOWER');
    expect((await tryVariants([row({ [SIZE]: '42', [COLOR]: 'white' })], { price: '100' })).code).toBe(
      'VARIANTS_OWN_PRICES',
    );
    expect((await tryVariants([])).code).toBe('VARIANTS_REQUIRED');
    expect((await tryVariants('not json')).code).toBe('VARIANTS_INVALID');
    const fourOptions = firstError(
      await sendProduct('POST', '/products', {
        title: unique('حذاء'),
        options: JSON.stringify(['a', 'b', 'c', 'd'].map((name) => ({ name, values: ['1'] }))),
        variants: JSON.stringify([row({ a: '1', b: '1', c: '1', d: '1' })]),
      }),
    );
    expect(fourOptions.code).toBe('OPTIONS_TOO_MANY');
    const badColor = firstError(
      await sendProduct('POST', '/products', {
        title: unique('حذاء'),
        options: JSON.stringify([{ name: COLOR, values: ['not a colour'] }]),
        variants: JSON.stringify([row({ [COLOR]: 'not a colour' })]),
      }),
    );
    expect(badColor.code).toBe('COLOR_INVALID');
  });

  it('is edited: a variant changed by id keeps its sales, one removed, one added; foreign ids refused', async () => {
    const shoe = await createShoe();
    const other = await createShoe();
    const black41 = variantOf(shoe, '41', '#000000');
    const res = await sendProduct('PUT', `/products/${shoe.id}`, {
      options: JSON.stringify(shoeOptions),
      variants: JSON.stringify([
        { id: black41.id, options: black41.options, price: 310, quantity: 9 },
        { options: { [SIZE]: '43', [COLOR]: 'white' }, price: 330, quantity: 2, sku: unique('NEW').replace(' ', '-') },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data as Product;
    expect(edited.variants).toHaveLength(2);
    expect(edited.variants[0]).toMatchObject({ id: black41.id, sku: black41.sku, price: 310, quantity: 9 });
    expect(edited.quantity).toBe(11);
    expect(edited.price).toBe(310);
    expect(edited.availableColors).toEqual(['#000000', 'white']);

    const foreign = await sendProduct('PUT', `/products/${shoe.id}`, {
      options: JSON.stringify(shoeOptions),
      variants: JSON.stringify([{ id: other.variants[0]?.id, options: black41.options, price: 1, quantity: 1 }]),
    });
    expect(firstError(foreign).code).toBe('VARIANT_NOT_OF_PRODUCT');
    expect(firstError(await sendProduct('PUT', `/products/${shoe.id}`, { quantity: '4' })).code).toBe(
      'VARIANTS_OWN_PRICES',
    );
    // Other fields still change alone.
    const renamed = await sendProduct('PUT', `/products/${shoe.id}`, { title: 'حذاء جري معدّل' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.variants).toHaveLength(2);
  });

  it('a product without options keeps one default variant that its own price and stock change', async () => {
    const plain = await insertProduct(t, refs, { quantity: 3, price: 5_000 });
    const res = await sendProduct('PUT', `/products/${plain.id}`, { quantity: '8', price: '45' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as Product;
    expect(body.options).toEqual([]);
    expect(body.variants).toEqual([expect.objectContaining({ options: {}, quantity: 8, price: 45 })]);
    expect(body).toMatchObject({ quantity: 8, price: 45 });
  });
});

describe('the cart and orders sell variants', () => {
  it('adds by variantId, by a colour only one variant has, and refuses what names no variant', async () => {
    const shoe = await createShoe();
    const black42 = variantOf(shoe, '42', '#000000');
    const user = await createAccount(t);
    const add = (payload: Record<string, unknown>) =>
      send('POST', '/cart', { token: user.token, payload: { productId: shoe.id, ...payload } });
    expectFail(await add({}), 400, m.variantRequired);
    expectFail(await add({ color: '#000000' }), 400, m.variantRequired);
    expectFail(await add({ color: 'red' }), 400, m.colorNotAvailable);
    const otherShoe = await createShoe();
    expectFail(await add({ variantId: otherShoe.variants[0]?.id }), 404, m.variantNotFound);
    expectFail(await add({ variantId: variantOf(shoe, '42', 'white').id }), 400, m.outOfStock);

    const res = await add({ variantId: black42.id });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.products[0];
    expect(line).toMatchObject({
      color: '#000000',
      price: 280,
      variant: { id: black42.id, sku: black42.sku, options: black42.options, quantity: 1 },
    });
    // One unit left of this size: a second is refused, though the product has six.
    expectFail(await add({ variantId: black42.id }), 400, m.notEnoughStock);
    expectFail(
      await send('PUT', `/cart/${line._id}`, { token: user.token, payload: { count: 2 } }),
      400,
      m.notEnoughStock,
    );

    // A colour option alone: the colour names one variant, as the contract's { productId, color } did.
    const cap = await sendProduct('POST', '/products', {
      title: unique('قبعة'),
      options: JSON.stringify([{ name: COLOR, values: ['red', 'blue'] }]),
      variants: JSON.stringify([
        { options: { [COLOR]: 'red' }, price: 50, quantity: 3 },
        { options: { [COLOR]: 'blue' }, price: 55, quantity: 3 },
      ]),
    });
    const capProduct = cap.json().data as Product;
    const byColor = await send('POST', '/cart', {
      token: user.token,
      payload: { productId: capProduct.id, color: 'blue' },
    });
    expect(byColor.statusCode, byColor.body).toBe(200);
    const capLine = byColor
      .json()
      .data.products.find((l: { product: { _id: string } }) => l.product._id === capProduct.id);
    expect(capLine).toMatchObject({ color: 'blue', price: 55 });
  });

  it('an order takes the size’s own stock, names the variant, and a cancel puts it back', async () => {
    const shoe = await createShoe();
    const black41 = variantOf(shoe, '41', '#000000');
    const { user, cartId } = await shopperWith([{ productId: shoe.id, variantId: black41.id }]);
    const res = await placeCash(user, cartId);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.cartItems[0]).toMatchObject({ sku: black41.sku, options: black41.options, price: 300 });
    expect(await variantStock(black41.id)).toEqual({ quantity: 4, sold: 1 });
    expect(await stockOfProduct(t, shoe.id)).toEqual({ quantity: 5, sold: 1 });
    const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ variantId: black41.id, sku: black41.sku });

    const cancel = await send('POST', `/orders/${order.id}/cancel`, { token: user.token, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await variantStock(black41.id)).toEqual({ quantity: 5, sold: 0 });
    expect(await stockOfProduct(t, shoe.id)).toEqual({ quantity: 6, sold: 0 });
  });

  it('two buyers of the last unit of one size: one order, one STOCK_SHORT naming the size', async () => {
    const shoe = await createShoe();
    const black42 = variantOf(shoe, '42', '#000000');
    const buyers = await Promise.all(
      Array.from({ length: 6 }, () => shopperWith([{ productId: shoe.id, variantId: black42.id }])),
    );
    const results = await Promise.all(buyers.map(({ user, cartId }) => placeCash(user, cartId)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'STOCK_SHORT', product: { id: shoe.id } });
    expect(refused?.json().product.title).toContain(`${SIZE}: 42`);
    expect(await variantStock(black42.id)).toEqual({ quantity: 0, sold: 1 });
    // The other sizes are untouched.
    expect(await stockOfProduct(t, shoe.id)).toEqual({ quantity: 5, sold: 1 });
  });

  it('a card checkout reserves the size’s units and gives them back when it expires', async () => {
    const shoe = await createShoe();
    const black41 = variantOf(shoe, '41', '#000000');
    const { user, cartId } = await shopperWith([{ productId: shoe.id, variantId: black41.id }]);
    const card = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
      token: user.token,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(await variantStock(black41.id)).toEqual({ quantity: 4, sold: 0 });
    expect((await stockOfProduct(t, shoe.id)).quantity).toBe(5);
    await sweepCheckouts(t, CHECKOUT_TTL_MS / 60_000 + 1);
    expect(await variantStock(black41.id)).toEqual({ quantity: 5, sold: 0 });
    expect((await stockOfProduct(t, shoe.id)).quantity).toBe(6);
  });
});

describe('edits that meet orders and history', () => {
  it('a size deleted while its card checkout was open: the payment still becomes the order', async () => {
    const shoe = await createShoe();
    const black41 = variantOf(shoe, '41', '#000000');
    const { user, cartId } = await shopperWith([{ productId: shoe.id, variantId: black41.id }]);
    const card = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
      token: user.token,
    });
    expect(card.statusCode, card.body).toBe(200);
    const kept = shoe.variants.filter((v) => v.id !== black41.id);
    const edit = await sendProduct('PUT', `/products/${shoe.id}`, {
      options: JSON.stringify(shoeOptions),
      variants: JSON.stringify(kept.map(({ id, options, price, quantity }) => ({ id, options, price, quantity }))),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const paid = await payThroughTestProvider(card.json().session.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const orders = (await send('GET', '/orders', { token: user.token })).json().data;
    expect(orders[0].cartItems[0]).toMatchObject({ sku: black41.sku, options: black41.options });
  });

  it('a product given its first options keeps its sales on its first variant', async () => {
    const plain = await insertProduct(t, refs, { quantity: 5, price: 5_000 });
    const { user, cartId } = await shopperWith([{ productId: plain.id }]);
    expect((await placeCash(user, cartId)).statusCode).toBe(201);
    const [before] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, plain.id));
    const res = await sendProduct('PUT', `/products/${plain.id}`, {
      options: JSON.stringify([{ name: SIZE, values: ['S', 'M'] }]),
      variants: JSON.stringify([
        { options: { [SIZE]: 'S' }, price: 50, quantity: 2 },
        { options: { [SIZE]: 'M' }, price: 50, quantity: 2 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.variants[0].id).toBe(before?.id);
    expect(await stockOfProduct(t, plain.id)).toEqual({ quantity: 4, sold: 1 });
  });

  it('two rows may swap their SKUs; an empty variant list and a huge stock are refused', async () => {
    const shoe = await createShoe();
    const [a, b, c] = shoe.variants;
    if (!a || !b || !c) throw new Error('three variants');
    const row = (v: typeof a, sku: string) => ({
      id: v.id,
      sku,
      options: v.options,
      price: v.price,
      quantity: v.quantity,
    });
    const swap = await sendProduct('PUT', `/products/${shoe.id}`, {
      options: JSON.stringify(shoeOptions),
      variants: JSON.stringify([row(a, b.sku), row(b, a.sku), row(c, c.sku)]),
    });
    expect(swap.statusCode, swap.body).toBe(200);
    expect(swap.json().data.variants.map((v: { sku: string }) => v.sku)).toEqual([b.sku, a.sku, c.sku]);
    const empty = await sendProduct('PUT', `/products/${shoe.id}`, { options: '[]' });
    expect(firstError(empty).code).toBe('VARIANTS_REQUIRED');
    const huge = await sendProduct('PUT', `/products/${shoe.id}`, {
      options: JSON.stringify(shoeOptions),
      variants: JSON.stringify([{ ...row(a, a.sku), quantity: 10_000_001 }]),
    });
    expect(firstError(huge).code).toBe('QUANTITY_INVALID');
    expect((await send('GET', `/products/${shoe.id}`)).json().data.variants).toHaveLength(3);
  });
});

describe('the CSV export of products and variants', () => {
  it('is for staff: one row per variant with its options, SKU, barcode, prices and stock, Excel-ready', async () => {
    const shoe = await createShoe();
    const customer = await createAccount(t);
    expect((await send('GET', '/products/export.csv')).statusCode).toBe(401);
    expect((await send('GET', '/products/export.csv', { token: customer.token })).statusCode).toBe(403);
    const res = await send('GET', '/products/export.csv', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = res.body.slice(1).split('\r\n');
    expect(rows[0]).toBe(
      'رمز المنتج (SKU),معرف المنتج,الاسم,الوصف,التصنيف,الماركة,الحالة,الخيار 1,القيمة 1,الخيار 2,القيمة 2,الخيار 3,القيمة 3,الباركود,السعر,السعر بعد الخصم,الكمية,الكمية عند التصدير,الصورة الرئيسية,الصور',
    );
    const black42 = variantOf(shoe, '42', '#000000');
    const line = rows.find((row) => row.startsWith(`${black42.sku},`));
    expect(line).toBe(
      [
        black42.sku,
        shoe.id,
        shoe.title,
        'حذاء جري خفيف',
        (await t.database.db.query.categories.findFirst({ where: (c, { eq: is }) => is(c.id, refs.categoryId) }))?.name,
        '',
        'منشور',
        SIZE,
        '42',
        COLOR,
        '#000000',
        '',
        '',
        '4006381333931',
        '320.00',
        '280.00',
        '1',
        '1',
        shoe.imageCover,
        '',
      ].join(','),
    );
    expect(rows.filter((row) => row.includes(`,${shoe.id},`))).toHaveLength(3);
  });
});

describe('the listing', () => {
  it('filters by an option value in stock', async () => {
    const shoe = await createShoe();
    const ids = async (query: string) =>
      ((await send('GET', `/products?limit=100&category=${refs.categoryId}&${query}`)).json().data as Product[]).map(
        (p) => p.id,
      );
    expect(await ids(`option=${encodeURIComponent(`${SIZE}:41`)}`)).toContain(shoe.id);
    // 43 is no variant of it; white 42 is out of stock.
    expect(await ids(`option=${encodeURIComponent(`${SIZE}:43`)}`)).not.toContain(shoe.id);
    const white42 = `option=${encodeURIComponent(`${SIZE}:42`)}&option=${encodeURIComponent(`${COLOR}:white`)}`;
    expect(await ids(white42)).not.toContain(shoe.id);
    const black42 = `option=${encodeURIComponent(`${SIZE}:42`)}&option=${encodeURIComponent(`${COLOR}:#000000`)}`;
    expect(await ids(black42)).toContain(shoe.id);
    const bad = await send('GET', `/products?option=${encodeURIComponent('no-colon')}`);
    expect(firstError(bad).code).toBe('OPTION_FILTER_INVALID');
  });

  it('search finds a product by a variant’s SKU, in any case, and by its barcode', async () => {
    const shoe = await createShoe();
    const found = async (keyword: string) =>
      ((await send('GET', `/products?keyword=${encodeURIComponent(keyword)}`)).json().data as Product[]).map(
        (p) => p.id,
      );
    const sku = variantOf(shoe, '41', '#000000').sku;
    expect(await found(sku)).toContain(shoe.id);
    expect(await found(sku.toLowerCase())).toContain(shoe.id);
    expect(await found('4006381333931')).toContain(shoe.id);
    // Parts PostgreSQL's parser could read as numbers (0e12) are found too.
    const tricky = await createShoe({
      variants: [{ sku: 'SH-0E12AB34-41B', options: { [SIZE]: '41', [COLOR]: 'white' }, price: 10, quantity: 1 }],
    });
    expect(await found('SH-0E12AB34-41B')).toContain(tricky.id);
    expect(await found('sh-0e12ab34-41b')).toContain(tricky.id);
  });
});
