import { isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/*
 * A refund given back through a provider is claimed before the provider is asked (SECURITY.md
 * § 6, docs/orders.md § Refunds): its `attempted_at` is set by one process, under the row's lock,
 * and no other process asks the provider for it while that claim's lease runs.
 */

/** How long a claim is left to its process: far past a provider call's own timeout (15 s). */
const LEASE = sql`interval '2 minutes'`;

/** Held by no process: never tried, or its claim's lease is over. */
export const unclaimed = (attemptedAt: PgColumn): SQL =>
  or(isNull(attemptedAt), lt(attemptedAt, sql`now() - ${LEASE}`)) ?? sql`false`;

/** What a claim is given up with: the attempt stays on record (a retry asks the provider first), its lease is over. */
export const givenUp = sql`now() - ${LEASE} - interval '1 second'`;

/**
 * Whether a failed provider call is over at the provider: it answered (an error status), so a
 * retry may ask it at once. A timeout or a broken connection is not: the provider may still be
 * carrying the refund out, and the claim is kept for its lease.
 */
export function providerAnswered(error: unknown): boolean {
  return !(
    error instanceof TypeError ||
    (error instanceof Error && ['TimeoutError', 'AbortError'].includes(error.name))
  );
}
