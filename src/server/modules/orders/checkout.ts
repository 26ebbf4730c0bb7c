import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHECKOUT_TTL_MS } from '../../../contract/constants.js';
import type { Database, Tx } from '../../../db/client.js';
import {
  type CheckoutLine,
  carts,
  checkoutSessions,
  type OrderMoney,
  orders,
  type ShippingAddress,
  users,
} from '../../../db/schema.js';
import type { Config } from '../../config.js';
import { failure, HttpError } from '../../errors.js';
import type { PaidEvent, PaymentProvider } from '../../payments/provider.js';
import { priceCart, refuseHugeTotal } from '../cart/service.js';
import { quoteCart } from '../pricing/service.js';
import { givenUp, providerAnswered, unclaimed } from './refund-claim.js';
import { createOrder, linesOf, releaseStock, takeStock } from './service.js';

/*
 * Card checkouts (docs/payments.md, SECURITY.md section 6): opening one takes its units out of
 * stock for CHECKOUT_TTL_MS, so a payment made in that time always becomes an order. It ends as
 * an order (paid), or gives the units back (cancelled, expired, replaced by the customer's next
 * checkout or cash order). A payment that arrives after the end gets the units again if they are
 * still there; otherwise it is refunded through the provider and shown to customer and staff.
 */

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

/** A checkout is asked about at its provider at most this often (docs/payments.md, step 3). */
export const LOOKUP_INTERVAL_MS = 5_000;
/** Checkouts whose last lookup is remembered (about 130 bytes each, 1.3 MB when full); past it the oldest is forgotten. */
const LOOKUP_MEMORY = 10_000;

export type ConfirmResult =
  | { outcome: 'created'; orderId: string; session: CheckoutSession }
  | { outcome: 'already'; session: CheckoutSession }
  | { outcome: 'refund'; session: CheckoutSession }
  | { outcome: 'mismatch'; session: CheckoutSession };

type Hooks = {
  /** After a paid checkout became an order. */
  orderCreated(orderId: string): Promise<void>;
  /** After a paid checkout was refunded because it could not become an order. */
  refunded(session: CheckoutSession): Promise<void>;
};

/** Ends the caller's open checkouts (other than `except`) and gives their units back. */
export async function endOpenCheckouts(tx: Tx, userId: string, status: 'cancelled' | 'expired' = 'cancelled') {
  const ended = await tx
    .update(checkoutSessions)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open')))
    .returning();
  for (const session of ended) if (session.stockReserved) await releaseStock(tx, session.lines);
  return ended;
}

/**
 * Whether a key may be acted on now: once per `intervalMs` each (true notes the time). At most
 * `capacity` keys are remembered, the least recently noted forgotten first, so memory stays bounded
 * whatever asks.
 */
export function lookupGate(intervalMs: number, capacity: number) {
  const noted = new Map<string, number>();
  return (key: string, now = Date.now()) => {
    const last = noted.get(key);
    if (last !== undefined && now - last < intervalMs) return false;
    noted.delete(key);
    noted.set(key, now);
    const oldest = noted.keys().next().value;
    if (noted.size > capacity && oldest !== undefined) noted.delete(oldest);
    return true;
  };
}

/** The money of a checkout opened before quotes were kept: its amount, nothing else known. */
const legacyMoney = (session: CheckoutSession): OrderMoney => ({
  subtotal: session.amount,
  discount: 0,
  shippingPrice: 0,
  codFee: 0,
  taxPrice: 0,
  total: session.amount,
  vatRateBasisPoints: 0,
  pricesIncludeVat: true,
});

export function createCheckouts(
  db: Database,
  provider: PaymentProvider | undefined,
  shop: Pick<Config, 'currency' | 'shopName' | 'country' | 'timeZone'>,
  log: FastifyBaseLogger,
  hooks: Hooks,
) {
  const cardProvider = () => {
    if (!provider) throw failure('cardPaymentsUnavailable');
    return provider;
  };

  /** Tells the provider to stop taking payment for checkouts we ended (best effort: a late payment is handled). */
  async function expireAtProvider(sessions: CheckoutSession[]) {
    for (const session of sessions) {
      if (session.provider !== provider?.name || session.providerSessionId.startsWith('pending:')) continue;
      await provider.expireCheckout(session.providerSessionId).catch((error: unknown) => {
        log.warn({ err: error, checkout: session.id }, 'could not expire a checkout at the provider');
      });
    }
  }

  /**
   * Claims a checkout's refund for this process, as an order's refund is claimed (docs/orders.md
   * § Refunds): undefined when it is done or held by another process; `retry` when tried before.
   */
  async function claimRefund(sessionId: string): Promise<{ retry: boolean } | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ attemptedAt: checkoutSessions.refundAttemptedAt })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.id, sessionId),
            eq(checkoutSessions.status, 'refund_due'),
            unclaimed(checkoutSessions.refundAttemptedAt),
          ),
        )
        .for('update');
      if (!row) return undefined;
      await tx
        .update(checkoutSessions)
        .set({ refundAttemptedAt: sql`now()` })
        .where(eq(checkoutSessions.id, sessionId));
      return { retry: row.attemptedAt !== null };
    });
  }

  /**
   * Gives the money of a paid checkout back, once: only the process that claims it asks the
   * provider, and a retry first asks what the provider has refunded of the payment (the whole
   * amount: it was given back and the answer lost). A provider failure leaves it due, retried later.
   */
  async function refund(session: CheckoutSession): Promise<CheckoutSession> {
    const payments = cardProvider();
    const claimed = await claimRefund(session.id);
    if (!claimed) return session;
    const paymentId = session.providerPaymentId ?? session.providerSessionId;
    try {
      let id: string;
      if (claimed.retry && payments.refundedAmount && (await payments.refundedAmount(paymentId)) >= session.amount) {
        id = `reconciled:${paymentId}`;
        log.warn({ checkout: session.id, payment: paymentId }, 'refund found done at the provider: not made again');
      } else {
        ({ id } = await payments.refund({
          paymentId,
          amount: session.amount,
          currency: session.currency,
          reason: session.failureReason ?? 'checkout could not become an order',
        }));
      }
      const [done] = await db
        .update(checkoutSessions)
        .set({ status: 'refunded', refundId: id, refundedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'refund_due')))
        .returning();
      if (done) await hooks.refunded(done);
      return done ?? session;
    } catch (error) {
      log.error({ err: error, checkout: session.id }, 'refund failed: it stays due and is tried again');
      if (providerAnswered(error)) {
        await db
          .update(checkoutSessions)
          .set({ refundAttemptedAt: givenUp })
          .where(eq(checkoutSessions.id, session.id));
      }
      return session;
    }
  }

  /**
   * Turns a paid checkout into an order, once: the session row is locked, so a replayed or
   * concurrent webhook finds it no longer open and creates nothing.
   */
  async function confirmPaid(event: PaidEvent): Promise<ConfirmResult> {
    const payments = cardProvider();
    const result = await db.transaction(async (tx): Promise<ConfirmResult> => {
      const [session] = await tx
        .select()
        .from(checkoutSessions)
        .where(
          and(eq(checkoutSessions.provider, payments.name), eq(checkoutSessions.providerSessionId, event.sessionId)),
        )
        .for('update');
      if (!session) throw failure('checkoutNotFound');
      if (['completed', 'refunded', 'refund_due'].includes(session.status)) return { outcome: 'already', session };
      const wrongAmount = event.amount !== undefined && event.amount !== session.amount;
      const wrongCurrency = event.currency !== undefined && event.currency !== session.currency;
      if (wrongAmount || wrongCurrency) {
        log.error(
          { checkout: session.id, paid: { amount: event.amount, currency: event.currency } },
          'payment amount or currency differs from the checkout: refused',
        );
        return { outcome: 'mismatch', session };
      }
      const paymentId = event.paymentId ?? null;
      // Held units (still open, even past its time: the sweep has not given them back) become
      // the order's; otherwise they are taken again, if they are still there.
      const stockReserved = session.status === 'open' && session.stockReserved;
      try {
        const order = await tx.transaction((savepoint) =>
          createOrder(savepoint, {
            userId: session.userId,
            lines: session.lines,
            money: session.quote ?? legacyMoney(session),
            currency: session.currency,
            market: shop,
            couponName: session.couponName,
            shippingAddress: session.shippingAddress,
            method: 'card',
            paymentRef: `${payments.name}:${event.sessionId}`,
            stockReserved,
            isTest: payments.isTest,
          }),
        );
        const [done] = await tx
          .update(checkoutSessions)
          .set({ status: 'completed', orderId: order.id, providerPaymentId: paymentId, updatedAt: new Date() })
          .where(eq(checkoutSessions.id, session.id))
          .returning();
        return { outcome: 'created', orderId: order.id, session: done ?? session };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (stockReserved) await releaseStock(tx, session.lines);
        log.error(
          { checkout: session.id, reason: error.message },
          'paid checkout could not become an order: refunding',
        );
        const [due] = await tx
          .update(checkoutSessions)
          .set({
            status: 'refund_due',
            failureReason: error.message,
            providerPaymentId: paymentId,
            updatedAt: new Date(),
          })
          .where(eq(checkoutSessions.id, session.id))
          .returning();
        return { outcome: 'refund', session: due ?? session };
      }
    });
    if (result.outcome === 'created') await hooks.orderCreated(result.orderId);
    if (result.outcome === 'refund') return { outcome: 'refund', session: await refund(result.session) };
    return result;
  }

  /** One checkout as its customer (or staff) may read it. */
  async function find(id: string, userId: string | undefined) {
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, id), userId ? eq(checkoutSessions.userId, userId) : undefined))
      .limit(1);
    if (!session) throw failure('checkoutNotFound');
    return session;
  }

  /** The checkout a provider's id names (the hosted test page, a provider's unproven callback). */
  async function findByProviderId(providerName: string, providerSessionId: string) {
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(
        and(eq(checkoutSessions.provider, providerName), eq(checkoutSessions.providerSessionId, providerSessionId)),
      )
      .limit(1);
    if (!session) throw failure('checkoutNotFound');
    return session;
  }

  const mayLookUp = lookupGate(LOOKUP_INTERVAL_MS, LOOKUP_MEMORY);

  /**
   * An open checkout after asking its provider whether it was paid (the webhook is late or lost):
   * a payment its API confirms completes it through confirmPaid, so a webhook at the same moment
   * still makes one order. At most once per checkout every LOOKUP_INTERVAL_MS, however often the
   * page polls; a provider failure is logged and the checkout is answered as it is.
   */
  async function withLookup(session: CheckoutSession): Promise<CheckoutSession> {
    if (!provider?.lookupPayment || session.status !== 'open' || session.provider !== provider.name) return session;
    if (session.providerSessionId.startsWith('pending:') || !mayLookUp(session.id)) return session;
    try {
      const paid = await provider.lookupPayment(session.providerSessionId);
      return paid ? (await confirmPaid(paid)).session : session;
    } catch (error) {
      log.warn({ err: error, checkout: session.id }, 'could not ask the provider whether a checkout was paid');
      return session;
    }
  }

  return {
    /**
     * Opens a card checkout for the customer's cart: prices it, ends their other open checkouts,
     * takes the units out of stock and asks the provider for its payment page.
     */
    async open(input: {
      userId: string;
      email: string;
      name: string;
      cartId: string;
      shippingAddress: ShippingAddress;
      origin: string;
      describe: (lines: CheckoutLine[]) => string;
    }) {
      const payments = cardProvider();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
      const { session, replaced } = await db.transaction(async (tx) => {
        const [cart] = await tx
          .select()
          .from(carts)
          .where(and(eq(carts.id, input.cartId), eq(carts.userId, input.userId)))
          .for('update');
        if (!cart) throw failure('cartNotFound');
        const replaced = await endOpenCheckouts(tx, input.userId);
        const priced = await priceCart(tx, cart);
        if (priced.lines.length === 0) throw failure('cartEmpty');
        const lines = linesOf(priced);
        const money = await quoteCart(tx, shop, priced, input.shippingAddress.city, 'card');
        refuseHugeTotal(money.total);
        if (money.total < (payments.minimumAmount ?? 0)) throw failure('cardAmountTooSmall');
        await takeStock(tx, lines, 'reserve');
        const [created] = await tx
          .insert(checkoutSessions)
          .values({
            userId: input.userId,
            cartId: cart.id,
            provider: payments.name,
            providerSessionId: `pending:${crypto.randomUUID()}`,
            amount: money.total,
            currency: shop.currency,
            quote: money,
            shippingAddress: input.shippingAddress,
            lines,
            couponName: priced.coupon?.name ?? null,
            stockReserved: true,
            expiresAt,
          })
          .returning();
        if (!created) throw failure('internalError');
        return { session: created, replaced };
      });
      await expireAtProvider(replaced);
      let page: { id: string; url: string };
      try {
        page = await payments.createCheckout({
          reference: session.id,
          amount: session.amount,
          currency: shop.currency,
          description: input.describe(session.lines),
          customerEmail: input.email,
          customerName: input.name,
          shippingAddress: input.shippingAddress,
          successUrl: `${input.origin}/user/allOrders?paid=1&checkout=${session.id}`,
          cancelUrl: `${input.origin}/cart`,
          origin: input.origin,
          expiresAt,
        });
      } catch (error) {
        log.error({ err: error }, 'payment provider refused to create a checkout');
        await db.transaction(async (tx) => {
          const [failed] = await tx
            .update(checkoutSessions)
            .set({ status: 'failed', updatedAt: new Date() })
            .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
            .returning();
          if (failed) await releaseStock(tx, failed.lines);
        });
        throw failure('paymentProviderUnavailable');
      }
      await db.update(checkoutSessions).set({ providerSessionId: page.id }).where(eq(checkoutSessions.id, session.id));
      return { ...session, providerSessionId: page.id, url: page.url };
    },

    confirmPaid,

    /** The customer left the provider's page without paying: the units go back. */
    async cancel(providerSessionId: string) {
      const payments = cardProvider();
      await db.transaction(async (tx) => {
        const [ended] = await tx
          .update(checkoutSessions)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(
            and(
              eq(checkoutSessions.provider, payments.name),
              eq(checkoutSessions.providerSessionId, providerSessionId),
              eq(checkoutSessions.status, 'open'),
            ),
          )
          .returning();
        if (ended?.stockReserved) await releaseStock(tx, ended.lines);
      });
    },

    /**
     * Ends every open checkout whose time is up and gives its units back; then retries refunds
     * that are still due. Runs every minute in every process: each row changes state once.
     */
    async sweep(now = new Date()) {
      const expired = await db.transaction(async (tx) => {
        const ended = await tx
          .update(checkoutSessions)
          .set({ status: 'expired', updatedAt: now })
          .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.expiresAt, now)))
          .returning();
        for (const session of ended) if (session.stockReserved) await releaseStock(tx, session.lines);
        return ended;
      });
      await expireAtProvider(expired);
      if (provider) {
        const due = await db
          .select()
          .from(checkoutSessions)
          // Those no process holds, never-tried first: refunds that keep failing do not starve the rest.
          .where(
            and(
              eq(checkoutSessions.status, 'refund_due'),
              eq(checkoutSessions.provider, provider.name),
              unclaimed(checkoutSessions.refundAttemptedAt),
            ),
          )
          .orderBy(sql`${checkoutSessions.refundAttemptedAt} asc nulls first`, asc(checkoutSessions.createdAt))
          .limit(20);
        for (const session of due) await refund(session);
      }
      return { expired: expired.length };
    },

    findByProviderId,

    /** One checkout as its customer (or staff) may read it; an open one is first asked about (`withLookup`). */
    async findChecked(id: string, userId: string | undefined) {
      return withLookup(await find(id, userId));
    },

    /** A call that proves nothing names a checkout as paid: its provider is asked, as for the status poll. */
    async check(providerSessionId: string) {
      return withLookup(await findByProviderId(cardProvider().name, providerSessionId));
    },

    /** The short number of the order a checkout became, if it became one. */
    async orderNumberOf(session: CheckoutSession) {
      if (!session.orderId) return null;
      const [order] = await db
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.id, session.orderId))
        .limit(1);
      return order?.number ?? null;
    },

    /** Checkouts in the given states, newest first (staff: payments that need a look). */
    async list(statuses: CheckoutSession['status'][], limit: number, offset: number) {
      const where = statuses.length > 0 ? inArray(checkoutSessions.status, statuses) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ session: checkoutSessions, customer: { id: users.id, name: users.name, email: users.email } })
          .from(checkoutSessions)
          .innerJoin(users, eq(users.id, checkoutSessions.userId))
          .where(where)
          .orderBy(sql`${checkoutSessions.createdAt} desc`)
          .limit(limit)
          .offset(offset),
        db
          .select({ value: sql<number>`count(*)`.mapWith(Number) })
          .from(checkoutSessions)
          .where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
