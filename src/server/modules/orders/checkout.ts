import { and, asc, eq, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHECKOUT_TTL_MS } from '../../../contract/constants.js';
import { apiMessages } from '../../../contract/messages.js';
import { cardReturnPaths } from '../../../contract/web.js';
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
import { priceCartToOrder, refuseHugeTotal } from '../cart/service.js';
import type { DocumentIssuing } from '../e-invoicing/reporting.js';
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
/** Checkouts past their time asked about at the provider per sweep, by one process (docs/payments.md, step 4). */
const LOOKUPS_PER_SWEEP = 10;
/** Past its time by this much, a checkout ends unasked (the provider down that long): its units go back. */
const ASK_AT_MOST_MS = 60 * 60_000;

/** Why a payment became a refund due of its own, beside its checkout (docs/payments.md, step 6). */
export const SEPARATE_REFUND_REASONS = {
  mismatch: apiMessages.paymentMismatch,
  secondPayment: 'A second payment for a checkout already paid',
} as const;

export type ConfirmResult =
  | { outcome: 'created'; orderId: string; session: CheckoutSession }
  | { outcome: 'already'; session: CheckoutSession }
  | { outcome: 'refund'; session: CheckoutSession }
  /** A payment the checkout cannot take (another amount, a second one): given back on its own row. */
  | { outcome: 'separate refund'; session: CheckoutSession; refund: CheckoutSession | undefined }
  /** …that names nothing a refund could be made of: refused, logged. */
  | { outcome: 'mismatch'; session: CheckoutSession };

/** What a checkout's outcome tells the customer, queued in the transaction that records it (docs/mail.md). */
type Hooks = {
  /** A paid checkout became an order (in the order's transaction). */
  orderCreated(tx: Tx, orderId: string): Promise<void>;
  /** A paid checkout was refunded because it could not become an order (in the transaction that records it). */
  refunded(tx: Tx, session: CheckoutSession): Promise<void>;
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

/** Checkouts the provider can be asked about: its own, with their provider id known. */
function askableAt(provider: PaymentProvider | undefined): SQL | undefined {
  if (!provider?.lookupPayment) return undefined;
  return and(
    eq(checkoutSessions.provider, provider.name),
    not(sql`${checkoutSessions.providerSessionId} like 'pending:%'`),
  );
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
  issuing: DocumentIssuing,
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
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(checkoutSessions)
          .set({ status: 'refunded', refundId: id, refundedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'refund_due')))
          .returning();
        if (row) await hooks.refunded(tx, row);
        return row;
      });
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
   * A payment the checkout cannot take (another amount or currency, or a second payment for one
   * already paid) becomes a refund due of its own: a row beside the checkout, for that payment's
   * amount and currency, refunded like a checkout that could not become an order (the sweep
   * retries it; staff see it with the other refunds). The row is keyed by the payment, so a
   * replayed notification records it once. A payment naming no payment id or no usable amount
   * cannot be refunded: `mismatch`, refused and logged.
   */
  async function refundSeparately(
    tx: Tx,
    session: CheckoutSession,
    event: PaidEvent,
    reason: string,
  ): Promise<ConfirmResult> {
    const { paymentId, amount, currency } = event;
    const refundable =
      paymentId !== undefined && Number.isSafeInteger(amount) && (amount ?? 0) > 0 && /^[A-Z]{3}$/.test(currency ?? '');
    if (!refundable || amount === undefined || currency === undefined) {
      log.error({ checkout: session.id, paid: { paymentId, amount, currency } }, `${reason}: cannot be refunded`);
      return { outcome: 'mismatch', session };
    }
    log.error({ checkout: session.id, paid: { paymentId, amount, currency } }, `${reason}: refunding`);
    const [refund] = await tx
      .insert(checkoutSessions)
      .values({
        userId: session.userId,
        cartId: session.cartId,
        provider: session.provider,
        providerSessionId: `${session.providerSessionId}/${paymentId}`,
        amount,
        currency,
        shippingAddress: session.shippingAddress,
        lines: session.lines,
        status: 'refund_due',
        expiresAt: session.expiresAt,
        providerPaymentId: paymentId,
        failureReason: reason,
      })
      .onConflictDoNothing()
      .returning();
    return { outcome: 'separate refund', session, refund };
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
      if (['completed', 'refunded', 'refund_due'].includes(session.status)) {
        // The same payment told again is nothing new; another payment of a paid checkout goes back.
        const another =
          event.paymentId !== undefined &&
          session.providerPaymentId !== null &&
          event.paymentId !== session.providerPaymentId;
        if (!another) return { outcome: 'already', session };
        return refundSeparately(tx, session, event, SEPARATE_REFUND_REASONS.secondPayment);
      }
      const wrongAmount = event.amount !== undefined && event.amount !== session.amount;
      const wrongCurrency = event.currency !== undefined && event.currency !== session.currency;
      if (wrongAmount || wrongCurrency) {
        // The checkout stays as it is: the customer may still pay it as asked.
        return refundSeparately(tx, session, event, SEPARATE_REFUND_REASONS.mismatch);
      }
      const paymentId = event.paymentId ?? null;
      // Held units (still open, even past its time: the sweep has not given them back) become
      // the order's; otherwise they are taken again, if they are still there.
      const stockReserved = session.status === 'open' && session.stockReserved;
      let order: { id: string };
      try {
        order = await tx.transaction((savepoint) =>
          createOrder(savepoint, {
            userId: session.userId,
            lines: session.lines,
            money: session.quote ?? legacyMoney(session),
            currency: session.currency,
            market: shop,
            issuing,
            couponName: session.couponName,
            shippingAddress: session.shippingAddress,
            method: 'card',
            paymentRef: `${payments.name}:${event.sessionId}`,
            stockReserved,
            isTest: payments.isTest,
          }),
        );
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
      const [done] = await tx
        .update(checkoutSessions)
        .set({ status: 'completed', orderId: order.id, providerPaymentId: paymentId, updatedAt: new Date() })
        .where(eq(checkoutSessions.id, session.id))
        .returning();
      await hooks.orderCreated(tx, order.id);
      return { outcome: 'created', orderId: order.id, session: done ?? session };
    });
    if (result.outcome === 'refund') return { outcome: 'refund', session: await refund(result.session) };
    if (result.outcome === 'separate refund' && result.refund)
      return { ...result, refund: await refund(result.refund) };
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

  /** Ends the open checkouts `where` selects and gives their units back; the provider is told (best effort). */
  async function endExpired(where: SQL | undefined, now: Date) {
    const expired = await db.transaction(async (tx) => {
      const ended = await tx
        .update(checkoutSessions)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(checkoutSessions.status, 'open'), where))
        .returning();
      for (const session of ended) if (session.stockReserved) await releaseStock(tx, session.lines);
      return ended;
    });
    await expireAtProvider(expired);
    return expired;
  }

  /**
   * Before open checkouts whose time is up end, their provider is asked whether they were paid: a
   * notification lost, late or never sent (Paymob's wallets) still makes the order (docs/payments.md,
   * step 4). At most LOOKUPS_PER_SWEEP, oldest first, each claimed by one process (as a refund is,
   * SECURITY.md § 6) so two sweeping at once do not ask twice; paid → confirmPaid, unpaid → ended
   * now; a provider failure leaves it open, asked again once its claim's lease is over.
   */
  async function askBeforeEnding(now: Date) {
    const askable = askableAt(provider);
    if (!provider?.lookupPayment || !askable) return { expired: 0 };
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.status, 'open'),
            lt(checkoutSessions.expiresAt, now),
            askable,
            unclaimed(checkoutSessions.providerAskedAt),
          ),
        )
        .orderBy(asc(checkoutSessions.expiresAt))
        .limit(LOOKUPS_PER_SWEEP)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(checkoutSessions)
        .set({ providerAskedAt: sql`now()` })
        .where(
          inArray(
            checkoutSessions.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
    let expired = 0;
    for (const session of claimed) {
      try {
        const paid = await provider.lookupPayment(session.providerSessionId);
        if (paid) await confirmPaid(paid);
        else expired += (await endExpired(eq(checkoutSessions.id, session.id), now)).length;
      } catch (error) {
        log.warn(
          { err: error, checkout: session.id },
          'could not ask the provider about a checkout ending: asked again',
        );
      }
    }
    return { expired };
  }

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
    expireAtProvider,
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
        const priced = await priceCartToOrder(tx, cart);
        const lines = linesOf(priced);
        const { money, cityRecognised } = await quoteCart(tx, shop, priced, input.shippingAddress.city, 'card');
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
            shippingAddress: { ...input.shippingAddress, cityRecognised },
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
          successUrl: `${input.origin}${cardReturnPaths.paid(session.id)}`,
          cancelUrl: `${input.origin}${cardReturnPaths.cancelled(session.id)}`,
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
     * Ends every open checkout whose time is up and gives its units back, after asking the provider
     * whether it was paid (askBeforeEnding); then retries refunds that are still due. The
     * `checkout-sweep` schedule runs it once a minute across all processes; run twice at once (a
     * period's run outlasting its lease), each row still changes state once.
     */
    async sweep(now = new Date()) {
      const asked = await askBeforeEnding(now);
      // Those the provider cannot be asked about, and those it could not answer for an hour.
      const askable = askableAt(provider);
      const expired = await endExpired(
        and(
          lt(checkoutSessions.expiresAt, now),
          askable
            ? or(not(askable), lt(checkoutSessions.expiresAt, new Date(now.getTime() - ASK_AT_MOST_MS)))
            : undefined,
        ),
        now,
      );
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
      return { expired: asked.expired + expired.length };
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
