import { sql } from 'drizzle-orm';
import { type PhoneCountry, toE164 } from '../contract/phone.js';
import { type Database, selectRows } from './client.js';

/** Rows read and rewritten per statement. */
const BATCH_SIZE = 500;

/**
 * Where a phone number is stored: a text column, or the `phone` of a JSON shipping address. The
 * names are ours, never a client's.
 */
const PLACES = [
  { table: 'users', phone: sql`phone`, set: (value: string) => sql`phone = ${value}` },
  { table: 'addresses', phone: sql`phone`, set: (value: string) => sql`phone = ${value}` },
  {
    table: 'orders',
    phone: sql`shipping_address->>'phone'`,
    set: (value: string) => sql`shipping_address = jsonb_set(shipping_address, '{phone}', to_jsonb(${value}::text))`,
  },
  {
    table: 'checkout_sessions',
    phone: sql`shipping_address->>'phone'`,
    set: (value: string) => sql`shipping_address = jsonb_set(shipping_address, '{phone}', to_jsonb(${value}::text))`,
  },
] as const;

/**
 * Numbers stored before phones were kept in E.164 (docs/decisions/0014-phone-numbers.md) are
 * rewritten to it at start-up, read by the shop's phone rules: `0501234567` in a Saudi shop
 * becomes `+966501234567`. Idempotent: a number already in E.164 starts with '+' and is not read
 * again; one the rules cannot read is left as it was (and shown as it is). Returns how many changed.
 */
export async function normaliseStoredPhones(db: Database, country: PhoneCountry): Promise<number> {
  let changed = 0;
  for (const place of PLACES) {
    const table = sql.identifier(place.table);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await selectRows<{ id: string; phone: string }>(
        db,
        sql`SELECT id, ${place.phone} AS phone FROM ${table}
          WHERE id > ${after}::uuid AND ${place.phone} NOT LIKE '+%'
          ORDER BY id LIMIT ${BATCH_SIZE}`,
      );
      for (const row of rows) {
        const e164 = toE164(row.phone, country);
        if (e164 === undefined || e164 === row.phone) continue;
        await db.execute(sql`UPDATE ${table} SET ${place.set(e164)} WHERE id = ${row.id}::uuid`);
        changed += 1;
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH_SIZE) break;
      after = last.id;
    }
  }
  return changed;
}
