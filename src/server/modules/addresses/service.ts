import { count, eq } from 'drizzle-orm';
import { MAX_ADDRESSES } from '../../../contract/constants.js';
import { apiMessages as m } from '../../../contract/messages.js';
import type { Database } from '../../../db/client.js';
import { addresses, users } from '../../../db/schema.js';
import { HttpError } from '../../errors.js';

type NewAddress = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/**
 * Saves an address, at most MAX_ADDRESSES per customer. The customer's row is locked while the
 * addresses are counted, so requests sent at once (in any process) are counted one after another.
 */
export async function addAddress(db: Database, userId: string, values: NewAddress) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [saved] = await tx.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((saved?.value ?? 0) >= MAX_ADDRESSES) throw new HttpError(400, m.addressLimit, 'ADDRESS_LIMIT');
    await tx.insert(addresses).values({ ...values, userId });
  });
}
