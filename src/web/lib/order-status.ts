import {
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatusName,
} from '../../contract/order-statuses';
import type { Order, OrderEvent } from '../../contract/types';
import { ao } from '../i18n/admin-orders';

/** The statuses staff may move an order to now: the API's own table, so the page offers no move it refuses. */
export const nextStatuses = (status: OrderStatusName): readonly OrderStatusName[] => ORDER_TRANSITIONS[status];

/** The status select's value, or null for its placeholder or anything not a status. */
export function readStatusChoice(raw: string): OrderStatusName | null {
  return (ORDER_STATUSES as readonly string[]).includes(raw) ? (raw as OrderStatusName) : null;
}

/** Why a choice is not sent: the placeholder, or a move the order's status does not allow. */
export function statusChoiceError(raw: string, current: OrderStatusName): string | undefined {
  const choice = readStatusChoice(raw);
  if (choice === null) return ao.chooseFirst;
  if (!nextStatuses(current).includes(choice)) return ao.notAllowed(ORDER_STATUS_NAMES[current]);
  return undefined;
}

/** Who made a change, as the timeline says it (by role only, docs/orders.md § History). */
export const actorLabel = (by: OrderEvent['by']) => ao.actors[by];

/**
 * What the courier does about money, as the packing slip says it (docs/orders.md § The packing
 * slip): a cancelled order is not shipped at all; an unpaid cash order is collected in full on
 * delivery (nothing of an unpaid order can have been refunded); an order paid by any means (from
 * `paid` on, refunds included) collects nothing; an unpaid card order (its payment taken back by
 * staff) collects nothing either and waits for the shop.
 */
export type Collection =
  | { kind: 'cancelled' }
  | { kind: 'collect'; amount: number }
  | { kind: 'paid' }
  | { kind: 'cardUnpaid' };

export function collectionOf(
  order: Pick<Order, 'status' | 'paymentMethodType' | 'isPaid' | 'totalOrderPrice'>,
): Collection {
  if (order.status === 'cancelled') return { kind: 'cancelled' };
  if (order.isPaid) return { kind: 'paid' };
  return order.paymentMethodType === 'cash'
    ? { kind: 'collect', amount: order.totalOrderPrice }
    : { kind: 'cardUnpaid' };
}
