import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Order } from '../../src/contract/types.js';
import { invoices, orders, storeSettings } from '../../src/db/schema.js';
import { GENESIS_HASH, invoiceHash } from '../../src/server/modules/invoices/service.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { apiClient, createTaxonomy, customerWithCart, insertProduct } from '../helpers/shopping.js';

/*
 * Credit notes that are right (docs/invoices.md § Credit notes): together they never credit more
 * than the invoice, and a cancel credits everything not yet credited, paid or not. Runs on PGlite
 * and, with DATABASE_URL, on PostgreSQL, where the parallel requests really race.
 */

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);
afterEach(expectNo5xx);

beforeAll(async () => {
  t = await createTestApp({ country: 'SA' });
  await storeSettingsOf(t.database.db, t.config);
  await t.database.db.update(storeSettings).set({ vatNumber: '300000000000003' });
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());

/** A customer's cash order of one product at `price` (minor units, VAT included). */
async function cashOrder(price: number) {
  const p = await insertProduct(t, refs, { price, quantity: 10 });
  const { user, cartId } = await customerWithCart(t, send, [{ productId: p.id }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  expect(res.statusCode, res.body).toBe(201);
  return { user, order: res.json().data as Order };
}

const refund = (orderId: string, amount: number, reason: string) =>
  send('POST', `/orders/${orderId}/refunds`, { token: admin.token, payload: { amount, reason } });
const creditNotes = async (orderId: string) => {
  const res = await send('GET', `/orders/${orderId}/credit-notes`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CreditNote[];
};

/** The order's invoice and credit notes as stored, lowest number first. */
const documentsOf = (orderId: string) =>
  t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number));

/** Every document's hash is its canonical form's, and each names the one before: one gap-free chain. */
async function expectChain() {
  const rows = await t.database.db.select().from(invoices).orderBy(asc(invoices.number));
  rows.forEach((row, i) => {
    expect(row.number).toBe(i + 1);
    expect(row.previousHash).toBe(i === 0 ? GENESIS_HASH : rows[i - 1]?.hash);
    expect(row.hash).toBe(invoiceHash(row));
  });
}

describe('partial refunds', () => {
  it('100.00 refunded as 33.33 + 33.33 + 33.34 credits the invoice’s 13.04 of VAT, never 13.05', async () => {
    const { order } = await cashOrder(10_000);
    expect(order).toMatchObject({ totalOrderPrice: 100, taxPrice: 13.04 });
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    for (const [amount, reason] of [
      [33.33, 'الأول'],
      [33.33, 'الثاني'],
      [33.34, 'الأخير'],
    ] as const) {
      const made = await refund(order.id, amount, reason);
      expect(made.statusCode, made.body).toBe(201);
    }
    const notes = await creditNotes(order.id);
    expect(notes.map((note) => [note.total, note.vatTotal, note.subtotalExclVat])).toEqual([
      [33.33, 4.35, 28.98],
      [33.33, 4.34, 28.99],
      [33.34, 4.35, 28.99],
    ]);
    const vat = await t.database.db
      .select({ vatTotal: invoices.vatTotal })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')));
    expect(vat.reduce((sum, row) => sum + row.vatTotal, 0)).toBe(1_304);
    await expectChain();
  });
});
