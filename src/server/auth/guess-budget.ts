import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { guessBudgets } from '../../db/schema.js';

/**
 * A shop-wide budget of guesses, counted in the database so every process shares it: at most
 * `limit` claims per `windowMs`. The claim is one statement (insert or conditional update), so
 * parallel requests cannot pass the limit together. Returns false when the budget is spent.
 */
export async function claimGuess(db: Database | Tx, name: string, limit: number, windowMs: number, now = new Date()) {
  const windowOver = sql`${guessBudgets.windowStartedAt} < ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const claimed = await db
    .insert(guessBudgets)
    .values({ name, used: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: guessBudgets.name,
      set: {
        used: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${guessBudgets.used} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now.toISOString()}::timestamptz ELSE ${guessBudgets.windowStartedAt} END`,
      },
      setWhere: sql`${windowOver} OR ${guessBudgets.used} < ${limit}`,
    })
    .returning({ used: guessBudgets.used });
  return claimed.length > 0 && limit > 0;
}

/** Gives back a claim that turned out not to be a wrong guess. */
export async function returnGuess(db: Database | Tx, name: string) {
  await db
    .update(guessBudgets)
    .set({ used: sql`greatest(${guessBudgets.used} - 1, 0)` })
    .where(sql`${guessBudgets.name} = ${name}`);
}
