import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { demoCustomerEmail, demoCustomerPassword } from '../db/seed/catalogue.js';
import { hashPassword, verifyPassword } from './auth/passwords.js';
import type { Config } from './config.js';

/*
 * The two-command demo runs on loopback with passwords printed in the README and a test payment
 * provider. A shop other machines can reach must have neither (SECURITY.md, section 10): it
 * refuses to start with the test provider or without PUBLIC_URL, and replaces a published
 * password still in use with a one-time password shown once in the log.
 */

/** The admin password the README publishes for the demo. */
export const PUBLISHED_ADMIN_PASSWORD = 'Matjar-Admin-2026';

/** localhost, 127.0.0.0/8 or ::1: a name only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || name === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * Reachable from other machines: listening beyond loopback, announced at a public address, or
 * behind a proxy (which forwards the world to us).
 */
export function isPublic(config: Pick<Config, 'host' | 'publicUrl' | 'trustProxy'>): boolean {
  if (!isLoopbackHost(config.host)) return true;
  if (config.publicUrl && !isLoopbackHost(new URL(config.publicUrl).hostname)) return true;
  return config.trustProxy !== false;
}

/** What a public shop must change before it may start; empty when it may. */
export function publicModeProblems(config: Config): string[] {
  if (!isPublic(config)) return [];
  const problems: string[] = [];
  if (!config.publicUrl) {
    problems.push(
      'PUBLIC_URL is not set: set it to the address customers use (e.g. PUBLIC_URL=https://shop.example), so links, images and e-mails never take their address from a request.',
    );
  }
  if (config.payments.provider === 'test') {
    problems.push(
      'PAYMENT_PROVIDER=test takes card orders without any payment: set PAYMENT_PROVIDER to a real provider (stripe, moyasar or paymob, with its keys) or to none (cash on delivery only).',
    );
  }
  return problems;
}

/** The accounts whose passwords the README publishes, and whether their new password is shown. */
const publishedAccounts = (config: Config) => [
  { email: config.seedAdminEmail, password: PUBLISHED_ADMIN_PASSWORD, show: true },
  { email: demoCustomerEmail, password: demoCustomerPassword, show: false },
];

/**
 * In a public shop, every account still using a published password gets a new random one (and
 * loses its sessions). The admin's is logged once, so the owner can sign in and choose their own;
 * the demo customer's is not shown (nobody needs it).
 */
export async function replacePublishedPasswords(db: Database, config: Config, log: (message: string) => void) {
  for (const account of publishedAccounts(config)) {
    const [user] = await db.select().from(users).where(eq(users.email, account.email)).limit(1);
    if (!user || !(await verifyPassword(user.passwordHash, account.password))) continue;
    const password = randomBytes(15).toString('base64url');
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    log(
      account.show
        ? `The admin account ${user.email} had the README's published password, and this shop is public. Its one-time password is: ${password}  — sign in at ${config.publicUrl ?? ''}/login and change it now; it is not shown again.`
        : `The demo account ${user.email} had the README's published password, and this shop is public: it was given a random password.`,
    );
  }
}
