import { isApiErrorCode } from '../../contract/errors';
import { cartText } from '../i18n/cart';
import { ApiError } from './api';
import { formFailureFromApi } from './api-errors';
import type { FieldErrors, FormFailure, FormValues } from './form';

export const checkoutFields = ['paymentMethod', 'addressId'] as const;
export type CheckoutField = (typeof checkoutFields)[number];

export const PAYMENT_METHODS = ['card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/** docs/specification.md (Validation rules: Checkout): an address and a payment method must both be chosen. */
export function validateCheckout(values: FormValues<CheckoutField>): FieldErrors<CheckoutField> {
  const errors: FieldErrors<CheckoutField> = {};
  if (!isPaymentMethod(values.paymentMethod)) errors.paymentMethod = cartText.methodRequired;
  if (values.addressId.trim() === '') errors.addressId = cartText.addressRequired;
  return errors;
}

export type CheckoutOutcome = { emptyCart: true } | ({ emptyCart: false } & FormFailure<CheckoutField>);

/** A refused order or payment session, as Arabic on the field it concerns or for the whole form. */
export function checkoutFailure(error: unknown): CheckoutOutcome {
  const whole = (formError: string): CheckoutOutcome => ({ emptyCart: false, fieldErrors: {}, formError });
  if (!(error instanceof ApiError)) return whole(cartText.orderFailed);
  if (error.code === 'CART_EMPTY' || error.code === 'CART_NOT_FOUND') return { emptyCart: true };
  if (error.code === 'ADDRESS_NOT_FOUND') return { emptyCart: false, fieldErrors: { addressId: cartText.addressGone } };
  if (error.status === 429) return whole(cartText.errors.tooManyRequests);
  if (error.status === 502 || error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') return whole(cartText.paymentUnavailable);
  // A saved address the API no longer accepts (say, its phone country changed since).
  if (error.body && 'errors' in error.body) {
    return { emptyCart: false, fieldErrors: { addressId: cartText.addressInvalid } };
  }
  if (error.status >= 500 || !isApiErrorCode(error.code)) return whole(cartText.orderFailed);
  // The rest in the code table's words: a short stock names its product, card payments go on their field.
  return { emptyCart: false, ...formFailureFromApi(error, checkoutFields, '') };
}
