import type { InvoiceLine } from '../../../db/schema.js';

/**
 * How an order's money becomes invoice lines (docs/invoices.md § Lines): the coupon discount is
 * spread over the item lines in proportion to their amounts; shipping and the cash-on-delivery
 * fee are lines of their own; the order's one VAT figure is spread over all lines in proportion to
 * their amounts. Both spreads are largest-remainder allocations in minor units, so the lines add
 * up exactly to the order's VAT and total.
 */

/**
 * Splits `amount` (a whole number ≥ 0) in proportion to `weights` (whole numbers ≥ 0): each share
 * is the floor of its exact part, and the units left over go one each to the largest remainders
 * (the earlier line on a tie). Exact in big integers; all-zero weights give all-zero shares.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total === 0n) {
    if (amount !== 0) throw new RangeError('cannot spread an amount over nothing');
    return weights.map(() => 0);
  }
  const whole = BigInt(amount);
  const parts = weights.map((weight, index) => {
    const exact = whole * BigInt(weight);
    return { index, share: exact / total, remainder: exact % total };
  });
  let left = Number(whole - parts.reduce((sum, part) => sum + part.share, 0n));
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0) break;
    part.share += 1n;
    left -= 1;
  }
  return parts.map((part) => Number(part.share));
}

/** The money of an order as stored (minor units, docs/pricing.md). */
export type OrderAmounts = {
  subtotal: number;
  discount: number;
  shippingPrice: number;
  codFee: number;
  taxPrice: number;
  totalOrderPrice: number;
  vatRateBasisPoints: number;
  pricesIncludeVat: boolean;
};

export type ItemLine = { name: string; sku?: string; quantity: number; unitPrice: number };

/** Names of the lines that are not products, as printed. */
export const SHIPPING_LINE = 'الشحن';
export const COD_FEE_LINE = 'رسوم الدفع عند الاستلام';

/** Half-up division of whole numbers ≥ 0, for the informative unit prices. */
const divideHalfUp = (amount: number, by: number) => Math.floor((2 * amount + by) / (2 * by));

/**
 * The invoice lines of an order's items (unit prices as the order charged them, with VAT when the
 * shop's prices include it). Their `vatAmount`s add up to `taxPrice` and their `totalInclVat`s to
 * `totalOrderPrice`, exactly. Unit prices are the line totals divided by the quantity, rounded
 * half up: informative; the line totals are what adds up.
 */
export function invoiceLines(order: OrderAmounts, items: readonly ItemLine[]): InvoiceLine[] {
  const amounts = items.map((item) => item.unitPrice * item.quantity);
  const discounts = allocate(order.discount, amounts);
  const lines: { name: string; sku?: string; quantity: number; amount: number }[] = items.map((item, index) => ({
    name: item.name,
    ...(item.sku ? { sku: item.sku } : {}),
    quantity: item.quantity,
    amount: (amounts[index] ?? 0) - (discounts[index] ?? 0),
  }));
  if (order.shippingPrice > 0) lines.push({ name: SHIPPING_LINE, quantity: 1, amount: order.shippingPrice });
  if (order.codFee > 0) lines.push({ name: COD_FEE_LINE, quantity: 1, amount: order.codFee });
  const vat = allocate(
    order.taxPrice,
    lines.map((line) => line.amount),
  );
  return lines.map((line, index) => {
    const vatAmount = vat[index] ?? 0;
    const totalInclVat = order.pricesIncludeVat ? line.amount : line.amount + vatAmount;
    const totalExclVat = totalInclVat - vatAmount;
    return {
      name: line.name,
      ...(line.sku ? { sku: line.sku } : {}),
      quantity: line.quantity,
      unitPriceExclVat: divideHalfUp(totalExclVat, line.quantity),
      unitPriceInclVat: divideHalfUp(totalInclVat, line.quantity),
      vatRateBasisPoints: order.vatRateBasisPoints,
      vatAmount,
      totalInclVat,
    };
  });
}

/** The line of a partial credit note: what was given back, with its share of the invoice's VAT. */
export const CREDIT_LINE = 'مبلغ مسترد';

/** What a credit note's arithmetic reads of the invoice it corrects (minor units). */
export type CreditedInvoice = { total: number; vatTotal: number; lines: readonly InvoiceLine[] };

/** What the invoice's credit notes so far have taken back, together (minor units). */
export type Credited = { total: number; vatTotal: number };

/** The money of one credit note: its lines add up to its totals. */
export type CreditNoteAmounts = Pick<CreditedInvoice, 'total' | 'vatTotal'> & {
  lines: InvoiceLine[];
  subtotalExclVat: number;
};

/**
 * The invoice's VAT in proportion to a cumulative credited amount, rounded half up in minor units
 * (big integers: amounts up to 10¹³ multiply past a double's exact range). Never decreasing as the
 * amount grows, and the whole invoice's total gives its VAT exactly.
 */
function vatOfCumulative(invoice: CreditedInvoice, cumulative: number): number {
  const total = BigInt(invoice.total);
  return Number((2n * BigInt(invoice.vatTotal) * BigInt(cumulative) + total) / (2n * total));
}

/**
 * The amounts of a credit note of `amount` on an invoice of which `before` is credited already
 * (docs/invoices.md § Credit notes), or null when nothing is left to credit. It credits at most
 * what is left. Its VAT is cumulative: the invoice's VAT in proportion to everything credited once
 * it is issued, minus the VAT credited before — so however a refund is split, the credit notes
 * together never give back more VAT than the invoice charged, and the one that completes the
 * invoice takes exactly the VAT left. The first credit note of the whole invoice repeats its lines;
 * any other has one line «مبلغ مسترد» of its amount and VAT.
 */
export function creditNoteAmounts(
  invoice: CreditedInvoice,
  before: Credited,
  amount: number,
): CreditNoteAmounts | null {
  const total = Math.min(amount, invoice.total - before.total);
  if (total <= 0) return null;
  if (before.total === 0 && total === invoice.total) {
    return {
      lines: [...invoice.lines],
      subtotalExclVat: invoice.total - invoice.vatTotal,
      vatTotal: invoice.vatTotal,
      total,
    };
  }
  const proportional = vatOfCumulative(invoice, before.total + total) - before.vatTotal;
  // Bounds that hold by themselves for any history written by this rule; they also keep an older
  // over-credit (before this rule) from making a negative VAT or one above the note's amount.
  const vatTotal = Math.max(0, Math.min(proportional, total, invoice.vatTotal - before.vatTotal));
  return {
    lines: [
      {
        name: CREDIT_LINE,
        quantity: 1,
        unitPriceExclVat: total - vatTotal,
        unitPriceInclVat: total,
        vatRateBasisPoints: invoice.lines[0]?.vatRateBasisPoints ?? 0,
        vatAmount: vatTotal,
        totalInclVat: total,
      },
    ],
    subtotalExclVat: total - vatTotal,
    vatTotal,
    total,
  };
}
