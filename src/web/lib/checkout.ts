import { apiMessages as m } from '../../contract/messages';
import { cartText } from '../i18n/cart';
import { ApiError } from './api';
import type { FieldErrors, FormFailure, FormValues } from './form';

export const checkoutFields = ['paymentMethod', 'addressId'] as const;
export type CheckoutField = (typeof checkoutFields)[number];

export const PAYMENT_METHODS = ['card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/** Spec §5 (Checkout): an address and a payment method must both be chosen. */
export function validateCheckout(values: FormValues<CheckoutField>): FieldErrors<CheckoutField> {
  const errors: FieldErrors<CheckoutField> = {};
  if (!isPaymentMethod(values.paymentMethod)) errors.paymentMethod = cartText.methodRequired;
  if (values.addressId.trim() === '') errors.addressId = cartText.addressRequired;
  return errors;
}

/** The product named by a short-stock refusal ('Not enough stock for: <title>'), if it is one. */
export function shortStockTitle(message: string): string | null {
  const prefix = `${m.stockShort}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : null;
}

export type CheckoutOutcome = { emptyCart: true } | ({ emptyCart: false } & FormFailure<CheckoutField>);

/** A refused order or payment session, as Arabic on the field it concerns or for the whole form. */
export function checkoutFailure(error: unknown): CheckoutOutcome {
  const whole = (formError: string): CheckoutOutcome => ({ emptyCart: false, fieldErrors: {}, formError });
  if (!(error instanceof ApiError)) return whole(cartText.orderFailed);
  if (error.message === m.cartEmpty || error.message === m.cartNotFound) return { emptyCart: true };
  if (error.message === m.addressNotFound) {
    return { emptyCart: false, fieldErrors: { addressId: cartText.addressGone } };
  }
  const title = error.status === 409 ? shortStockTitle(error.message) : null;
  if (title) return whole(cartText.stockShort(title));
  if (error.status === 429) return whole(cartText.errors.tooManyRequests);
  if (error.status === 502 || error.message === m.paymentUnavailable) return whole(cartText.paymentUnavailable);
  if (error.message === m.cardPaymentsUnavailable) {
    return { emptyCart: false, fieldErrors: { paymentMethod: cartText.cardUnavailable } };
  }
  if (error.message === m.orderTotalTooLarge) return whole(cartText.orderTooLarge);
  // A saved address the API no longer accepts (say, its phone country changed since).
  if (error.status === 400 && error.body && 'errors' in error.body) {
    return { emptyCart: false, fieldErrors: { addressId: cartText.addressInvalid } };
  }
  return whole(cartText.orderFailed);
}
