import { cartText } from '../i18n/cart';
import type { FieldErrors, FormValues } from './form';

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
