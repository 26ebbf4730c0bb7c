import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_LINE,
  type CreditedInvoice,
  type CreditNoteAmounts,
  creditNoteAmounts,
  invoiceLines,
} from '../../src/server/modules/invoices/allocate.js';

/*
 * The money of credit notes (docs/invoices.md § Credit notes): however a refund is split, the
 * credit notes of an invoice never give back more VAT, nor more of a line, than the invoice
 * charged, and the one that completes the invoice takes exactly what is left.
 */

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Issues one credit note per amount, in order, each seeing the ones before; null when nothing is left. */
function creditInTurn(invoice: CreditedInvoice, amounts: number[]): (CreditNoteAmounts | null)[] {
  const before = { total: 0, vatTotal: 0 };
  return amounts.map((amount) => {
    const note = creditNoteAmounts(invoice, before, amount);
    if (note) {
      before.total += note.total;
      before.vatTotal += note.vatTotal;
    }
    return note;
  });
}

/** A 100.00 SAR invoice, prices with 15 % VAT: 13.04 of it is VAT. */
const HUNDRED = invoiceLines(
  {
    subtotal: 10_000,
    discount: 0,
    shippingPrice: 0,
    codFee: 0,
    taxPrice: 1_304,
    totalOrderPrice: 10_000,
    vatRateBasisPoints: 1_500,
    pricesIncludeVat: true,
  },
  [{ name: 'قميص', quantity: 1, unitPrice: 10_000 }],
);
const hundred: CreditedInvoice = { total: 10_000, vatTotal: 1_304, lines: HUNDRED };

describe('credit notes of one invoice', () => {
  it('100.00 refunded as 33.33 + 33.33 + 33.34 gives back 13.04 of VAT, not 13.05', () => {
    const notes = creditInTurn(hundred, [3_333, 3_333, 3_334]);
    expect(notes.map((note) => note?.vatTotal)).toEqual([435, 434, 435]);
    expect(sum(notes.map((note) => note?.vatTotal ?? 0))).toBe(1_304);
    expect(notes.map((note) => note?.lines.map((line) => line.name))).toEqual([
      [CREDIT_LINE],
      [CREDIT_LINE],
      [CREDIT_LINE],
    ]);
  });

  it('the whole invoice at once repeats its lines; nothing is left to credit after it', () => {
    const [whole, again] = creditInTurn(hundred, [10_000, 1]);
    expect(whole).toEqual({ lines: HUNDRED, subtotalExclVat: 8_696, vatTotal: 1_304, total: 10_000 });
    expect(again).toBeNull();
  });

  it('credits at most what is left: a note asked for more takes the rest, then there is none', () => {
    const notes = creditInTurn(hundred, [4_000, 9_999, 5]);
    expect(notes[1]).toMatchObject({ total: 6_000, vatTotal: 1_304 - (notes[0]?.vatTotal ?? 0) });
    expect(notes[2]).toBeNull();
  });

  it('an older over-credit (before the cumulative rule) gives no negative VAT', () => {
    const note = creditNoteAmounts(hundred, { total: 9_000, vatTotal: 1_304 }, 1_000);
    expect(note).toMatchObject({ total: 1_000, vatTotal: 0, subtotalExclVat: 1_000 });
  });

  /** A random order as invoiced: items, a coupon, shipping and a cash fee, any VAT rate, with or without VAT in prices. */
  const invoices = fc
    .record({
      items: fc.array(
        fc.record({ unitPrice: fc.integer({ min: 1, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 20 }) }),
        { minLength: 1, maxLength: 6 },
      ),
      discountShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
      shippingPrice: fc.integer({ min: 0, max: 10_000 }),
      codFee: fc.integer({ min: 0, max: 2_000 }),
      rate: fc.constantFrom(0, 500, 1_400, 1_500),
      pricesIncludeVat: fc.boolean(),
    })
    .map(({ items, discountShare, shippingPrice, codFee, rate, pricesIncludeVat }): CreditedInvoice => {
      const subtotal = sum(items.map((item) => item.unitPrice * item.quantity));
      const discount = Math.floor(subtotal * discountShare);
      const amount = subtotal - discount + shippingPrice + codFee;
      const taxPrice = pricesIncludeVat
        ? Math.round((amount * rate) / (10_000 + rate))
        : Math.round((amount * rate) / 10_000);
      const totalOrderPrice = pricesIncludeVat ? amount : amount + taxPrice;
      const lines = invoiceLines(
        {
          subtotal,
          discount,
          shippingPrice,
          codFee,
          taxPrice,
          totalOrderPrice,
          vatRateBasisPoints: rate,
          pricesIncludeVat,
        },
        items.map((item, i) => ({ name: `منتج ${i}`, ...item })),
      );
      return { total: totalOrderPrice, vatTotal: taxPrice, lines };
    });

  /** An invoice and a split of its total into refunds (cut points), maybe only the first few of them. */
  const splits = invoices.chain((invoice) =>
    fc.record({
      invoice: fc.constant(invoice),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, invoice.total - 1) }), { maxLength: 12 }),
      upTo: fc.option(fc.nat(), { nil: undefined }),
    }),
  );

  it('property: never more VAT or line money than the invoice; a full refund ends exact; each note adds up', () => {
    fc.assert(
      fc.property(splits, ({ invoice, cuts, upTo }) => {
        const points = [0, ...cuts.filter((cut) => cut < invoice.total).sort((a, b) => a - b), invoice.total];
        const parts = points.slice(1).map((point, i) => point - (points[i] ?? 0));
        const full = upTo === undefined || upTo >= parts.length;
        const refunds = full ? parts : parts.slice(0, upTo);
        const notes = creditInTurn(invoice, refunds);
        let credited = 0;
        let creditedVat = 0;
        const creditedPerLine = invoice.lines.map(() => ({ vat: 0, total: 0 }));
        notes.forEach((note, i) => {
          expect(note).not.toBeNull();
          if (!note) return;
          expect(note.total).toBe(refunds[i]);
          // Internally consistent: positive amounts, its lines add up to its totals.
          expect(note.vatTotal).toBeGreaterThanOrEqual(0);
          expect(note.vatTotal).toBeLessThanOrEqual(note.total);
          expect(note.subtotalExclVat + note.vatTotal).toBe(note.total);
          expect(sum(note.lines.map((line) => line.vatAmount))).toBe(note.vatTotal);
          expect(sum(note.lines.map((line) => line.totalInclVat))).toBe(note.total);
          // Its VAT is its amount's share of the invoice's, within one minor unit.
          const exact = BigInt(invoice.vatTotal) * BigInt(note.total);
          const scaled = BigInt(note.vatTotal) * BigInt(invoice.total);
          const gap = exact > scaled ? exact - scaled : scaled - exact;
          expect(gap < BigInt(invoice.total)).toBe(true);
          if (note.lines.some((line) => line.name !== CREDIT_LINE)) {
            expect(note.lines).toEqual(invoice.lines);
            note.lines.forEach((line, at) => {
              const sofar = creditedPerLine[at];
              if (!sofar) return;
              sofar.vat += line.vatAmount;
              sofar.total += line.totalInclVat;
            });
          }
          credited += note.total;
          creditedVat += note.vatTotal;
          // Never more than the invoice, at any point.
          expect(credited).toBeLessThanOrEqual(invoice.total);
          expect(creditedVat).toBeLessThanOrEqual(invoice.vatTotal);
        });
        creditedPerLine.forEach((sofar, at) => {
          expect(sofar.vat).toBeLessThanOrEqual(invoice.lines[at]?.vatAmount ?? 0);
          expect(sofar.total).toBeLessThanOrEqual(invoice.lines[at]?.totalInclVat ?? 0);
        });
        if (full) {
          // The note that completes the invoice takes exactly what was left; then nothing is.
          expect(credited).toBe(invoice.total);
          expect(creditedVat).toBe(invoice.vatTotal);
          expect(creditNoteAmounts(invoice, { total: credited, vatTotal: creditedVat }, 1)).toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });
});
