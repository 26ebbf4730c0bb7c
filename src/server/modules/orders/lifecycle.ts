import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, ne, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { toMajor } from '../../../contract/money.js';
import { ORDER_TRANSITIONS } from '../../../contract/order-statuses.js';
import type { OrderStatus } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { checkoutSessions, invoices, orderItems, orders, type RefundRestock, refunds } from '../../../db/schema.js';
import { failure } from '../../errors.js';
import type { PaymentProvider } from '../../payments/provider.js';
import type { DocumentIssuing } from '../e-invoicing/reporting.js';
import { invoiceById, issueCreditNote, paidByCard } from '../invoices/service.js';
import { recordStaffAction, staffActorById } from '../staff-actions/service.js';
import { type Actor, actorById, recordEvent } from './events.js';
import { givenUp, providerAnswered, unclaimed } from './refund-claim.js';
import { releaseStock } from './service.js';
import type { OrderMessages } from './status-mail.js';

/*
 * An order's life after it is made (docs/orders.md): its status, its payment state, the history
 * of both, cancels and the refunds they owe. Every change locks the order's row first
 * (`SELECT … FOR UPDATE`), so two changes at once (a cancel and a shipment, two cancels) run one
 * after the other, and the second sees what the first did.
 */

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** Statuses a customer may cancel from; staff may cancel from any status that can move to cancelled. */
const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending'];

export type StatusChange = {
  status: OrderStatus;
  note?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  trackingUrl?: string | undefined;
};

/** The order's row, locked until the transaction ends; another customer's order is not found. */
export async function lockOrder(tx: Tx, orderId: string, ownerId?: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerId ? eq(orders.userId, ownerId) : undefined))
    .for('update');
  if (!order) throw failure('orderNotFound');
  return order;
}

/** `is_paid` follows the payment state: true once paid, refunds included. */
const paidFlag = (paymentStatus: OrderRow['paymentStatus']) => paymentStatus !== 'unpaid';

/** The history's note on a cash order's payment taken at its delivery. */
export const CASH_COLLECTED_NOTE = 'تم تحصيل المبلغ نقدًا عند التوصيل';

/**
 * Delivering an unpaid cash order is its cash collected (docs/orders.md § Cash on delivery): it
 * becomes paid (`isPaid`, `paidAt`), recorded in its history as taken by whoever delivered it. In
 * the delivery's transaction, under the order's lock; any other order is left as it is.
 */
async function collectCashOnDelivery(tx: Tx, order: OrderRow, actor: Actor, now: Date) {
  if (order.paymentMethodType !== 'cash' || order.paymentStatus !== 'unpaid') return;
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', isPaid: true, paidAt: now, updatedAt: now })
    .where(eq(orders.id, order.id));
  await recordEvent(tx, order.id, actor, { kind: 'payment', paymentStatus: 'paid', note: CASH_COLLECTED_NOTE });
}

/**
 * Puts back in stock every unit of the order not yet put back (`restocked` up to `count`), under
 * the order's lock: a second cancel finds nothing left to put back.
 */
async function restockAll(tx: Tx, orderId: string) {
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.restocked} < ${orderItems.count}`));
  await tx
    .update(orderItems)
    .set({ restocked: sql`${orderItems.count}` })
    .where(eq(orderItems.orderId, orderId));
  const back = lines.flatMap(({ productId, variantId, title, options, count, restocked }) =>
    productId ? [{ productId, variantId, title, options, count: count - restocked }] : [],
  );
  await releaseStock(tx, back, 'sold');
}

/**
 * Counts a refund as given back: the order's refunded amount and payment state, and its history.
 * Runs under the order's lock (taken here), so concurrent refunds add up.
 */
async function applyRefund(tx: Tx, refund: RefundRow, actor: Actor) {
  const order = await lockOrder(tx, refund.orderId);
  const refunded = order.refundedAmount + refund.amount;
  const paymentStatus = refunded >= order.totalOrderPrice ? 'refunded' : 'partially_refunded';
  await tx
    .update(orders)
    .set({ refundedAmount: refunded, paymentStatus, isPaid: paidFlag(paymentStatus), updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await recordEvent(tx, order.id, actor, { kind: 'refund', paymentStatus, amount: refund.amount, note: refund.reason });
}

/** What is still on its way back on an order (refunds `due`), in minor units. */
async function refundsOnTheirWay(tx: Tx, orderId: string): Promise<number> {
  const [onTheWay] = await tx
    .select({ amount: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'due')));
  return Number(onTheWay?.amount ?? 0);
}

export function createLifecycle(
  db: Database,
  provider: PaymentProvider | undefined,
  issuing: DocumentIssuing,
  log: FastifyBaseLogger,
  /** The currency's minor-unit digits: the staff log shows a refund's amount in major units. */
  digits: number,
  /** What each change tells the customer and the shop, queued in its transaction (docs/mail.md). */
  messages: OrderMessages,
) {
  /**
   * Claims a due refund for this process (docs/orders.md § Refunds): undefined when it is done, or
   * another process holds it or another refund of the same order (one refund of an order at the
   * provider at a time, so what the provider says it refunded can be read against the shop's own
   * record); `retry` when it was tried before and the outcome may be unknown.
   */
  async function claim(refund: RefundRow): Promise<{ retry: boolean } | undefined> {
    return db.transaction(async (tx) => {
      await lockOrder(tx, refund.orderId);
      const [row] = await tx
        .select({ attemptedAt: refunds.attemptedAt })
        .from(refunds)
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'due'), unclaimed(refunds.attemptedAt)))
        .for('update');
      if (!row) return undefined;
      const [sibling] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, refund.orderId),
            ne(refunds.id, refund.id),
            eq(refunds.status, 'due'),
            not(unclaimed(refunds.attemptedAt)),
          ),
        )
        .limit(1);
      if (sibling) return undefined;
      await tx.update(refunds).set({ attemptedAt: sql`now()` }).where(eq(refunds.id, refund.id));
      return { retry: row.attemptedAt !== null };
    });
  }

  /**
   * Whether the provider has already given this refund back (its answer was lost): what it says it
   * refunded on the payment covers the order's refunds done through it and this one.
   */
  async function alreadyRefunded(refund: RefundRow, paymentId: string): Promise<boolean> {
    if (!provider?.refundedAmount) return false;
    const refunded = await provider.refundedAmount(paymentId);
    const [done] = await db
      .select({ amount: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, refund.orderId), eq(refunds.status, 'done'), eq(refunds.provider, provider.name)));
    return refunded >= Number(done?.amount ?? 0) + refund.amount;
  }

  /**
   * Gives a due refund back through the provider, once: only the process that claims it asks the
   * provider; a retry first asks what the provider has refunded (providers without idempotency
   * keys), and Stripe's idempotency key (the refund's id) makes a retry refund once. A failure
   * leaves it due: the sweep tries again.
   */
  async function settle(refund: RefundRow): Promise<boolean> {
    if (!provider || refund.provider !== provider.name) return false;
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.orderId, refund.orderId))
      .limit(1);
    if (!session) {
      log.error({ refund: refund.id }, 'refund due on an order without its card checkout: left for staff');
      return false;
    }
    const claimed = await claim(refund);
    if (!claimed) return false;
    const paymentId = session.providerPaymentId ?? session.providerSessionId;
    let providerRefundId: string;
    try {
      if (claimed.retry && (await alreadyRefunded(refund, paymentId))) {
        providerRefundId = `reconciled:${paymentId}`;
        log.warn(
          { refund: refund.id, payment: paymentId },
          'refund found done at the provider: counted, not made again',
        );
      } else {
        ({ id: providerRefundId } = await provider.refund({
          paymentId,
          amount: refund.amount,
          currency: session.currency,
          reason: refund.reason,
          idempotencyKey: `refund-${refund.id}`,
        }));
      }
    } catch (error) {
      log.error({ err: error, refund: refund.id }, 'refund failed: it stays due and is tried again');
      if (providerAnswered(error)) {
        await db.update(refunds).set({ attemptedAt: givenUp }).where(eq(refunds.id, refund.id));
      }
      return false;
    }
    return db.transaction(async (tx) => {
      const [done] = await tx
        .update(refunds)
        .set({ status: 'done', providerRefundId, doneAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'due')))
        .returning();
      // The history names who asked for it (staff, or the customer who cancelled), not the provider.
      if (done) await applyRefund(tx, done, await actorById(tx, done.actorId));
      return done !== undefined;
    });
  }

  /** A refund staff made (theirs, or their cancel's) goes into the staff log (docs/staff-actions.md). */
  async function recordStaffRefund(tx: Tx, order: OrderRow, refund: RefundRow, actor: Actor) {
    if (actor.role !== 'admin' || actor.id === null) return;
    const staff = await staffActorById(tx, actor.id);
    if (!staff) return;
    const restocked = refund.restock.reduce((units, line) => units + line.count, 0);
    await recordStaffAction(tx, staff, {
      action: 'refund.created',
      subject: { type: 'order', id: order.id, label: String(order.number) },
      changes: [
        { field: 'amount', before: null, after: toMajor(refund.amount, digits) },
        { field: 'reason', before: null, after: refund.reason },
        ...(restocked > 0 ? [{ field: 'restocked', before: null, after: restocked }] : []),
      ],
    });
  }

  /**
   * Records money owed back on an order, in the caller's transaction, with its credit note when
   * the order has a tax invoice: a card order's is due (given back through the provider after the
   * commit), cash is given back by hand and counted now.
   */
  async function openRefund(
    tx: Tx,
    order: OrderRow,
    amount: number,
    reason: string,
    actor: Actor,
    request: Pick<typeof refunds.$inferInsert, 'idempotencyKey' | 'requestHash' | 'restock'> = {},
  ) {
    const byCard = paidByCard(order);
    const creditNote = await issueCreditNote(tx, issuing, order.id, reason, amount);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amount,
        reason,
        status: byCard ? 'due' : 'done',
        provider: byCard ? (order.paymentRef?.split(':')[0] ?? null) : null,
        doneAt: byCard ? null : new Date(),
        actorId: actor.id,
        creditNoteId: creditNote?.id ?? null,
        ...request,
      })
      .returning();
    if (!refund) throw failure('internalError');
    if (!byCard) await applyRefund(tx, refund, actor);
    await recordStaffRefund(tx, order, refund, actor);
    return refund;
  }

  /**
   * Cancels an order (docs/orders.md § Cancel): its customer while it is pending, staff before it
   * is delivered. Under the order's lock: its status, its units back in stock (each unit once,
   * `restocked`), its history, the refund of what was paid — a card order's through the provider
   * after the commit; a provider failure leaves the refund due and the cancel stands — and a credit
   * note of all of its tax invoice not credited yet. A member of staff's cancel whose refund would
   * pass their `refundLimit` (minor units) is refused before anything changes (docs/staff.md).
   */
  async function cancel(
    orderId: string,
    actor: Actor,
    reason: string | undefined,
    origin: string,
    refundLimit?: number,
  ) {
    const due = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, actor.role === 'customer' ? (actor.id ?? undefined) : undefined);
      const allowed =
        actor.role === 'customer'
          ? CUSTOMER_CANCELLABLE.includes(order.status)
          : ORDER_TRANSITIONS[order.status].includes('cancelled');
      if (!allowed) throw failure('orderNotCancellable');
      // What was paid and is neither given back nor on its way back (a refund still due).
      const owed = paidFlag(order.paymentStatus)
        ? order.totalOrderPrice - order.refundedAmount - (await refundsOnTheirWay(tx, order.id))
        : 0;
      if (refundLimit !== undefined && owed > refundLimit) throw failure('staffRefundLimit');
      const now = new Date();
      await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: now, isDelivered: false, deliveredAt: null, updatedAt: now })
        .where(eq(orders.id, order.id));
      await restockAll(tx, order.id);
      await recordEvent(tx, order.id, actor, {
        kind: 'status',
        fromStatus: order.status,
        toStatus: 'cancelled',
        note: reason || null,
      });
      // A cancel without a reason still says why on its credit note and in the history, in Arabic.
      const why = reason || 'إلغاء الطلب';
      const refund = owed > 0 ? await openRefund(tx, order, owed, why, actor) : undefined;
      // The sale did not happen, paid or not (an unpaid cash order, a delivery refused): its invoice
      // is credited of everything no credit note has taken back yet — usually by the refund's own
      // note just issued, which leaves nothing (docs/invoices.md § Credit notes).
      await issueCreditNote(tx, issuing, order.id, why);
      await messages.statusChanged(tx, order.id, origin);
      return refund?.status === 'due' ? refund : undefined;
    });
    if (due) await settle(due);
  }

  /**
   * Staff give money back (docs/orders.md § Refunds), under the order's lock: never more than was
   * paid minus what was given back or is on its way; restocked units bounded per line by what was
   * sold and not yet put back. The same `idempotencyKey` with the same request answers the first
   * refund again (`replayed`); with another request it is refused.
   */
  async function refund(
    orderId: string,
    actor: Actor,
    input: RefundInput,
    idempotencyKey: string | undefined,
    origin: string,
  ) {
    const restock = mergedRestock(input.restock);
    const requestHash = createHash('sha256')
      .update(JSON.stringify([input.amount, input.reason, restock.map((line) => [line.lineId, line.count])]))
      .digest('base64');
    const result = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (idempotencyKey !== undefined) {
        const [earlier] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, idempotencyKey)));
        if (earlier && earlier.requestHash !== requestHash) throw failure('idempotencyKeyReused');
        if (earlier) return { refund: earlier, replayed: true };
      }
      if (order.paymentStatus === 'unpaid') throw failure('refundNotAllowed');
      const left = order.totalOrderPrice - order.refundedAmount - (await refundsOnTheirWay(tx, order.id));
      if (input.amount > left) throw failure('refundTooLarge');
      const back: Parameters<typeof releaseStock>[1] = [];
      for (const line of restock) {
        const [item] = await tx
          .update(orderItems)
          .set({ restocked: sql`${orderItems.restocked} + ${line.count}` })
          .where(
            and(
              eq(orderItems.id, line.lineId),
              eq(orderItems.orderId, order.id),
              sql`${orderItems.restocked} + ${line.count} <= ${orderItems.count}`,
            ),
          )
          .returning();
        if (!item) throw failure('restockTooLarge');
        if (item.productId) {
          back.push({ ...item, productId: item.productId, count: line.count });
        }
      }
      await releaseStock(tx, back, 'sold');
      const made = await openRefund(tx, order, input.amount, input.reason, actor, {
        idempotencyKey: idempotencyKey ?? null,
        requestHash,
        restock,
      });
      const creditNote = made.creditNoteId ? await invoiceById(tx, made.creditNoteId) : undefined;
      await messages.refunded(
        tx,
        order.id,
        {
          amount: toMajor(made.amount, digits),
          reason: made.reason,
          byCard: made.provider !== null,
          creditNoteNumber: creditNote?.number,
        },
        origin,
      );
      return { refund: made, replayed: false };
    });
    if (result.replayed || result.refund.status !== 'due' || !(await settle(result.refund))) return result;
    const [settled] = await db.select().from(refunds).where(eq(refunds.id, result.refund.id));
    return { refund: settled ?? result.refund, replayed: false };
  }

  return {
    cancel,
    refund,

    /** Staff move an order along ORDER_TRANSITIONS; `cancelled` is a cancel, with its stock and refund. */
    async changeStatus(orderId: string, actor: Actor, change: StatusChange, origin: string, refundLimit?: number) {
      if (change.status === 'cancelled') return cancel(orderId, actor, change.note, origin, refundLimit);
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const tracking = {
          ...(change.carrier !== undefined ? { carrier: change.carrier || null } : {}),
          ...(change.trackingNumber !== undefined ? { trackingNumber: change.trackingNumber || null } : {}),
          ...(change.trackingUrl !== undefined ? { trackingUrl: change.trackingUrl || null } : {}),
        };
        const retracking = order.status === change.status && Object.keys(tracking).length > 0;
        if (
          !ORDER_TRANSITIONS[order.status].includes(change.status) ||
          (order.status === change.status && !retracking)
        ) {
          throw failure('orderTransitionInvalid');
        }
        const now = new Date();
        const delivered = change.status === 'delivered';
        await tx
          .update(orders)
          .set({
            status: change.status,
            isDelivered: delivered,
            deliveredAt: delivered ? now : null,
            ...tracking,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, actor, {
          kind: 'status',
          fromStatus: order.status,
          toStatus: change.status,
          note: change.note || null,
          ...tracking,
        });
        if (delivered) await collectCashOnDelivery(tx, order, actor, now);
        await messages.statusChanged(tx, order.id, origin);
      });
    },

    /**
     * The original API's flags (docs/api-compatibility.md): `pay` marks an unpaid order paid (or,
     * with `false`, a paid one without refunds, done or on their way, unpaid), never a cancelled one's; `deliver` moves it to
     * delivered (or, with `false`, a delivered one back to processing). Setting a flag it already has
     * changes nothing.
     * When the order's status changed, the customer is told (queued in the same transaction).
     */
    async setFlag(
      orderId: string,
      actor: Actor,
      flag: 'isPaid' | 'isDelivered',
      value: boolean,
      origin: string,
    ): Promise<void> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const now = new Date();
        if (flag === 'isPaid') {
          if (paidFlag(order.paymentStatus) === value) return;
          // A cancel has credited the whole invoice and settled the money (docs/orders.md § Cancel):
          // paying it now would leave money to give back with nothing left to credit.
          // Unpaying an order with a refund still on its way would let a later cancel think nothing
          // was paid while the provider gives part of it back.
          const unpayable = order.paymentStatus === 'paid' && (await refundsOnTheirWay(tx, order.id)) === 0;
          if (order.status === 'cancelled' || (!value && !unpayable)) throw failure('orderTransitionInvalid');
          const paymentStatus = value ? 'paid' : 'unpaid';
          await tx
            .update(orders)
            .set({ paymentStatus, isPaid: value, paidAt: value ? now : null, updatedAt: now })
            .where(eq(orders.id, order.id));
          await recordEvent(tx, order.id, actor, { kind: 'payment', paymentStatus });
          return;
        }
        if ((order.status === 'delivered') === value) return;
        const status: OrderStatus = value ? 'delivered' : 'processing';
        if (value && !ORDER_TRANSITIONS[order.status].includes('delivered')) throw failure('orderTransitionInvalid');
        await tx
          .update(orders)
          .set({ status, isDelivered: value, deliveredAt: value ? now : null, updatedAt: now })
          .where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, actor, { kind: 'status', fromStatus: order.status, toStatus: status });
        if (value) await collectCashOnDelivery(tx, order, actor, now);
        await messages.statusChanged(tx, order.id, origin);
      });
    },

    /**
     * Credits the invoices of orders cancelled before every cancel issued its credit note (docs/invoices.md
     * § Credit notes): each cancelled order whose invoice is not all credited gets a credit note of the
     * rest, under the order's lock, so processes starting together issue it once. Run at start-up.
     */
    async creditCancelledOrders() {
      const creditNotes = alias(invoices, 'credit_notes');
      const uncredited = await db
        .select({ orderId: orders.id })
        .from(orders)
        .innerJoin(
          invoices,
          and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice'), isNull(invoices.replacedBy)),
        )
        .leftJoin(
          creditNotes,
          and(eq(creditNotes.orderId, orders.id), eq(creditNotes.kind, 'credit_note'), isNull(creditNotes.replacedBy)),
        )
        .where(eq(orders.status, 'cancelled'))
        .groupBy(orders.id, invoices.total)
        .having(sql`coalesce(sum(${creditNotes.total}), 0) < ${invoices.total}`)
        .orderBy(asc(orders.number));
      for (const { orderId } of uncredited) {
        await db.transaction(async (tx) => {
          await lockOrder(tx, orderId);
          await issueCreditNote(tx, issuing, orderId, 'إلغاء الطلب');
        });
      }
      return uncredited.length;
    },

    /** Retries refunds still due (the provider failed or the process stopped): the `refund-sweep` schedule, once a minute across all processes. */
    async sweepRefunds() {
      if (!provider) return;
      const due = await db
        .select()
        .from(refunds)
        // Those no process holds, never-tried first: refunds that keep failing do not starve the rest.
        .where(and(eq(refunds.status, 'due'), eq(refunds.provider, provider.name), unclaimed(refunds.attemptedAt)))
        .orderBy(sql`${refunds.attemptedAt} asc nulls first`, asc(refunds.createdAt))
        .limit(20);
      for (const refund of due) await settle(refund);
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

/** A refund as staff ask it: the amount in minor units. */
export type RefundInput = { amount: number; reason: string; restock?: RefundRestock[] | undefined };

/** Restock lines with one entry per order line (counts of a line named twice added), in a fixed order. */
function mergedRestock(lines: RefundRestock[] = []): RefundRestock[] {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.lineId, (counts.get(line.lineId) ?? 0) + line.count);
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([lineId, count]) => ({ lineId, count }));
}
