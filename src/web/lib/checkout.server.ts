import { isApiErrorCode } from '../../contract/errors.js';
import { cartText } from '../i18n/cart.js';
import { ApiError } from './api.js';
import { formFailureFromApi } from './api-errors.js';
import { type CheckoutField, checkoutFields } from './checkout.js';
import type { FormFailure } from './form.js';

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
