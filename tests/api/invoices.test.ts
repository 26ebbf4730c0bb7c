import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Invoice, Order } from '../../src/contract/types.js';
import { invoiceCounter, invoices, shippingZones, storeSettings } from '../../src/db/schema.js';
import { zatcaHash } from '../../src/server/modules/invoices/hash.js';
import { documentHash, GENESIS_HASH, invoiceById } from '../../src/server/modules/invoices/service.js';
import { decodeTlvBase64 } from '../../src/server/modules/invoices/tlv.js';
import { shippingZonesOf } from '../../src/server/modules/pricing/service.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  insertCoupon,
  insertProduct,
} from '../helpers/shopping.js';
import { describeFindings, unstampedFindings, zatcaFindings } from '../helpers/zatca.js';

/*
 * Simplified tax invoices (docs/invoices.md): issued with each order when the shop has a VAT
 * number, numbered without gaps, chained by hash, readable by the order's customer and staff only
 * (SECURITY.md § Invoices).
 */

const SELLER = SAUDI_SELLER;
/** The national address on one line, as the invoice prints it. */
const SELLER_ADDRESS = '2322 طريق الملك فهد، العليا، الرياض 12214 - 8228';

let current: TestApp;
const { send, expectNo5xx, payThroughTestProvider } = apiClient(() => current);
afterEach(expectNo5xx);

/** A shop of a market, with (or without) a VAT registration set straight in the database. */
async function shop(country: 'SA' | 'EG', registered = true) {
  const t = await createTestApp({ country });
  await storeSettingsOf(t.database.db, t.config);
  if (registered) await t.database.db.update(storeSettings).set(SELLER);
  const admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  return { t, admin, refs: { categoryId: category.id, brandId: brand.id } };
}
type Shop = Awaited<ReturnType<typeof shop>>;

async function cashOrder(s: Shop, lines: { price: number; count?: number }[], coupon?: string) {
  const products = await Promise.all(
    lines.map((line) => insertProduct(s.t, s.refs, { price: line.price, quantity: 50 })),
  );
  const { user, cartId } = await customerWithCart(
    s.t,
    send,
    products.map((p, i) => ({ productId: p.id, count: lines[i]?.count })),
  );
  if (coupon) {
    const applied = await send('PUT', '/cart/applyCoupon', { token: user.token, payload: { couponName: coupon } });
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  return { res, user };
}

async function placed(s: Shop, lines: { price: number; count?: number }[], coupon?: string) {
  const { res, user } = await cashOrder(s, lines, coupon);
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json().data as Order, user };
}

const invoiceOf = (orderId: string, who: Account) => send('GET', `/orders/${orderId}/invoice`, { token: who.token });
const rowsOf = (t: TestApp) => t.database.db.select().from(invoices).orderBy(asc(invoices.number));
const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

/** Every document's hash is ZATCA's hash of its XML, and each names the one before. */
async function expectChain(t: TestApp) {
  const rows = await rowsOf(t);
  for (const [i, row] of rows.entries()) {
    expect(row.number).toBe(i + 1);
    expect(row.previousHash).toBe(i === 0 ? GENESIS_HASH : rows[i - 1]?.hash);
    const corrected = row.refersTo ? await invoiceById(t.database.db, row.refersTo) : undefined;
    expect(row.hash).toBe(documentHash(row, corrected));
  }
  const [counter] = await t.database.db.select().from(invoiceCounter);
  expect(counter).toMatchObject({ lastNumber: rows.length, lastHash: rows.at(-1)?.hash ?? GENESIS_HASH });
}

describe('a Saudi shop with a VAT number', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop('SA');
    current = s.t;
  });
  afterAll(() => s.t.close());

  it('a cash order gets invoice 1: seller, lines, totals equal to the order, and the QR’s five tags', async () => {
    current = s.t;
    const { order, user } = await placed(s, [{ price: 57_500, count: 2 }, { price: 999 }]);
    const res = await invoiceOf(order.id, user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const invoice = res.json().data as Invoice;
    expect(invoice).toMatchObject({
      number: 1,
      orderId: order.id,
      orderNumber: order.number,
      seller: {
        name: SELLER.legalName,
        address: SELLER_ADDRESS,
        vatNumber: SELLER.vatNumber,
        sellerId: { scheme: 'CRN', value: SELLER.sellerId },
        nationalAddress: {
          buildingNumber: SELLER.buildingNumber,
          street: SELLER.street,
          district: SELLER.district,
          city: SELLER.city,
          postalCode: SELLER.postalCode,
          additionalNumber: SELLER.additionalNumber,
        },
      },
      currency: 'SAR',
      total: order.totalOrderPrice,
      vatTotal: order.taxPrice,
      previousHash: GENESIS_HASH,
    });
    expect(invoice.uuid).toMatch(/^[0-9a-f-]{36}$/);
    // The order says it has one (its views link the invoice page).
    expect(order.invoiceNumber).toBe(1);
    expect((await send('GET', `/orders/${order.id}`, { token: user.token })).json().data.invoiceNumber).toBe(1);
    expect(order.totalOrderPrice).toBe(1159.99);
    expect(order.taxPrice).toBe(151.3);
    expect(invoice.subtotalExclVat).toBe(1008.69);
    expect(invoice.lines.map((line) => line.vatRate)).toEqual([15, 15]);
    expect(sum(invoice.lines.map((line) => line.vatAmount))).toBe(invoice.vatTotal);
    expect(sum(invoice.lines.map((line) => line.totalInclVat))).toBe(invoice.total);
    expect(decodeTlvBase64(invoice.qr)).toEqual([
      [1, SELLER.legalName],
      [2, SELLER.vatNumber],
      [3, invoice.issuedAt.replace('.000Z', 'Z')],
      [4, '1159.99'],
      [5, '151.30'],
    ]);
    await expectChain(s.t);
  });

  it('exports the invoice as UBL 2.1 XML to the same people', async () => {
    current = s.t;
    const { order, user } = await placed(s, [{ price: 1_000 }]);
    const res = await send('GET', `/orders/${order.id}/invoice.xml`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const invoice = (await invoiceOf(order.id, user)).json().data as Invoice;
    expect(res.body).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    expect(res.body).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(res.body).toContain(`<cbc:UUID>${invoice.uuid}</cbc:UUID>`);
    expect(res.body).toContain(`>${invoice.previousHash}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(res.body).toContain(`<cbc:RegistrationName>${SELLER.legalName}</cbc:RegistrationName>`);
    const stranger = await createAccount(s.t);
    expectFail(await send('GET', `/orders/${order.id}/invoice.xml`, { token: stranger.token }), 404, m.orderNotFound);
  });

  it('a card order paid through the test provider is a test order: no invoice, no number used', async () => {
    current = s.t;
    const before = (await rowsOf(s.t)).length;
    const p = await insertProduct(s.t, s.refs, { price: 23_000, quantity: 5 });
    const customer = await customerWithCart(s.t, send, [{ productId: p.id }]);
    const checkout = await send(
      'GET',
      `/orders/checkout-session/${customer.cartId}?${new URLSearchParams(shippingAddress)}`,
      { token: customer.user.token },
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await rowsOf(s.t)).toHaveLength(before);
    const hook = await payThroughTestProvider(checkout.json().session.id, s.t);
    expect(hook.statusCode, hook.body).toBe(200);
    const orders = (await send('GET', '/orders', { token: customer.user.token })).json().data as Order[];
    expect(orders).toHaveLength(1);
    expect(orders[0]?.isTest).toBe(true);
    // A real card order is invoiced when its payment is confirmed (tests/api/credit-notes.test.ts, Stripe).
    expectFail(await invoiceOf(orders[0]?.id ?? '', customer.user), 404, m.invoiceNotIssued);
    expect(await rowsOf(s.t)).toHaveLength(before);
    const { order } = await placed(s, [{ price: 500 }]);
    expect(order.invoiceNumber).toBe(before + 1);
    await expectChain(s.t);
  });

  it('an order refused for short stock uses no number', async () => {
    current = s.t;
    const before = (await rowsOf(s.t)).length;
    const p = await insertProduct(s.t, s.refs, { quantity: 1 });
    const { user, cartId } = await customerWithCart(s.t, send, [{ productId: p.id, count: 2 }]);
    const short = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
    expectFail(short, 409, `${m.stockShort}: ${p.title}`);
    expect(await rowsOf(s.t)).toHaveLength(before);
    const { order } = await placed(s, [{ price: 500 }]);
    const [last] = (await rowsOf(s.t)).slice(-1);
    expect(last).toMatchObject({ orderId: order.id, number: before + 1 });
    await expectChain(s.t);
  });

  it('the customer and staff may read it; another customer is told there is no such order; anonymous 401', async () => {
    current = s.t;
    const { order, user } = await placed(s, [{ price: 4_200 }]);
    const stranger = await createAccount(s.t);
    expect((await invoiceOf(order.id, user)).statusCode).toBe(200);
    expect((await invoiceOf(order.id, s.admin)).statusCode).toBe(200);
    expectFail(await invoiceOf(order.id, stranger), 404, m.orderNotFound);
    expect((await invoiceOf(order.id, stranger)).json().code).toBe('ORDER_NOT_FOUND');
    expect((await send('GET', `/orders/${order.id}/invoice`)).statusCode).toBe(401);
    expect((await send('GET', `/orders/${order.id}/invoice.xml`)).statusCode).toBe(401);
  });

  it('the confirmation e-mail links the invoice page', async () => {
    current = s.t;
    const { order, user } = await placed(s, [{ price: 1_500 }]);
    const [account] = await s.t.database.db.select().from(storeSettings);
    expect(account?.vatNumber).toBe(SELLER.vatNumber);
    const outbox = path.join(s.t.config.dataDir, 'outbox');
    const mails = readdirSync(outbox)
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')))
      .filter((mail) => mail.to === order.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/orders/${order.id}/invoice`);
    expect(user.email).toBe(order.user.email);
  });

  it('without a VAT number no invoice is issued, the API says so, and numbering resumes without a gap', async () => {
    current = s.t;
    const before = (await rowsOf(s.t)).length;
    await s.t.database.db.update(storeSettings).set({ vatNumber: null });
    const { order, user } = await placed(s, [{ price: 1_000 }]);
    await s.t.database.db.update(storeSettings).set({ vatNumber: SELLER.vatNumber });
    expect(await rowsOf(s.t)).toHaveLength(before);
    expect(order).not.toHaveProperty('invoiceNumber');
    const res = await invoiceOf(order.id, user);
    expectFail(res, 404, m.invoiceNotIssued);
    expect(res.json().code).toBe('INVOICE_NOT_ISSUED');
    expectFail(await invoiceOf(order.id, s.admin), 404, m.invoiceNotIssued);
    expectFail(await send('GET', `/orders/${order.id}/invoice.xml`, { token: user.token }), 404, m.invoiceNotIssued);
    const outbox = path.join(s.t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')))
      .find((sent) => sent.to === order.user.email);
    expect(mail.text).not.toContain('/invoice');
    const { order: next } = await placed(s, [{ price: 1_000 }]);
    expect((await invoiceOf(next.id, s.admin)).json().data.number).toBe(before + 1);
    await expectChain(s.t);
  });
});

describe('an Egyptian shop (14 %) with a coupon, shipping and a cash fee', () => {
  it('spreads the discount and the VAT so the lines add up to the order', async () => {
    const s = await shop('EG');
    current = s.t;
    try {
      const [zone] = await shippingZonesOf(s.t.database.db);
      await s.t.database.db
        .update(shippingZones)
        .set({ price: 2_333, codFee: 777 })
        .where(eq(shippingZones.id, zone?.id ?? ''));
      const coupon = await insertCoupon(s.t, { discount: 13 });
      const { order, user } = await placed(
        s,
        [
          { price: 333, count: 3 },
          { price: 1_001, count: 7 },
        ],
        coupon.name,
      );
      expect(order).toMatchObject({ shippingPrice: 23.33, codFee: 7.77 });
      expect(order.discount).toBeGreaterThan(0);
      const invoice = (await invoiceOf(order.id, user)).json().data as Invoice;
      // Not a Saudi document: its market and zone say so (the page titles it «فاتورة», without ZATCA's QR).
      expect(invoice).toMatchObject({ country: 'EG', timeZone: s.t.config.timeZone });
      expect(invoice.seller).toEqual({ name: SELLER.legalName, address: '', vatNumber: SELLER.vatNumber });
      expect(invoice.lines.map((line) => line.vatRate)).toEqual([14, 14, 14, 14]);
      expect(invoice.lines.slice(2).map((line) => line.totalInclVat)).toEqual([23.33, 7.77]);
      expect(sum(invoice.lines.map((line) => line.vatAmount))).toBe(order.taxPrice);
      expect(sum(invoice.lines.map((line) => line.totalInclVat))).toBe(order.totalOrderPrice);
      expect(invoice.total).toBe(order.totalOrderPrice);
      expect(invoice.subtotalExclVat).toBe(sum([order.totalOrderPrice, -order.taxPrice]));
    } finally {
      await s.t.close();
    }
  });
});

describe('concurrent orders', () => {
  it('20 customers order at once: invoices 1 to 20, no gap, one unbroken chain', async () => {
    const s = await shop('SA');
    current = s.t;
    try {
      // A product each: orders of one product would queue on its stock row before the counter.
      const customers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const p = await insertProduct(s.t, s.refs, { price: 11_500, quantity: 5 });
          return customerWithCart(s.t, send, [{ productId: p.id }]);
        }),
      );
      const answers = await Promise.all(
        customers.map(({ user, cartId }) =>
          send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } }),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
      const rows = await rowsOf(s.t);
      expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(rows.map((row) => row.orderId)).size).toBe(20);
      await expectChain(s.t);
    } finally {
      await s.t.close();
    }
  });
});

describe('a Saudi shop not yet complete for tax invoices', () => {
  it('makes the order without an invoice while the CRN, an address part or the legal name is missing, or at 0 %', async () => {
    const s = await shop('SA');
    current = s.t;
    try {
      const lacks: Array<Partial<typeof storeSettings.$inferInsert>> = [
        { sellerId: '' },
        { postalCode: '' },
        { legalName: '' },
        { vatRateBasisPoints: 0 },
      ];
      for (const lack of lacks) {
        await s.t.database.db.update(storeSettings).set({ ...SELLER, vatRateBasisPoints: 1500, ...lack });
        const { order, user } = await placed(s, [{ price: 1_000 }]);
        expect(order, JSON.stringify(lack)).not.toHaveProperty('invoiceNumber');
        expectFail(await invoiceOf(order.id, user), 404, m.invoiceNotIssued);
      }
      expect(await rowsOf(s.t)).toEqual([]);
      await s.t.database.db.update(storeSettings).set({ ...SELLER, vatRateBasisPoints: 1500 });
      const { order } = await placed(s, [{ price: 1_000 }]);
      expect(order.invoiceNumber).toBe(1);
    } finally {
      await s.t.close();
    }
  });

  it('a Saudi shop selling in USD issues none', async () => {
    const t = await createTestApp({ country: 'SA', currency: 'USD' });
    const s = { t, admin: await createAccount(t, 'admin'), refs: await createTaxonomy(t) };
    await storeSettingsOf(t.database.db, t.config);
    await t.database.db.update(storeSettings).set(SELLER);
    current = t;
    try {
      const { order } = await placed({ ...s, refs: { categoryId: s.refs.category.id, brandId: s.refs.brand.id } }, [
        { price: 1_000 },
      ]);
      expect(order).not.toHaveProperty('invoiceNumber');
      expect(await rowsOf(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a shop without a VAT number', () => {
  it('issues no invoice at all', async () => {
    const s = await shop('SA', false);
    current = s.t;
    try {
      const { order, user } = await placed(s, [{ price: 1_000 }]);
      expect(await rowsOf(s.t)).toEqual([]);
      expectFail(await invoiceOf(order.id, user), 404, m.invoiceNotIssued);
    } finally {
      await s.t.close();
    }
  });
});

// Two JVMs run ZATCA's rules (tests/helpers/zatca.ts): seconds each on a busy machine.
describe('ZATCA’s validation rules', () => {
  it('pass on every document a Saudi shop issues: invoice with coupon, shipping and cash fee; partial and full credit notes', async () => {
    const s = await shop('SA');
    current = s.t;
    try {
      await s.t.database.db.update(storeSettings).set({ legalName: 'مؤسسة «متجر» & شركاه <الرياض> "المحدودة"' });
      const [zone] = await shippingZonesOf(s.t.database.db);
      await s.t.database.db
        .update(shippingZones)
        .set({ price: 2_500, codFee: 1_000 })
        .where(eq(shippingZones.id, zone?.id ?? ''));
      const coupon = await insertCoupon(s.t, { discount: 10 });
      const { order, user } = await placed(s, [{ price: 3_333, count: 3 }, { price: 12_000 }], coupon.name);
      await send('PUT', `/orders/${order.id}/pay`, { token: s.admin.token });
      const refund = (amount: number, reason: string) =>
        send('POST', `/orders/${order.id}/refunds`, { token: s.admin.token, payload: { amount, reason } });
      const partial = await refund(10, 'تعويض عن تأخير & "تلف" <بسيط>');
      expect(partial.statusCode, partial.body).toBe(201);
      const { order: second } = await placed(s, [{ price: 5_000 }]);
      await send('PUT', `/orders/${second.id}/pay`, { token: s.admin.token });
      const full = await send('POST', `/orders/${second.id}/refunds`, {
        token: s.admin.token,
        payload: { amount: second.totalOrderPrice, reason: 'إرجاع كامل' },
      });
      expect(full.statusCode, full.body).toBe(201);
      const xml = async (url: string) => {
        const res = await send('GET', url, { token: user.token });
        return res.body;
      };
      const documents = {
        invoice: await xml(`/orders/${order.id}/invoice.xml`),
        'partial-credit-note': await xml(
          `/orders/${order.id}/credit-notes/${partial.json().data.creditNoteNumber}.xml`,
        ),
        'full-credit-note': (
          await send('GET', `/orders/${second.id}/credit-notes/${full.json().data.creditNoteNumber}.xml`, {
            token: s.admin.token,
          })
        ).body,
      };
      const findings = zatcaFindings(documents);
      // The rules ran on each document: the only findings are the stamp's, which an unsigned document fails.
      for (const name of Object.keys(documents)) {
        const ids = findings.filter((f) => f.document === name).map((f) => f.id);
        expect(ids.sort(), name).toEqual(['BR-KSA-28', 'BR-KSA-29', 'BR-KSA-30', 'BR-KSA-60']);
      }
      expect(describeFindings(unstampedFindings(findings))).toBe('');
      // Each stored hash is ZATCA's hash of exactly the XML served, and the next document's PIH.
      const invoice = (await invoiceOf(order.id, user)).json().data as Invoice;
      expect(zatcaHash(documents.invoice)).toBe(invoice.hash);
      const notes = (await send('GET', `/orders/${order.id}/credit-notes`, { token: user.token })).json().data;
      expect(zatcaHash(documents['partial-credit-note'])).toBe(notes[0].hash);
      expect(notes[0].previousHash).toBe(invoice.hash);
      await expectChain(s.t);
    } finally {
      await s.t.close();
    }
  }, 120_000);
});
