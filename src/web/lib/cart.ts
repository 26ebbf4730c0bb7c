import { toAsciiDigits } from '../../contract/digits';
import { currencyDigits, toMajor, toMinor } from '../../contract/money';
import type { Cart, CartLine } from '../../contract/types';

/** docs/specification.md (Screens and routes: Cart page): the checkout button works only from a total of 1 (in the shop currency) up. */
export const MIN_CHECKOUT_TOTAL = 1;

/**
 * The goods' value, after a coupon's discount when one applies: not yet what the customer pays
 * (shipping, the cash fee and VAT come with the quote at payment, docs/pricing.md).
 */
export const goodsValue = (cart: Pick<Cart, 'totalCartPrice' | 'totalAfterDiscount'>) =>
  cart.totalAfterDiscount ?? cart.totalCartPrice;

export const canCheckout = (cart: Pick<Cart, 'totalCartPrice' | 'totalAfterDiscount'>) =>
  goodsValue(cart) >= MIN_CHECKOUT_TOTAL;

/** A line's price (unit price × count), computed in minor units so 0.1 × 3 stays 0.3. */
export const lineTotal = (line: Pick<CartLine, 'price' | 'count'>, currency: string) => {
  const digits = currencyDigits(currency);
  return toMajor(toMinor(line.price, digits) * line.count, digits);
};

/** Units this line may hold: its variant's stock less what its other lines of that variant (colours) take. */
export function availableFor(line: CartLine, lines: readonly CartLine[]): number {
  const others = lines
    .filter((other) => other._id !== line._id && other.variant._id === line.variant._id)
    .reduce((sum, other) => sum + other.count, 0);
  return Math.max(0, line.variant.quantity - others);
}

export type QuantityInput =
  | { kind: 'ignore'; reason: 'belowOne' | 'notNumber' }
  | { kind: 'set'; count: number; capped: boolean };

/**
 * A typed quantity (Arabic-Indic digits too). docs/specification.md (Validation rules: Cart): values below 1 are ignored; above what is
 * available the count is capped to it.
 */
export function readQuantity(raw: string, available: number): QuantityInput {
  const text = toAsciiDigits(raw).trim();
  const value = text === '' ? Number.NaN : Number(text);
  if (value < 1) return { kind: 'ignore', reason: 'belowOne' };
  // Only plain whole numbers: not '1.5', '2e3' or '0x10'.
  if (!/^\+?\d+$/.test(text)) return { kind: 'ignore', reason: 'notNumber' };
  const count = Number(text);
  const max = Math.max(1, available);
  return count > max ? { kind: 'set', count: max, capped: true } : { kind: 'set', count, capped: false };
}

/** A product the cart cannot take more of, whether none or too few are left. */
export type CartIntent = 'update' | 'remove' | 'clear' | 'coupon';

/** What the cart page's action answers; fetchers show it as a toast, a plain form post inline. */
export type CartActionResult =
  | { ok: true; intent: CartIntent; message: string; itemId?: string; warning?: true }
  | { ok: false; intent: CartIntent; error: string; itemId?: string; couponName?: string };
