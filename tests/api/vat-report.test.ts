import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Order } from '../../src/contract/types.js';
import { invoices, storeSettings } from '../../src/db/schema.js';
import { issueCorrection } from '../../src/server/modules/invoices/service.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createTestApp, documentIssuingOf, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import { apiClient, createTaxonomy, customerWithCart, firstError, insertProduct } from '../helpers/shopping.js';

/*
 * The VAT report (docs/invoices.md § The VAT report) against sums the test makes itself from the
 * documents' stored lines. Documents are issued by the shop (orders, a refund, a cancel, a
 * correction), then dated by hand around the shop's midnights (Asia/Riyadh, UTC+3). Runs on
 * PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);
afterEach(expectNo5xx);

type Row = typeof invoices.$inferSelect;
/** Every document issued, by the name the test gives it. */
const docs: Record<string, Row> = {};

/** A customer's cash order of one product at `price` (minor units, VAT included). */
async function cashOrder(price: number) {
  const p = await insertProduct(t, refs, { price, quantity: 10 });
  const { user, cartId } = await customerWithCart(t, send, [{ productId: p.id }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

/** The newest document, dated at `issuedAt` (as if issued then), kept as `name`. */
async function dateNewest(name: string, issuedAt: string) {
  const [newest] = await t.database.db
    .select()
    .from(invoices)
    .orderBy(invoices.number)
    .limit(1)
    .offset(Object.keys(docs).length);
  if (!newest) throw new Error('no new document');
  const [row] = await t.database.db
    .update(invoices)
    .set({ issuedAt: new Date(issuedAt) })
    .where(eq(invoices.id, newest.id))
    .returning();
  if (!row) throw new Error('not dated');
  docs[name] = row;
}

const setVatRate = async (vatRate: number) => {
  const res = await send('PUT', '/settings', { token: admin.token, payload: { vatRate } });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ country: 'SA' });
  expect(t.config.timeZone).toBe('Asia/Riyadh');
  await storeSettingsOf(t.database.db, t.config);
  await t.database.db.update(storeSettings).set(SAUDI_SELLER);
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
  admin = await createAccount(t, 'admin');

  await setVatRate(15);
  // 23:59:59 on 31 March in Riyadh: the first quarter's last second.
  await cashOrder(11_500);
  await dateNewest('lastOfMarch', '2026-03-31T20:59:59Z');
  // Midnight of 1 April in Riyadh (still 31 March in UTC): the second quarter's first second.
  const partlyRefunded = await cashOrder(23_000);
  await dateNewest('firstOfApril', '2026-03-31T21:00:00Z');
  await send('PUT', `/orders/${partlyRefunded.id}/pay`, { token: admin.token });
  const refund = await send('POST', `/orders/${partlyRefunded.id}/refunds`, {
    token: admin.token,
    payload: { amount: 33.33, reason: 'قطعة تالفة' },
  });
  expect(refund.statusCode, refund.body).toBe(201);
  await dateNewest('partialCredit', '2026-04-20T09:00:00Z');

  // A second rate: orders after the change are taxed at 5 %.
  await setVatRate(5);
  const cancelled = await cashOrder(10_500);
  await dateNewest('fivePercent', '2026-04-15T10:00:00Z');
  const cancel = await send('POST', `/orders/${cancelled.id}/cancel`, { token: admin.token, payload: {} });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // 23:59:59 on 30 June in Riyadh.
  await dateNewest('wholeCredit', '2026-06-30T20:59:59Z');
  // Midnight of 1 July in Riyadh: the third quarter.
  await cashOrder(21_000);
  await dateNewest('firstOfJuly', '2026-06-30T21:00:00Z');

  // A document ZATCA refused in May, corrected on 2 July: it counts once, through its correction.
  await setVatRate(15);
  await cashOrder(46_000);
  await dateNewest('refused', '2026-05-10T12:00:00Z');
  const refused = docs.refused as Row;
  await t.database.db.transaction((tx) => issueCorrection(tx, refused, t.config, documentIssuingOf(t)));
  await dateNewest('correction', '2026-07-02T12:00:00Z');
  const [replaced] = await t.database.db.select().from(invoices).where(eq(invoices.id, refused.id));
  if (replaced) docs.refused = replaced;
}, 60_000);
afterAll(() => t.close());

const report = async (query: string) => {
  const res = await send('GET', `/admin/vat-report?${query}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** What the report must say of these documents, summed here from their stored lines (major units, halalas / 100). */
function expected(names: string[]) {
  const rows = names.map((name) => docs[name] as Row);
  const sign = (row: Row) => (row.kind === 'credit_note' ? -1 : 1);
  const totals = (kind: Row['kind']) => {
    const ofKind = rows.filter((row) => row.kind === kind);
    const lines = ofKind.flatMap((row) => row.lines);
    return {
      count: ofKind.length,
      taxable: lines.reduce((sum, line) => sum + line.totalInclVat - line.vatAmount, 0) / 100,
      vat: lines.reduce((sum, line) => sum + line.vatAmount, 0) / 100,
    };
  };
  const byRate = new Map<number, { taxable: number; vat: number }>();
  for (const row of rows) {
    for (const line of row.lines) {
      const rate = byRate.get(line.vatRateBasisPoints) ?? { taxable: 0, vat: 0 };
      rate.taxable += sign(row) * (line.totalInclVat - line.vatAmount);
      rate.vat += sign(row) * line.vatAmount;
      byRate.set(line.vatRateBasisPoints, rate);
    }
  }
  const sales = totals('invoice');
  const credits = totals('credit_note');
  return {
    currency: 'SAR',
    invoices: sales,
    creditNotes: credits,
    netTaxable: Math.round((sales.taxable - credits.taxable) * 100) / 100,
    netVat: Math.round((sales.vat - credits.vat) * 100) / 100,
    byRate: [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, sums]) => ({ rate: rate / 100, taxable: sums.taxable / 100, vat: sums.vat / 100 })),
  };
}

describe('GET /admin/vat-report', () => {
  it('counts the documents of the shop days asked for, by their issue in Riyadh, and takes credit notes off', async () => {
    // The documents are what the test meant: two rates, a partial and a whole credit note.
    expect(docs.partialCredit?.kind).toBe('credit_note');
    expect(docs.partialCredit?.total).toBe(3333);
    expect(docs.wholeCredit?.kind).toBe('credit_note');
    expect(docs.wholeCredit?.total).toBe(docs.fivePercent?.total);
    expect(docs.fivePercent?.lines.every((line) => line.vatRateBasisPoints === 500)).toBe(true);
    expect(docs.firstOfApril?.lines.every((line) => line.vatRateBasisPoints === 1500)).toBe(true);
    expect(docs.refused?.replacedBy).toBe(docs.correction?.id);

    const q2 = await report('from=2026-04-01&to=2026-06-30');
    expect(q2).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      ...expected(['firstOfApril', 'partialCredit', 'fivePercent', 'wholeCredit']),
    });
    expect(q2.invoices.count).toBe(2);
    expect(q2.creditNotes.count).toBe(2);
    // The 5 % order was cancelled whole: nothing of it is left to declare.
    expect(q2.byRate.find((rate: { rate: number }) => rate.rate === 5)).toEqual({ rate: 5, taxable: 0, vat: 0 });
    expect(q2.netVat).toBeGreaterThan(0);

    expect(await report('from=2026-03-31&to=2026-03-31')).toMatchObject(expected(['lastOfMarch']));
    expect(await report('from=2026-04-01&to=2026-04-01')).toMatchObject(expected(['firstOfApril']));
    expect(await report('from=2026-06-30&to=2026-07-01')).toMatchObject(expected(['wholeCredit', 'firstOfJuly']));
  });

  it('counts a refused document once, through its correction, on the correction’s day', async () => {
    const may = await report('from=2026-05-01&to=2026-05-31');
    expect(may).toMatchObject(expected([]));
    expect(may.byRate).toEqual([]);
    expect(await report('from=2026-07-01&to=2026-07-31')).toMatchObject(expected(['firstOfJuly', 'correction']));
  });

  it('answers zeros for a period without documents', async () => {
    expect(await report('from=2025-01-01&to=2025-12-31')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
      currency: 'SAR',
      invoices: { count: 0, taxable: 0, vat: 0 },
      creditNotes: { count: 0, taxable: 0, vat: 0 },
      netTaxable: 0,
      netVat: 0,
      byRate: [],
    });
  });

  it('reads Arabic-Indic digits', async () => {
    expect(await report('from=٢٠٢٦-٠٤-٠١&to=٢٠٢٦-٠٦-٣٠')).toEqual(await report('from=2026-04-01&to=2026-06-30'));
  });

  it('refuses bad periods with a 400 naming the field', async () => {
    const refused = async (query: string, message: string, param: string) => {
      const res = await send('GET', `/admin/vat-report?${query}`, { token: admin.token });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(firstError(res), query).toMatchObject({ msg: message, param, location: 'query' });
      const csv = await send('GET', `/admin/vat-report.csv?${query}`, { token: admin.token });
      expect(csv.statusCode, `${query}: ${csv.body}`).toBe(400);
    };
    await refused('to=2026-06-30', m.dateFilterInvalid, 'from');
    await refused('from=2026-04-01', m.dateFilterInvalid, 'to');
    await refused('from=2026-02-30&to=2026-03-01', m.dateFilterInvalid, 'from');
    await refused('from=2026-04-01&to=30/6/2026', m.dateFilterInvalid, 'to');
    await refused('from=2026-07-01&to=2026-06-30', m.dateRangeInvalid, 'to');
    // A leap year is 366 days, the most a report covers; one day more is refused.
    expect((await report('from=2028-01-01&to=2028-12-31')).invoices.count).toBe(0);
    await refused('from=2028-01-01&to=2029-01-01', m.reportRangeTooLong, 'to');
    await refused('from=2027-01-01&to=2028-01-02', m.reportRangeTooLong, 'to');
    await refused('from=0001-01-01&to=9999-12-31', m.reportRangeTooLong, 'to');
  });

  it('answers the widest days a filter takes, not a 500', async () => {
    expect((await report('from=0001-01-01&to=0001-12-31')).invoices.count).toBe(0);
    expect((await report('from=9999-01-01&to=9999-12-31')).invoices.count).toBe(0);
  });
});

describe('GET /admin/vat-report.csv', () => {
  it('is the same figures as CSV: UTF-8 with BOM, Arabic headings, major units with two decimals', async () => {
    const res = await send('GET', '/admin/vat-report.csv?from=2026-04-01&to=2026-06-30', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vat-report-2026-04-01-2026-06-30.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const figures = expected(['firstOfApril', 'partialCredit', 'fivePercent', 'wholeCredit']);
    const money = (amount: number) => amount.toFixed(2);
    const lines = [
      'البند,نسبة الضريبة,عدد المستندات,المبلغ الخاضع للضريبة (SAR),ضريبة القيمة المضافة (SAR)',
      `الفواتير الضريبية,,2,${money(figures.invoices.taxable)},${money(figures.invoices.vat)}`,
      `الإشعارات الدائنة,,2,${money(figures.creditNotes.taxable)},${money(figures.creditNotes.vat)}`,
      `الصافي,,,${money(figures.netTaxable)},${money(figures.netVat)}`,
      `حسب نسبة الضريبة,5%,,0.00,0.00`,
      `حسب نسبة الضريبة,15%,,${money(figures.byRate[1]?.taxable ?? Number.NaN)},${money(figures.byRate[1]?.vat ?? Number.NaN)}`,
    ];
    expect(res.body).toBe(`\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`);
  });
});
