import { describe, expect, it } from 'vitest';
import type { FailBody } from '../../src/contract/errors.js';
import type { ApiFailureKey } from '../../src/contract/messages.js';
import type { CartLine } from '../../src/contract/types.js';
import { cartText } from '../../src/web/i18n/cart.js';
import { ApiError } from '../../src/web/lib/api.js';
import { availableFor, canCheckout, goodsValue, lineTotal, readQuantity } from '../../src/web/lib/cart.js';
import { cartErrorText } from '../../src/web/lib/cart.server.js';
import { validateCheckout } from '../../src/web/lib/checkout.js';
import { checkoutFailure } from '../../src/web/lib/checkout.server.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

function line(id: string, productId: string, count: number, stock: number, price = 10): CartLine {
  return {
    _id: id,
    id,
    product: {
      _id: productId,
      id: productId,
      title: `منتج ${productId}`,
      imageCover: null,
      imageCoverSizes: null,
      category: { _id: 'c', id: 'c', name: 'تصنيف' },
      brand: null,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      quantity: stock,
      availableColors: [],
    },
    variant: { _id: `v-${productId}`, id: `v-${productId}`, sku: `SKU-${productId}`, options: {}, quantity: stock },
    count,
    color: '',
    price,
  };
}

const fail = (status: number, key: ApiFailureKey, details: Partial<FailBody> = {}) =>
  new ApiError(status, failBody(key, details));

describe('cart quantity input (docs/specification.md (Validation rules: Cart))', () => {
  it('ignores values below 1, and says why', () => {
    expect(readQuantity('0', 5)).toEqual({ kind: 'ignore', reason: 'belowOne' });
    expect(readQuantity('-3', 5)).toEqual({ kind: 'ignore', reason: 'belowOne' });
    expect(readQuantity('-0', 5)).toEqual({ kind: 'ignore', reason: 'belowOne' });
    expect(readQuantity('0.5', 5)).toEqual({ kind: 'ignore', reason: 'belowOne' });
    expect(readQuantity('-٢', 5)).toEqual({ kind: 'ignore', reason: 'belowOne' });
  });

  it('ignores what is not a whole number', () => {
    for (const raw of ['', ' ', 'abc', '1.5', '2e3', '0x10', '1,000', '--1']) {
      expect(readQuantity(raw, 5)).toEqual({ kind: 'ignore', reason: 'notNumber' });
    }
  });

  it('takes whole numbers, in Arabic-Indic digits too, with spaces trimmed', () => {
    expect(readQuantity('3', 5)).toEqual({ kind: 'set', count: 3, capped: false });
    expect(readQuantity(' ٤ ', 5)).toEqual({ kind: 'set', count: 4, capped: false });
    expect(readQuantity('۵', 5)).toEqual({ kind: 'set', count: 5, capped: false });
    expect(readQuantity('+2', 5)).toEqual({ kind: 'set', count: 2, capped: false });
  });

  it('caps to what is available; never below 1 even when nothing is left', () => {
    expect(readQuantity('99', 5)).toEqual({ kind: 'set', count: 5, capped: true });
    expect(readQuantity('3', 0)).toEqual({ kind: 'set', count: 1, capped: true });
    expect(readQuantity('1', 0)).toEqual({ kind: 'set', count: 1, capped: false });
  });
});

describe('cart arithmetic', () => {
  it('a line costs unit price × count, exact in minor units', () => {
    expect(lineTotal({ price: 0.1, count: 3 }, 'SAR')).toBe(0.3);
    expect(lineTotal({ price: 4499.99, count: 7 }, 'SAR')).toBe(31499.93);
    expect(lineTotal({ price: 1.005, count: 3 }, 'KWD')).toBe(3.015);
    expect(lineTotal({ price: 500, count: 2 }, 'JPY')).toBe(1000);
  });

  it('what a line may hold is the stock less the product’s other colours', () => {
    const black = line('a', 'p', 2, 5);
    const white = line('b', 'p', 1, 5);
    const other = line('c', 'q', 4, 9);
    const lines = [black, white, other];
    expect(availableFor(black, lines)).toBe(4);
    expect(availableFor(white, lines)).toBe(3);
    expect(availableFor(other, lines)).toBe(9);
    expect(availableFor(line('d', 'p', 1, 2), [line('e', 'p', 3, 2), line('d', 'p', 1, 2)])).toBe(0);
  });

  it('the goods are worth the discounted value when a coupon applies', () => {
    expect(goodsValue({ totalCartPrice: 200 })).toBe(200);
    expect(goodsValue({ totalCartPrice: 200, totalAfterDiscount: 150 })).toBe(150);
    expect(goodsValue({ totalCartPrice: 200, totalAfterDiscount: 0 })).toBe(0);
  });

  it('checkout needs goods worth at least 1', () => {
    expect(canCheckout({ totalCartPrice: 1 })).toBe(true);
    expect(canCheckout({ totalCartPrice: 0.99 })).toBe(false);
    expect(canCheckout({ totalCartPrice: 0 })).toBe(false);
    expect(canCheckout({ totalCartPrice: 50, totalAfterDiscount: 0 })).toBe(false);
  });
});

describe('cart messages in Arabic', () => {
  it('translates the API’s cart refusals', () => {
    expect(cartErrorText(fail(400, 'notEnoughStock'))).toBe(cartText.errors.notEnoughStock);
    expect(cartErrorText(fail(400, 'outOfStock'))).toBe(cartText.errors.notEnoughStock);
    expect(cartErrorText(fail(400, 'couponInvalid'))).toBe(cartText.errors.couponInvalid);
    expect(cartErrorText(fail(404, 'cartItemNotFound'))).toBe(cartText.errors.itemGone);
    expect(cartErrorText(new ApiError(400, fieldErrorsBody(['count', 'countInvalid'])))).toBe(
      cartText.errors.countInvalid,
    );
    expect(cartErrorText(fail(403, 'forbidden'))).toBe(cartText.errors.customersOnly);
    expect(cartErrorText(fail(429, 'tooManyRequests'))).toBe(cartText.errors.tooManyRequests);
  });

  it('anything else is a general failure, never English', () => {
    expect(cartErrorText(new ApiError(500, undefined))).toBe(cartText.errors.failed);
    expect(cartErrorText(new Error('boom'))).toBe(cartText.errors.failed);
    const unknown = { status: 'fail', message: 'Something new', code: 'SOMETHING_NEW' } as never;
    expect(cartErrorText(new ApiError(400, unknown))).toBe(cartText.errors.failed);
  });
});

describe('checkout', () => {
  it('asks for a payment method and an address (docs/specification.md (Validation rules: Checkout))', () => {
    expect(validateCheckout({ paymentMethod: '', addressId: '' })).toEqual({
      paymentMethod: cartText.methodRequired,
      addressId: cartText.addressRequired,
    });
    expect(validateCheckout({ paymentMethod: 'cash', addressId: ' ' })).toEqual({
      addressId: cartText.addressRequired,
    });
    expect(validateCheckout({ paymentMethod: 'bitcoin', addressId: 'a1' })).toEqual({
      paymentMethod: cartText.methodRequired,
    });
    expect(validateCheckout({ paymentMethod: 'card', addressId: 'a1' })).toEqual({});
  });

  it('puts each refusal where the customer can act on it', () => {
    // The product comes beside the code, never out of the English sentence.
    const shortOf = (title: string) =>
      fail(409, 'stockShort', { message: 'Not enough stock for: something else', product: { id: 'p1', title } });
    expect(checkoutFailure(shortOf('قميص أزرق: مقاس كبير'))).toEqual({
      emptyCart: false,
      fieldErrors: {},
      formError: cartText.stockShort('قميص أزرق: مقاس كبير'),
    });
    expect(checkoutFailure(fail(400, 'cartEmpty'))).toEqual({ emptyCart: true });
    expect(checkoutFailure(fail(404, 'cartNotFound'))).toEqual({ emptyCart: true });
    expect(checkoutFailure(fail(404, 'addressNotFound'))).toEqual({
      emptyCart: false,
      fieldErrors: { addressId: cartText.addressGone },
    });
    expect(checkoutFailure(new ApiError(400, fieldErrorsBody(['phone', 'phoneInvalid'])))).toEqual({
      emptyCart: false,
      fieldErrors: { addressId: cartText.addressInvalid },
    });
    expect(checkoutFailure(fail(502, 'paymentProviderUnavailable'))).toMatchObject({
      formError: cartText.paymentUnavailable,
    });
    expect(checkoutFailure(fail(429, 'tooManyRequests'))).toMatchObject({
      formError: cartText.errors.tooManyRequests,
    });
    expect(checkoutFailure(fail(409, 'cardPaymentsUnavailable'))).toEqual({
      emptyCart: false,
      fieldErrors: { paymentMethod: cartText.cardUnavailable },
    });
    expect(checkoutFailure(fail(400, 'orderTotalTooLarge'))).toMatchObject({ formError: cartText.orderTooLarge });
    expect(checkoutFailure(new Error('network'))).toMatchObject({ formError: cartText.orderFailed });
  });
});
