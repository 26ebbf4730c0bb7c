import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { apiMessages as m } from '../../../contract/messages.js';
import type { Database } from '../../../db/client.js';
import { type CheckoutLine, checkoutSessions, type ShippingAddress } from '../../../db/schema.js';
import { HttpError } from '../../errors.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { createOrder } from './service.js';

type Session = typeof checkoutSessions.$inferSelect;

export type ConfirmResult =
  | { outcome: 'created'; orderId: string; userId: string }
  | { outcome: 'already'; session: Session }
  | { outcome: 'failed'; reason: string };

/**
 * Turns a paid checkout session into an order, once. The session row is locked, so a replayed or
 * concurrent webhook finds it no longer open and creates nothing.
 */
export async function confirmPaidCheckout(
  db: Database,
  provider: PaymentProvider,
  providerSessionId: string,
  log: FastifyBaseLogger,
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(eq(checkoutSessions.provider, provider.name), eq(checkoutSessions.providerSessionId, providerSessionId)),
      )
      .for('update');
    if (!session) throw new HttpError(404, m.checkoutNotFound);
    if (session.status !== 'open') return { outcome: 'already', session };
    try {
      // A savepoint: if stock ran out since checkout began, the session is marked and kept.
      const order = await tx.transaction((sp) =>
        createOrder(sp, {
          userId: session.userId,
          lines: session.lines as CheckoutLine[],
          total: session.amount,
          couponName: session.couponName,
          shippingAddress: session.shippingAddress as ShippingAddress,
          method: 'card',
          paymentRef: `${provider.name}:${providerSessionId}`,
        }),
      );
      await tx
        .update(checkoutSessions)
        .set({ status: 'completed', orderId: order.id, updatedAt: new Date() })
        .where(eq(checkoutSessions.id, session.id));
      return { outcome: 'created', orderId: order.id, userId: session.userId };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.error({ checkout: session.id, reason: error.message }, 'paid checkout could not become an order: refund it');
      await tx
        .update(checkoutSessions)
        .set({ status: 'failed', failureReason: error.message, updatedAt: new Date() })
        .where(eq(checkoutSessions.id, session.id));
      return { outcome: 'failed', reason: error.message };
    }
  });
}

export async function cancelCheckout(db: Database, provider: PaymentProvider, providerSessionId: string) {
  await db
    .update(checkoutSessions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(checkoutSessions.provider, provider.name),
        eq(checkoutSessions.providerSessionId, providerSessionId),
        eq(checkoutSessions.status, 'open'),
      ),
    );
}
