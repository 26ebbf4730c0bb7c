import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MAX_ADDRESSES } from '../../../contract/constants.js';
import type { Address } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { addresses, users } from '../../../db/schema.js';
import { failure } from '../../errors.js';

type NewAddress = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/**
 * Saves an address, at most MAX_ADDRESSES per customer. The customer's row is locked while the
 * addresses are counted, so requests sent at once (in any process) are counted one after another.
 */
export async function addAddress(db: Database, userId: string, values: NewAddress) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [saved] = await tx.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((saved?.value ?? 0) >= MAX_ADDRESSES) throw failure('addressLimit');
    await tx.insert(addresses).values({ ...values, userId });
  });
}

/** The customer's saved address last used for an order or checkout, else the newest one. */
export async function latestAddress(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(sql`coalesce(${addresses.lastUsedAt}, ${addresses.createdAt})`), desc(addresses.id))
    .limit(1);
  return row;
}

/** Notes that an order or checkout shipped to this saved address (matched by its fields). */
export async function markAddressUsed(
  db: Database | Tx,
  userId: string,
  address: { details: string; phone: string; city: string },
) {
  await db
    .update(addresses)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.details, address.details),
        eq(addresses.phone, address.phone),
        eq(addresses.city, address.city),
      ),
    );
}

/** A saved address as the API answers it. */
export const serializeAddress = (row: typeof addresses.$inferSelect): Address => ({
  _id: row.id,
  id: row.id,
  alias: row.alias,
  details: row.details,
  phone: row.phone,
  city: row.city,
  postalCode: row.postalCode,
});
