import { PAYMENT_METHOD_NAMES } from '../../contract/order-statuses';
import type { Order } from '../../contract/types';

/**
 * docs/specification.md (Limits and page sizes): 'cash' reads as cash on delivery; any other method
 * is a card. The names are the e-mails' and the CSV's (src/contract/order-statuses.ts).
 */
export const paymentMethodLabel = (method: Order['paymentMethodType'] | string) =>
  method === 'cash' ? PAYMENT_METHOD_NAMES.cash : PAYMENT_METHOD_NAMES.card;

/** The profile action's answer after a password change (the session is already cleared). */
export type PasswordChanged = { passwordChanged: true };

export function isPasswordChanged(result: unknown): result is PasswordChanged {
  return typeof result === 'object' && result !== null && 'passwordChanged' in result;
}

/**
 * shouldRevalidate of the account pages: after a password change the old session is gone on
 * purpose, and reloading a guarded page would send the customer to sign in before the 2 s message.
 */
export function unlessPasswordChanged({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return isPasswordChanged(actionResult) ? false : defaultShouldRevalidate;
}
