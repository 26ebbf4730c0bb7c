import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { toMajor } from '../../../contract/money.js';
import type { AbandonedCart } from '../../../contract/types.js';
import { type Database, selectRows, type Tx } from '../../../db/client.js';
import { basketReminders, cartItems, carts, orders, productVariants, users } from '../../../db/schema.js';
import { fieldError } from '../../errors.js';
import type { JobRunner } from '../../jobs/index.js';
import type { StoreSettings } from '../settings/service.js';
import { customerOfToken } from './unsubscribe-token.js';

/*
 * Abandoned baskets (docs/abandoned-baskets.md): a customer's cart (never a guest's basket, whose
 * owner the shop cannot write to) holding lines and untouched for longer than the settings' delay.
 */

type Db = Database | Tx;

/** The queue of the reminder e-mails; the sweep enqueues one job per basket state it marks. */
export const REMINDER_QUEUE = 'basket-reminder';
export type ReminderPayload = { cartId: string };

/** A basket last changed longer ago than this is not reminded (e.g. when reminders are first turned on). */
export const REMINDER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Baskets marked per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

const HOUR_MS = 60 * 60 * 1000;

/** When a basket last changed before this instant, it is abandoned. */
export const abandonedBefore = (settings: Pick<StoreSettings, 'basketReminderDelayHours'>, now: Date) =>
  new Date(now.getTime() - settings.basketReminderDelayHours * HOUR_MS);

const hasLines = sql`exists (select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id})`;
/** The state of the basket (its last change) was reminded already. */
const remindedForThisState = sql`${basketReminders.basketChangedAt} >= ${carts.updatedAt}`;

/** A customer's cart with lines, last changed before `before`. */
const abandoned = (before: Date) => and(isNotNull(carts.userId), lt(carts.updatedAt, before), hasLines);

/** Staff's list: oldest change first, each with its value at today's prices (minor units summed in SQL). */
export async function abandonedCarts(
  db: Db,
  settings: StoreSettings,
  page: { limit: number; offset: number },
  digits: number,
  now = new Date(),
): Promise<{ rows: AbandonedCart[]; total: number }> {
  const where = abandoned(abandonedBefore(settings, now));
  const lines = db
    .select({
      cartId: cartItems.cartId,
      lines: sql<number>`count(*)`.mapWith(Number).as('lines'),
      units: sql<number>`sum(${cartItems.count})`.mapWith(Number).as('units'),
      value:
        sql<number>`sum(${cartItems.count} * coalesce(${productVariants.priceAfterDiscount}, ${productVariants.price}))`
          .mapWith(Number)
          .as('value'),
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .groupBy(cartItems.cartId)
    .as('lines');
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: carts.id,
        updatedAt: carts.updatedAt,
        userId: users.id,
        name: users.name,
        email: users.email,
        unsubscribedAt: users.remindersUnsubscribedAt,
        lines: lines.lines,
        units: lines.units,
        value: lines.value,
        remindedAt: sql<Date | null>`case when ${remindedForThisState} then ${basketReminders.remindedAt} end`.mapWith(
          basketReminders.remindedAt,
        ),
      })
      .from(carts)
      .innerJoin(users, eq(users.id, carts.userId))
      .innerJoin(lines, eq(lines.cartId, carts.id))
      .leftJoin(basketReminders, eq(basketReminders.cartId, carts.id))
      .where(where)
      .orderBy(asc(carts.updatedAt), asc(carts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(carts)
      .where(where),
  ]);
  return {
    total: count?.total ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      customer: { id: row.userId, name: row.name, email: row.email },
      lines: row.lines,
      units: row.units,
      value: toMajor(row.value, digits),
      changedAt: row.updatedAt.toISOString(),
      remindedAt: row.remindedAt ? row.remindedAt.toISOString() : null,
      unsubscribed: row.unsubscribedAt !== null,
    })),
  };
}

/**
 * The conditions a basket must still meet when its reminder goes: its customer has not
 * unsubscribed and has placed no order since the basket's last change.
 */
const stillWelcome = and(
  sql`${users.remindersUnsubscribedAt} is null`,
  sql`not exists (select 1 from ${orders} where ${orders.userId} = ${carts.userId} and ${orders.createdAt} >= ${carts.updatedAt})`,
);

/**
 * One pass of the reminders: when they are on, every basket due (abandoned within the window, its
 * state not yet reminded, its customer welcome) is marked reminded and its e-mail enqueued, in one
 * transaction: a crash before the commit leaves neither, after it the job is durable and sent
 * (retried) by the runner. The marking is a conditional upsert: two sweeps at once mark a basket
 * state once, and only the one that marked it enqueues its mail. Answers how many were enqueued.
 */
export async function sweepBasketReminders(
  db: Database,
  jobs: Pick<JobRunner, 'enqueue'>,
  settings: StoreSettings,
  now = new Date(),
): Promise<number> {
  if (!settings.basketRemindersEnabled) return 0;
  const before = abandonedBefore(settings, now);
  const since = new Date(before.getTime() - REMINDER_WINDOW_MS);
  return db.transaction(async (tx) => {
    const marked = await selectRows<{ cart_id: string }>(
      tx,
      sql`insert into ${basketReminders} (cart_id, basket_changed_at, reminded_at)
        select ${carts.id}, ${carts.updatedAt}, ${now.toISOString()}::timestamptz
        from ${carts}
        join ${users} on ${users.id} = ${carts.userId}
        left join ${basketReminders} on ${basketReminders.cartId} = ${carts.id}
        where ${abandoned(before)} and ${gt(carts.updatedAt, since)} and ${stillWelcome}
          and (${basketReminders.cartId} is null or not ${remindedForThisState})
        order by ${carts.updatedAt}
        limit ${SWEEP_BATCH}
        on conflict (cart_id) do update
          set basket_changed_at = excluded.basket_changed_at, reminded_at = excluded.reminded_at
          where ${basketReminders.basketChangedAt} < excluded.basket_changed_at
        returning cart_id`,
    );
    for (const { cart_id } of marked) await jobs.enqueue<ReminderPayload>(tx, REMINDER_QUEUE, { cartId: cart_id });
    return marked.length;
  });
}

/**
 * What a marked reminder is sent to, when it should still go: the basket is as it was marked (a
 * change since makes a new state, reminded by a later sweep) and its customer is welcome. Null:
 * nothing to send.
 */
export async function reminderToSend(db: Db, cartId: string) {
  const [row] = await db
    .select({ cart: carts, user: { id: users.id, name: users.name, email: users.email } })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .innerJoin(basketReminders, eq(basketReminders.cartId, carts.id))
    .where(and(eq(carts.id, cartId), sql`${basketReminders.basketChangedAt} = ${carts.updatedAt}`, stillWelcome))
    .limit(1);
  return row ?? null;
}

/**
 * The customer a valid token names stops getting reminders; answers their e-mail, and whether they
 * had already unsubscribed (a second click changes nothing).
 */
export async function unsubscribe(db: Db, secret: string, token: string) {
  const userId = customerOfToken(secret, token);
  if (!userId) throw fieldError('token', 'unsubscribeTokenInvalid', token);
  const [changed] = await db
    .update(users)
    .set({ remindersUnsubscribedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.remindersUnsubscribedAt)))
    .returning({ email: users.email });
  if (changed) return { email: changed.email, alreadyUnsubscribed: false };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  // A signed token of a customer since deleted: nothing is left to unsubscribe.
  if (!user) throw fieldError('token', 'unsubscribeTokenInvalid', token);
  return { email: user.email, alreadyUnsubscribed: true };
}
