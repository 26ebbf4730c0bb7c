import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { orderEvents, users } from '../../../db/schema.js';
import { type CurrentUser, isStaffRole } from '../../auth/guards.js';

/* An order's history (docs/orders.md § History): one row per change, written in the change's transaction. */

/** Who changes an order: a signed-in user (as customer or staff), or the shop itself. */
export type Actor = { id: string | null; role: 'customer' | 'admin' | 'system' };
export const actorOf = (user: CurrentUser): Actor => ({
  id: user.id,
  role: isStaffRole(user.role) ? 'admin' : 'customer',
});
export const SYSTEM: Actor = { id: null, role: 'system' };

/**
 * Who asked for something the shop finishes later (a card refund the provider confirms after the
 * request): that user as they are now, or the shop itself when nobody asked or the account is gone.
 */
export async function actorById(tx: Tx, userId: string | null): Promise<Actor> {
  if (userId === null) return SYSTEM;
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return user ? { id: userId, role: isStaffRole(user.role) ? 'admin' : 'customer' } : SYSTEM;
}

type EventValues = Omit<typeof orderEvents.$inferInsert, 'orderId' | 'actorId' | 'actorRole'>;

/** Records one change of an order in its history, in the change's own transaction. */
export async function recordEvent(tx: Tx, orderId: string, actor: Actor, event: EventValues) {
  await tx.insert(orderEvents).values({ orderId, actorId: actor.id, actorRole: actor.role, ...event });
}

/**
 * The histories of some orders, oldest first, each change with the name of the account that made
 * it (null when deleted), in one query (a page of orders is one read, not one per order).
 */
export async function historiesOf(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ event: orderEvents, actorName: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}
