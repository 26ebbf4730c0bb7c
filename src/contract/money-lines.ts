import { formatMoney } from './money.js';
import { formatPercent } from './numbers.js';

/**
 * The amounts of an order's or a quote's bill (docs/pricing.md), in the unit of the type that
 * holds them: major units here, minor units in the database's `OrderMoney`.
 */
export type MoneyAmounts = Record<'subtotal' | 'discount' | 'shippingPrice' | 'codFee' | 'taxPrice' | 'total', number>;

/** An order's or a quote's money, major units (docs/pricing.md). */
export type MoneyParts = MoneyAmounts & {
  /** Percent (15 = 15 %). */
  vatRate: number;
  pricesIncludeVat: boolean;
};

export type MoneyLine = {
  key: 'subtotal' | 'discount' | 'shipping' | 'codFee' | 'vat' | 'total';
  label: string;
  /**
   * What the label says after its name: the VAT's rate and, when the prices include it, «مشمولة»
   * («(15%) مشمولة»). A phone shows it on its own line under the name, so the amount keeps its
   * place beside the name.
   */
  detail?: string;
  value: string;
};

/** A line's label in one piece, its detail after its name (the order e-mail's «name: amount»). */
export const wholeLabel = (line: MoneyLine) => (line.detail ? `${line.label} ${line.detail}` : line.label);

/**
 * One name for each amount, on every screen, e-mail and export (docs/pricing.md): «الإجمالي» is
 * only what the customer pays, goods and shipping and fee together; the goods alone are «قيمة
 * المنتجات».
 */
export const MONEY_LABELS: Readonly<Record<MoneyLine['key'], string>> = {
  subtotal: 'قيمة المنتجات',
  discount: 'الخصم',
  shipping: 'الشحن',
  codFee: 'رسوم الدفع عند الاستلام',
  vat: 'ضريبة القيمة المضافة',
  total: 'الإجمالي',
};

/**
 * The lines every screen and the order e-mail show, in Arabic, in this order: the goods, discount
 * (when a coupon applied), shipping ('مجاني' when free), the cash-on-delivery fee (when charged),
 * VAT — «مشمولة» when the prices include it — and the total. One wording for the payment
 * screen, the order views and the e-mail.
 */
export function moneyLines(money: MoneyParts, currency: string): MoneyLine[] {
  const amount = (major: number) => formatMoney(major, currency);
  const lines: MoneyLine[] = [{ key: 'subtotal', label: MONEY_LABELS.subtotal, value: amount(money.subtotal) }];
  if (money.discount > 0)
    lines.push({ key: 'discount', label: MONEY_LABELS.discount, value: `−${amount(money.discount)}` });
  lines.push({
    key: 'shipping',
    label: MONEY_LABELS.shipping,
    value: money.shippingPrice === 0 ? 'مجاني' : amount(money.shippingPrice),
  });
  if (money.codFee > 0) lines.push({ key: 'codFee', label: MONEY_LABELS.codFee, value: amount(money.codFee) });
  if (money.vatRate > 0) {
    const detail = `(${formatPercent(money.vatRate / 100, 2)})${money.pricesIncludeVat ? ' مشمولة' : ''}`;
    lines.push({ key: 'vat', label: MONEY_LABELS.vat, detail, value: amount(money.taxPrice) });
  }
  lines.push({ key: 'total', label: MONEY_LABELS.total, value: amount(money.total) });
  return lines;
}

/** An order's money as the lines take it (the order calls its total `totalOrderPrice`). */
export const orderMoneyParts = (order: Omit<MoneyParts, 'total'> & { totalOrderPrice: number }): MoneyParts => ({
  subtotal: order.subtotal,
  discount: order.discount,
  shippingPrice: order.shippingPrice,
  codFee: order.codFee,
  taxPrice: order.taxPrice,
  total: order.totalOrderPrice,
  vatRate: order.vatRate,
  pricesIncludeVat: order.pricesIncludeVat,
});
