import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contract/money.js';
import { orderMoneyParts } from '../../src/contract/money-lines.js';
import { formatPercent } from '../../src/contract/numbers.js';
import { addresses, orders, shippingZones } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertCoupon,
  insertProduct,
} from '../helpers/shopping.js';

/*
 * Shipping zones and the quote (docs/pricing.md): staff keep the zones; a customer's address city
 * picks one; the quote is what the order then costs, cash or card, in a Saudi (15 %) and an
 * Egyptian (14 %) shop.
 */

type Shop = { t: TestApp; admin: Account; refs: { categoryId: string; brandId: string } };
let sa: Shop;
let eg: Shop;
let current: TestApp;
const { send, expectNo5xx, payThroughTestProvider } = apiClient(() => current);

async function shop(country: 'SA' | 'EG', currency: string): Promise<Shop> {
  // Phones stay Egyptian whatever the market: these tests are about money.
  const t = await createTestApp({ country, currency, phoneCountry: 'EG' });
  const { category, brand } = await createTaxonomy(t);
  return { t, admin: await createAccount(t, 'admin'), refs: { categoryId: category.id, brandId: brand.id } };
}

beforeAll(async () => {
  sa = await shop('SA', 'SAR');
  eg = await shop('EG', 'EGP');
  current = sa.t;
});
afterAll(async () => {
  await sa?.t.close();
  await eg?.t.close();
});
afterEach(expectNo5xx);

const zones = (s: Shop = sa) => send('GET', '/shipping-zones', { token: s.admin.token, app: s.t });
const addZone = (payload: unknown, s: Shop = sa) =>
  send('POST', '/shipping-zones', { token: s.admin.token, payload, app: s.t });
const editZone = (id: string, payload: unknown, s: Shop = sa) =>
  send('PUT', `/shipping-zones/${id}`, { token: s.admin.token, payload, app: s.t });
const removeZone = (id: string, s: Shop = sa) =>
  send('DELETE', `/shipping-zones/${id}`, { token: s.admin.token, app: s.t });
async function defaultZone(s: Shop = sa) {
  const res = await zones(s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((zone: { isDefault: boolean }) => zone.isDefault);
}
const cityName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

describe('shipping zones', () => {
  it('the list holds the default zone «باقي المدن»: free, cash allowed; it can be renamed, priced and disabled but not deleted', async () => {
    const zone = await defaultZone();
    expect(zone).toMatchObject({ name: 'باقي المدن', cities: [], price: 0, codAllowed: true, enabled: true });
    const edited = await editZone(zone.id, { name: 'بقية المملكة', price: '٣٥٫٥', codFee: 5, enabled: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'بقية المملكة',
      price: 35.5,
      codFee: 5,
      enabled: false,
      isDefault: true,
    });
    expectFail(await removeZone(zone.id), 409);
    expect((await removeZone(zone.id)).json().code).toBe('ZONE_DEFAULT_UNDELETABLE');
    expect(firstError(await editZone(zone.id, { cities: ['جدة'] }))).toMatchObject({
      param: 'cities',
      code: 'ZONE_DEFAULT_HAS_NO_CITIES',
    });
    const back = await editZone(zone.id, { name: 'باقي المدن', price: 0, codFee: 0, enabled: true });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('adds, edits and deletes a zone; amounts in major units; cities once each', async () => {
    const a = cityName('أبها');
    const res = await addZone({
      name: 'الجنوب',
      cities: [a, `  ${a.replace('أ', 'ا')} `, 'نجران'],
      price: '٢٥',
      freeAbove: 300,
      codFee: 7.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const zone = res.json().data;
    expect(zone).toMatchObject({
      name: 'الجنوب',
      cities: [a, 'نجران'],
      price: 25,
      freeAbove: 300,
      codAllowed: true,
      codFee: 7.5,
      enabled: true,
      isDefault: false,
    });
    expect((await zones()).json().data.map((z: { id: string }) => z.id)).toContain(zone.id);
    const edited = await editZone(zone.id, { freeAbove: null, codAllowed: false });
    expect(edited.json().data).toMatchObject({ freeAbove: null, codAllowed: false, price: 25 });
    expect((await removeZone(zone.id)).statusCode).toBe(204);
    expect((await removeZone(zone.id)).json().code).toBe('ZONE_NOT_FOUND');
    expect((await editZone(zone.id, { price: 1 })).json().code).toBe('ZONE_NOT_FOUND');
  });

  it('a city belongs to one enabled zone only (Arabic-folded): 409 naming the city and the zone', async () => {
    const city = cityName('جدة');
    const first = (await addZone({ name: 'الغربية', cities: [city] })).json().data;
    const clash = await addZone({ name: 'الساحل', cities: ['مكة', city.replace('ة', 'ه')] });
    expectFail(clash, 409);
    expect(clash.json()).toMatchObject({ code: 'ZONE_CITY_TAKEN', city: city.replace('ة', 'ه'), zone: 'الغربية' });
    // Disabled, it may list it; enabling it then is refused while the other keeps the city.
    const second = await addZone({ name: 'الساحل', cities: [city], enabled: false });
    expect(second.statusCode, second.body).toBe(201);
    expect((await editZone(second.json().data.id, { enabled: true })).json().code).toBe('ZONE_CITY_TAKEN');
    expect((await editZone(first.id, { enabled: false })).statusCode).toBe(200);
    expect((await editZone(second.json().data.id, { enabled: true })).statusCode).toBe(200);
  });

  it('refuses bad amounts, names and city lists', async () => {
    for (const [field, value] of [
      ['price', -1],
      ['price', 'مجاني'],
      ['codFee', 1e12],
      ['freeAbove', -5],
      ['price', 100_000_000_001],
    ] as const) {
      const res = await addZone({ name: 'س', [field]: value });
      expect(firstError(res), `${field} ${value}`).toMatchObject({ param: field, code: 'ZONE_AMOUNT_INVALID' });
    }
    expect(firstError(await addZone({ name: ' ' }))).toMatchObject({ code: 'ZONE_NAME_REQUIRED' });
    expect(firstError(await addZone({ name: 'س'.repeat(65) }))).toMatchObject({ code: 'ZONE_NAME_TOO_LONG' });
    const many = Array.from({ length: 201 }, (_, i) => `مدينة ${i}`);
    expect(firstError(await addZone({ name: 'كثيرة', cities: many }))).toMatchObject({ code: 'ZONE_CITIES_INVALID' });
    expect(firstError(await addZone({ name: 'طويلة', cities: ['م'.repeat(101)] }))).toMatchObject({
      code: 'ZONE_CITIES_INVALID',
    });
    expect(firstError(await addZone({ name: 'فارغة', cities: [' '] }))).toMatchObject({ code: 'ZONE_CITIES_INVALID' });
  });

  it('staff only: anonymous 401, customer 403', async () => {
    const customer = await createAccount(sa.t);
    expect((await send('GET', '/shipping-zones')).statusCode).toBe(401);
    expect((await send('GET', '/shipping-zones', { token: customer.token })).statusCode).toBe(403);
    expect((await send('POST', '/shipping-zones', { token: customer.token, payload: { name: 'x' } })).statusCode).toBe(
      403,
    );
  });
});

const shippingAddressOf = (city: string) => ({
  details: 'شارع الملك فهد 5',
  phone: '01012345678',
  city,
  postalCode: '12345',
});

/** A customer of `s` with `count` units of a 115.00 product in the cart and an address in `city`. */
async function shopper(s: Shop, city: string, count = 2) {
  const product = await insertProduct(s.t, s.refs, { price: 11_500, quantity: 100 });
  const { user, cartId } = await customerWithCart(s.t, send, [{ productId: product.id, count }]);
  const [address] = await s.t.database.db
    .insert(addresses)
    .values({ userId: user.id, alias: 'البيت', ...shippingAddressOf(city) })
    .returning();
  if (!address) throw new Error('no address');
  return { user, cartId, addressId: address.id, city };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

const quote = (s: Shop, who: Shopper, method: string, token = who.user.token) =>
  send('GET', `/orders/quote?${new URLSearchParams({ cartId: who.cartId, addressId: who.addressId, method })}`, {
    token,
    app: s.t,
  });
const placeCash = (s: Shop, who: Shopper) =>
  send('POST', `/orders/${who.cartId}`, {
    token: who.user.token,
    payload: { shippingAddress: shippingAddressOf(who.city) },
    app: s.t,
  });
const checkout = (s: Shop, who: Shopper) =>
  send('GET', `/orders/checkout-session/${who.cartId}?addressId=${who.addressId}`, { token: who.user.token, app: s.t });

/** Pays a card checkout through the test provider's signed webhook; returns the order made. */
async function payByCard(s: Shop, who: Shopper) {
  const session = await checkout(s, who);
  expect(session.statusCode, session.body).toBe(200);
  const hook = await payThroughTestProvider(session.json().session.id, s.t);
  expect(hook.statusCode, hook.body).toBe(200);
  const [row] = await s.t.database.db.select().from(orders).where(eq(orders.userId, who.user.id));
  if (!row) throw new Error('no order');
  const order = await send('GET', `/orders/${row.id}`, { token: who.user.token, app: s.t });
  return { amount: session.json().session.amount as number, order: order.json().data };
}

describe('the quote: GET /orders/quote', () => {
  let city: string;
  beforeAll(async () => {
    city = cityName('الرياض');
    const res = await addZone({ name: 'الرياض', cities: [city], price: 20, freeAbove: 500, codFee: 10 });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('SA, prices with VAT: shipping, cash fee and the 15 % VAT the total holds; the cash order costs the same', async () => {
    const who = await shopper(sa, city);
    const cash = await quote(sa, who, 'cash');
    expect(cash.statusCode, cash.body).toBe(200);
    // 230 + 20 + 10 = 260; VAT 26000 × 15 / 115 = 3391.30 → 33.91.
    expect(cash.json().data).toEqual({
      subtotal: 230,
      discount: 0,
      shippingPrice: 20,
      codFee: 10,
      taxPrice: 33.91,
      total: 260,
      currency: 'SAR',
      vatRate: 15,
      pricesIncludeVat: true,
    });
    // Card: no fee; 250 → 3260.87 → 32.61.
    expect((await quote(sa, who, 'card')).json().data).toMatchObject({ codFee: 0, taxPrice: 32.61, total: 250 });
    const order = await placeCash(sa, who);
    expect(order.statusCode, order.body).toBe(201);
    // The order keeps the quote's bill, its VAT rate and basis included (it names its total totalOrderPrice).
    const { currency: _, ...money } = cash.json().data;
    expect(orderMoneyParts(order.json().data)).toEqual(money);
    // The e-mail shows the same bill as the order's page.
    const outbox = path.join(sa.t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')))
      .find((item) => item.to === who.user.email);
    const vat = formatPercent(0.15);
    for (const text of [
      `قيمة المنتجات: ${formatMoney(230, 'SAR')}`,
      `الشحن: ${formatMoney(20, 'SAR')}`,
      `رسوم الدفع عند الاستلام: ${formatMoney(10, 'SAR')}`,
      `ضريبة القيمة المضافة (${vat}) مشمولة: ${formatMoney(33.91, 'SAR')}`,
      `الإجمالي: ${formatMoney(260, 'SAR')}`,
    ]) {
      expect(mail?.text).toContain(text);
    }
  });

  it('card: the amount charged is the quote total and the order keeps every part', async () => {
    const who = await shopper(sa, city);
    const coupon = await insertCoupon(sa.t, { discount: 10 });
    expect(
      (
        await send('PUT', '/cart/applyCoupon', {
          token: who.user.token,
          payload: { couponName: coupon.name },
          app: sa.t,
        })
      ).statusCode,
    ).toBe(200);
    const card = (await quote(sa, who, 'card')).json().data;
    // 230 − 23 + 20 = 227; VAT 22700 × 15 / 115 = 2960.87 → 29.61.
    expect(card).toMatchObject({
      subtotal: 230,
      discount: 23,
      shippingPrice: 20,
      codFee: 0,
      taxPrice: 29.61,
      total: 227,
    });
    const { amount, order } = await payByCard(sa, who);
    expect(amount).toBe(card.total);
    const { currency: _, ...money } = card;
    expect(orderMoneyParts(order)).toEqual(money);
  });

  it('free shipping from freeAbove of the discounted subtotal', async () => {
    const who = await shopper(sa, city, 5);
    expect((await quote(sa, who, 'cash')).json().data).toMatchObject({
      subtotal: 575,
      shippingPrice: 0,
      codFee: 10,
      total: 585,
    });
  });

  it('EG 14 %, and prices without VAT add it on top', async () => {
    const egCity = cityName('القاهرة');
    expect((await addZone({ name: 'القاهرة الكبرى', cities: [egCity], price: 20, codFee: 10 }, eg)).statusCode).toBe(
      201,
    );
    const who = await shopper(eg, egCity);
    // 230 + 20 = 250; VAT 25000 × 14 / 114 = 3070.18 → 30.70.
    expect((await quote(eg, who, 'card')).json().data).toMatchObject({
      total: 250,
      taxPrice: 30.7,
      currency: 'EGP',
      vatRate: 14,
    });
    const net = await send('PUT', '/settings', {
      token: eg.admin.token,
      payload: { pricesIncludeVat: false },
      app: eg.t,
    });
    expect(net.statusCode, net.body).toBe(200);
    const card = (await quote(eg, who, 'card')).json().data;
    expect(card).toMatchObject({ taxPrice: 35, total: 285, pricesIncludeVat: false });
    // Cash: 260 net → VAT 36.40, total 296.40; the order says the same.
    const cash = (await quote(eg, who, 'cash')).json().data;
    expect(cash).toMatchObject({ codFee: 10, taxPrice: 36.4, total: 296.4 });
    const order = await placeCash(eg, who);
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data).toMatchObject({ taxPrice: 36.4, totalOrderPrice: 296.4, codFee: 10 });
    await send('PUT', '/settings', { token: eg.admin.token, payload: { pricesIncludeVat: true }, app: eg.t });
  });

  it('cash refused where the zone takes none (quote and order); card still quoted', async () => {
    const noCash = cityName('تبوك');
    await addZone({ name: 'الشمال', cities: [noCash], price: 40, codAllowed: false });
    const who = await shopper(sa, noCash);
    const refused = await quote(sa, who, 'cash');
    expectFail(refused, 409);
    expect(refused.json().code).toBe('COD_NOT_ALLOWED');
    expect((await placeCash(sa, who)).json().code).toBe('COD_NOT_ALLOWED');
    expect((await quote(sa, who, 'card')).json().data).toMatchObject({ shippingPrice: 40, total: 270 });
  });

  it('a city of a disabled zone, or any city once the default is disabled, is not delivered to', async () => {
    const closed = cityName('عرعر');
    const zone = (await addZone({ name: 'مغلقة', cities: [closed], enabled: false })).json().data;
    const who = await shopper(sa, closed);
    for (const res of [
      await quote(sa, who, 'card'),
      await quote(sa, who, 'cash'),
      await placeCash(sa, who),
      await checkout(sa, who),
    ]) {
      expectFail(res, 409);
      expect(res.json().code).toBe('SHIPPING_UNAVAILABLE');
    }
    await removeZone(zone.id);
    // Now the default zone takes it; disabled, it takes nothing.
    expect((await quote(sa, who, 'card')).statusCode).toBe(200);
    const fallback = await defaultZone();
    await editZone(fallback.id, { enabled: false });
    try {
      expect((await quote(sa, who, 'card')).json().code).toBe('SHIPPING_UNAVAILABLE');
      expect((await placeCash(sa, who)).json().code).toBe('SHIPPING_UNAVAILABLE');
      // A listed city still is.
      const listed = await shopper(sa, city);
      expect((await quote(sa, listed, 'card')).statusCode).toBe(200);
    } finally {
      await editZone(fallback.id, { enabled: true });
    }
  });

  it("another customer's cart or address is not found; a bad method is refused; customers only", async () => {
    const who = await shopper(sa, city);
    const other = await shopper(sa, city);
    const theirCart = await quote(sa, { ...who, cartId: other.cartId }, 'card');
    expectFail(theirCart, 404);
    expect(theirCart.json().code).toBe('CART_NOT_FOUND');
    const theirAddress = await quote(sa, { ...who, addressId: other.addressId }, 'card');
    expect(theirAddress.json().code).toBe('ADDRESS_NOT_FOUND');
    expect(firstError(await quote(sa, who, 'cheque'))).toMatchObject({
      param: 'method',
      code: 'PAYMENT_METHOD_INVALID',
    });
    expect((await quote(sa, who, 'card', '')).statusCode).toBe(401);
    expect((await quote(sa, who, 'card', sa.admin.token)).statusCode).toBe(403);
  });
});

describe('a city in any spelling is one city (docs/pricing.md § Shipping)', () => {
  // «الإسكندرية» with an invisible character inside: the kinds that used to dodge its zone.
  const hidden = {
    'zero-width space': '\u200B',
    'zero-width non-joiner': '\u200C',
    'zero-width joiner': '\u200D',
    'left-to-right mark': '\u200E',
    'right-to-left mark': '\u200F',
    'Arabic letter mark': '\u061C',
    'right-to-left override': '\u202E',
    'left-to-right isolate': '\u2066',
    'word joiner': '\u2060',
    'byte order mark': '\uFEFF',
    'soft hyphen': '\u00AD',
  };
  const spellings = [
    ...Object.values(hidden).map((character) => `الإسك${character}ندرية`),
    `\u200Fالإسكندرية\u200E`,
    'اسكندريه',
    'الاسكندريّة',
    'Alexandria',
    'alexandria',
    'Alex',
    'Iskandariya',
    'Iskandariyah',
    'El Iskandariya',
    'El-Iskandariya',
    'al-Iskandariyah',
    'Eskendereya',
  ];
  let alexandria: { id: string };

  beforeAll(async () => {
    const res = await addZone({ name: 'الإسكندرية', cities: ['الإسكندرية'], price: 50, codAllowed: false }, eg);
    expect(res.statusCode, res.body).toBe(201);
    alexandria = res.json().data;
  });

  it('the zone without cash refuses cash, and prices the card, for every spelling and hidden character', async () => {
    const who = await shopper(eg, 'الإسكندرية');
    for (const city of spellings) {
      await eg.t.database.db.update(addresses).set({ city }).where(eq(addresses.id, who.addressId));
      const cash = await quote(eg, who, 'cash');
      expect(cash.json().code, `${JSON.stringify(city)}: ${cash.body}`).toBe('COD_NOT_ALLOWED');
      expect((await placeCash(eg, { ...who, city })).json().code, JSON.stringify(city)).toBe('COD_NOT_ALLOWED');
      const card = await quote(eg, who, 'card');
      expect(card.json().data, JSON.stringify(city)).toMatchObject({ shippingPrice: 50, total: 280 });
    }
  });

  it('a card order to «Alexandria» pays the zone and is not flagged', async () => {
    const who = await shopper(eg, 'Alexandria');
    const { order } = await payByCard(eg, who);
    expect(order).toMatchObject({ shippingPrice: 50, shippingAddress: { city: 'Alexandria', cityRecognised: true } });
  });

  it('another zone cannot take the city in another spelling; a zone lists it once', async () => {
    const clash = await addZone({ name: 'الساحل الشمالي', cities: ['مطروح', 'Alexandria'] }, eg);
    expectFail(clash, 409);
    expect(clash.json()).toMatchObject({ code: 'ZONE_CITY_TAKEN', city: 'Alexandria', zone: 'الإسكندرية' });
    const edited = await editZone(alexandria.id, { cities: ['الإسكندرية', 'Alex', 'اسكندرية\u200B'] }, eg);
    expect(edited.json().data.cities).toEqual(['الإسكندرية']);
  });

  it('zones saved before, listing one city in two spellings: the older prices it, and saving either asks to resolve it', async () => {
    const [older, newer] = await eg.t.database.db
      .insert(shippingZones)
      .values([
        { name: 'الجيزة القديمة', cities: ['Giza'], price: 1_100, createdAt: new Date(Date.now() - 60_000) },
        { name: 'الجيزة الجديدة', cities: ['الجيزة'], price: 2_200 },
      ])
      .returning();
    if (!older || !newer) throw new Error('no zones');
    try {
      const who = await shopper(eg, 'جيزه');
      expect((await quote(eg, who, 'card')).json().data).toMatchObject({ shippingPrice: 11 });
      const refused = await editZone(newer.id, { price: 30 }, eg);
      expect(refused.json()).toMatchObject({ code: 'ZONE_CITY_TAKEN', city: 'الجيزة', zone: 'الجيزة القديمة' });
      expect((await editZone(older.id, { cities: ['الدقي'] }, eg)).statusCode).toBe(200);
      expect((await editZone(newer.id, { price: 30 }, eg)).statusCode).toBe(200);
      expect((await quote(eg, who, 'card')).json().data).toMatchObject({ shippingPrice: 30 });
    } finally {
      await removeZone(older.id, eg);
      await removeZone(newer.id, eg);
    }
  });

  it('a city no zone names goes to «باقي المدن»; staff see it flagged when the city table does not know it either', async () => {
    const unknown = await shopper(eg, 'قرية الأمل الجديدة');
    expect((await quote(eg, unknown, 'cash')).json().data).toMatchObject({ shippingPrice: 0, codFee: 0 });
    const placed = await placeCash(eg, unknown);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.shippingAddress).toMatchObject({ city: 'قرية الأمل الجديدة', cityRecognised: false });
    const seen = await send('GET', `/orders/${placed.json().data.id}`, { token: eg.admin.token, app: eg.t });
    expect(seen.json().data.shippingAddress.cityRecognised).toBe(false);

    // A known city without a zone of its own (in Latin letters), and a city a zone lists: not flagged.
    for (const city of ['Aswan', cityName('مدينة')]) {
      if (city !== 'Aswan') await addZone({ name: 'خاصة', cities: [city], price: 5 }, eg);
      const who = await shopper(eg, city);
      const order = await placeCash(eg, who);
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().data.shippingAddress.cityRecognised, city).toBe(true);
    }
  });

  it('a city of only invisible characters or punctuation is refused, in a zone and in an address', async () => {
    expect(firstError(await addZone({ name: 'خفية', cities: ['\u200B\u200F'] }, eg))).toMatchObject({
      code: 'ZONE_CITIES_INVALID',
    });
    const who = await shopper(eg, 'الإسكندرية');
    expect(firstError(await placeCash(eg, { ...who, city: '\u200B\u2066…' }))).toMatchObject({
      param: 'shippingAddress.city',
      code: 'CITY_REQUIRED',
    });
  });
});

describe('a disabled zone does not hide an enabled one (docs/pricing.md § Shipping)', () => {
  it('طنطا listed by a disabled zone made first and an enabled zone made after: the enabled one prices it', async () => {
    const closed = await addZone({ name: 'الدلتا القديمة', cities: ['طنطا'], price: 99, enabled: false }, eg);
    expect(closed.statusCode, closed.body).toBe(201);
    const open = await addZone({ name: 'الدلتا', cities: ['طنطا'], price: 30, codFee: 5 }, eg);
    expect(open.statusCode, open.body).toBe(201);
    const who = await shopper(eg, 'طنطا');
    expect((await quote(eg, who, 'card')).json().data).toMatchObject({ shippingPrice: 30, total: 260 });
    expect((await quote(eg, who, 'cash')).json().data).toMatchObject({ shippingPrice: 30, codFee: 5, total: 265 });
    const order = await placeCash(eg, who);
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data).toMatchObject({ shippingPrice: 30, codFee: 5, totalOrderPrice: 265 });
    // Once the enabled one is disabled too, طنطا is not delivered to.
    await editZone(open.json().data.id, { enabled: false }, eg);
    const later = await shopper(eg, 'Tanta');
    expect((await quote(eg, later, 'card')).json().code).toBe('SHIPPING_UNAVAILABLE');
  });
});
