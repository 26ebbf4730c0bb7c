import { at } from '../i18n/account';
import { ao } from '../i18n/admin-orders';

/** The order's two independent flags (docs/specification.md (States and transitions)), named as the API's body fields. */
export const orderFlags = ['isPaid', 'isDelivered'] as const;
export type OrderFlag = (typeof orderFlags)[number];

/** The status select's value: 'true', 'false', or '' for its placeholder, which means no choice. */
export function readFlagChoice(raw: string): boolean | null {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

/** A flag's state in the words the order cards use. */
export function flagLabel(flag: OrderFlag, on: boolean): string {
  if (flag === 'isPaid') return on ? at.paid : at.notPaid;
  return on ? at.delivered : at.notDelivered;
}

/**
 * Why a choice is not sent: the placeholder (docs/specification.md (Validation rules: Order states): ignored), or the state the order already has
 * (sending it again would only move the paid or delivered time).
 */
export function flagChoiceError(flag: OrderFlag, raw: string, current: boolean): string | undefined {
  const choice = readFlagChoice(raw);
  if (choice === null) return ao.chooseFirst;
  if (choice === current) return ao.unchanged(flagLabel(flag, current));
  return undefined;
}

export const flagSavedText = (flag: OrderFlag, on: boolean) =>
  flag === 'isPaid' ? ao.paidSaved(flagLabel(flag, on)) : ao.deliveredSaved(flagLabel(flag, on));
