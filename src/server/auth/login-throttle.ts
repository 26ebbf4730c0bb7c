import { eq, sql } from 'drizzle-orm';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_LOCK,
  LOGIN_LOCK_BASE_MS,
  LOGIN_LOCK_MAX_MS,
} from '../../contract/constants.js';
import type { Database } from '../../db/client.js';
import { loginThrottle } from '../../db/schema.js';

const milliseconds = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** The failure count this attempt makes: failures older than the window no longer count. */
const failuresAfterThisOne = sql`CASE WHEN ${loginThrottle.lastFailureAt} < now() - ${milliseconds(LOGIN_FAILURE_WINDOW_MS)}
  THEN 1 ELSE ${loginThrottle.failures} + 1 END`;

/**
 * Sign-in backoff per e-mail address: the fifth failure in a row locks the address for a minute,
 * each failure after a lockout doubles it, up to 15 minutes. A sign-in first claims its try as a
 * failure, atomically, so a burst of parallel guesses cannot all slip in before the count rises;
 * success then forgets the address. While locked, even the right password is refused.
 *
 * Returns 0 when the try may go on, otherwise the seconds until the lock ends.
 */
export async function claimLoginAttempt(db: Database, email: string): Promise<number> {
  const lockFor = sql`${milliseconds(LOGIN_LOCK_BASE_MS)} * power(2, ${failuresAfterThisOne} - ${LOGIN_FAILURES_BEFORE_LOCK})`;
  const claimed = await db
    .insert(loginThrottle)
    .values({ email, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.email,
      set: {
        failures: failuresAfterThisOne,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`CASE WHEN ${failuresAfterThisOne} >= ${LOGIN_FAILURES_BEFORE_LOCK}
          THEN now() + least(${lockFor}, ${milliseconds(LOGIN_LOCK_MAX_MS)}) END`,
      },
      setWhere: sql`${loginThrottle.lockedUntil} IS NULL OR ${loginThrottle.lockedUntil} <= now()`,
    })
    .returning({ email: loginThrottle.email });
  if (claimed.length > 0) return 0;
  const [lock] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${loginThrottle.lockedUntil} - now()))::int` })
    .from(loginThrottle)
    .where(eq(loginThrottle.email, email));
  return Math.max(1, lock?.seconds ?? 1);
}

/** A successful sign-in forgets the address's failures. */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
}
