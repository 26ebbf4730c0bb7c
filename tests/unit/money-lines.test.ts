import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contract/money.js';
import { moneyLines, orderMoneyParts, wholeLabel } from '../../src/contract/money-lines.js';
import { formatPercent } from '../../src/contract/numbers.js';

/* The bill's wording, shared by the payment screen, the order views and the order e-mail (docs/pricing.md). */

const base = {
  subtotal: 230,
  discount: 0,
  shippingPrice: 20,
  codFee: 10,
  taxPrice: 33.91,
  total: 260,
  vatRate: 15,
  pricesIncludeVat: true,
};
const sar = (major: number) => formatMoney(major, 'SAR');
const vatPercent = formatPercent(0.15);

describe('moneyLines', () => {
  it('lists subtotal, shipping, the cash fee, the VAT the total includes and the total', () => {
    expect(moneyLines(base, 'SAR')).toEqual([
      { key: 'subtotal', label: 'قيمة المنتجات', value: sar(230) },
      { key: 'shipping', label: 'الشحن', value: sar(20) },
      { key: 'codFee', label: 'رسوم الدفع عند الاستلام', value: sar(10) },
      { key: 'vat', label: 'ضريبة القيمة المضافة', detail: `(${vatPercent}) مشمولة`, value: sar(33.91) },
      { key: 'total', label: 'الإجمالي', value: sar(260) },
    ]);
  });

  it('a discount line when a coupon applied, free shipping said in words, no fee line for card, VAT on top without «مشمولة»', () => {
    const lines = moneyLines(
      { ...base, discount: 23, shippingPrice: 0, codFee: 0, pricesIncludeVat: false, taxPrice: 31.05, total: 238.05 },
      'SAR',
    );
    expect(lines.map((line) => line.key)).toEqual(['subtotal', 'discount', 'shipping', 'vat', 'total']);
    expect(lines[1]?.value).toBe(`−${sar(23)}`);
    expect(lines[2]?.value).toBe('مجاني');
    expect(lines[3] && wholeLabel(lines[3])).toBe(`ضريبة القيمة المضافة (${vatPercent})`);
  });

  it('no VAT line in a market without VAT; an order names its total totalOrderPrice', () => {
    const order = { ...base, vatRate: 0, taxPrice: 0, totalOrderPrice: 260 };
    expect(moneyLines(orderMoneyParts(order), 'KWD').map((line) => line.key)).toEqual([
      'subtotal',
      'shipping',
      'codFee',
      'total',
    ]);
  });
});
