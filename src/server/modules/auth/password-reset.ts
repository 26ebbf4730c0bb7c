import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  RESET_ACCOUNT_FAILURES_PER_WINDOW,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
  RESET_CODE_WINDOW_MS,
  RESET_CODES_PER_WINDOW,
  RESET_GUESS_WINDOW_MS,
  RESET_TOKEN_TTL_MS,
} from '../../../contract/constants.js';
import type { Database } from '../../../db/client.js';
import { passwordResets, users } from '../../../db/schema.js';
import { claimGuess, returnGuess } from '../../auth/guess-budget.js';
import { generateResetCode, hashPassword, hashResetCode, sameHash } from '../../auth/passwords.js';
import type { Config } from '../../config.js';
import { failure } from '../../errors.js';
import type { Mail } from '../../mail/mailer.js';
import type { MailQueue } from '../../mail/queue.js';

/*
 * Password recovery (SECURITY.md, section 5; docs/decisions/0001-password-reset-proof.md): a
 * 6-digit code by e-mail, verified once, then a single-use proof (`resetToken`) sets the password.
 * Every comparison of a code is paid for before it is made, from a budget no number of client
 * addresses can multiply: the account's own when the e-mail is given, the shop's otherwise.
 */

const CODE_ONLY_BUDGET = 'reset-code-only';
const codePattern = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);
const ago = (ms: number, now: Date) => new Date(now.getTime() - ms);

export type Verified = { resetToken: string };

/** The e-mail that carries a reset code. */
function resetCodeMail(shopName: string, user: { email: string; name: string }, code: string): Mail {
  return {
    to: user.email,
    subject: `${shopName}: رمز إعادة تعيين كلمة المرور ${code}`,
    text: `مرحباً ${user.name}،\n\nرمز إعادة تعيين كلمة المرور: ${code}\nالرمز صالح لمدة 10 دقائق ولمرة واحدة.\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.\n${shopName}`,
  };
}

export function createPasswordReset(
  db: Database,
  config: Pick<Config, 'jwtSecret' | 'resetCodeOnlyGuessesPerDay' | 'shopName'>,
  mail: MailQueue,
) {
  const keyed = (value: string) => hashResetCode(config.jwtSecret, value);
  const userIdsWithEmail = (email: string) => db.select({ id: users.id }).from(users).where(eq(users.email, email));
  /** Verified within the proof's lifetime: the code's own expiry no longer matters once verified. */
  const freshlyVerified = (now: Date) => gt(passwordResets.verifiedAt, ago(RESET_TOKEN_TTL_MS, now));

  /** Records a successful verification on `where`'s rows and hands back the proof. */
  async function markVerified(where: SQL, clientIp: string, now: Date): Promise<Verified> {
    const resetToken = randomBytes(32).toString('base64url');
    await db
      .update(passwordResets)
      .set({ verifiedAt: now, verifiedIp: clientIp, resetTokenHash: keyed(resetToken) })
      .where(where);
    return { resetToken };
  }

  return {
    /**
     * Stores a new code for the account (replacing the old one) and queues its e-mail in the same
     * transaction, sealed and dropped unsent once the code has expired (docs/mail.md).
     */
    async issueCode(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user) throw failure('resetEmailUnknown');
      if (user.disabledAt) throw failure('accountDisabled');
      const code = generateResetCode();
      const now = new Date();
      const values = {
        codeHash: keyed(code),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
        failedAttempts: 0,
        verifiedAt: null,
        verifiedIp: null,
        resetTokenHash: null,
        createdAt: now,
      };
      // At most RESET_CODES_PER_WINDOW e-mails per account per window, counted in the same
      // statement that stores the code, so parallel requests cannot pass the limit together.
      const windowOver = lt(passwordResets.windowStartedAt, ago(RESET_CODE_WINDOW_MS, now));
      await db.transaction(async (tx) => {
        const stored = await tx
          .insert(passwordResets)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({
            target: passwordResets.userId,
            set: {
              ...values,
              codesSent: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${passwordResets.codesSent} + 1 END`,
              windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now.toISOString()}::timestamptz ELSE ${passwordResets.windowStartedAt} END`,
            },
            setWhere: sql`${windowOver} OR ${passwordResets.codesSent} < ${RESET_CODES_PER_WINDOW}`,
          })
          .returning({ userId: passwordResets.userId });
        if (stored.length === 0) throw failure('resetCodesTooMany');
        await mail.enqueue(tx, resetCodeMail(config.shopName, user, code), { secretUntil: values.expiresAt });
      });
    },

    /**
     * With the e-mail: the try is charged to that account before the comparison (the fifth wrong
     * try ends the code; RESET_ACCOUNT_FAILURES_PER_WINDOW wrong tries a day end every code).
     */
    async verifyWithEmail(resetCode: string, email: string, clientIp: string): Promise<Verified> {
      if (!codePattern.test(resetCode)) throw failure('resetCodeInvalid');
      const now = new Date();
      const failuresWindowOver = lt(passwordResets.failuresWindowStartedAt, ago(RESET_GUESS_WINDOW_MS, now));
      const [reset] = await db
        .update(passwordResets)
        .set({
          failedAttempts: sql`${passwordResets.failedAttempts} + 1`,
          failuresInWindow: sql`CASE WHEN ${failuresWindowOver} THEN 1 ELSE ${passwordResets.failuresInWindow} + 1 END`,
          failuresWindowStartedAt: sql`CASE WHEN ${failuresWindowOver} THEN ${now.toISOString()}::timestamptz ELSE ${passwordResets.failuresWindowStartedAt} END`,
        })
        .where(
          and(
            inArray(passwordResets.userId, userIdsWithEmail(email)),
            gt(passwordResets.expiresAt, now),
            lt(passwordResets.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
            or(failuresWindowOver, lt(passwordResets.failuresInWindow, RESET_ACCOUNT_FAILURES_PER_WINDOW)),
          ),
        )
        .returning();
      if (!reset) {
        // A live code whose account has used up its wrong tries for the day: say so (the e-mail
        // step already tells whether an account exists, so this reveals nothing more).
        const [spent] = await db
          .select({ userId: passwordResets.userId })
          .from(passwordResets)
          .where(
            and(
              inArray(passwordResets.userId, userIdsWithEmail(email)),
              gt(passwordResets.expiresAt, now),
              lt(passwordResets.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
            ),
          )
          .limit(1);
        if (spent) throw failure('resetTriesExhausted');
        throw failure('resetCodeInvalid');
      }
      if (!sameHash(reset.codeHash, keyed(resetCode))) throw failure('resetCodeInvalid');
      // The right code was not a wrong try.
      await db
        .update(passwordResets)
        .set({
          failedAttempts: sql`greatest(${passwordResets.failedAttempts} - 1, 0)`,
          failuresInWindow: sql`greatest(${passwordResets.failuresInWindow} - 1, 0)`,
        })
        .where(eq(passwordResets.userId, reset.userId));
      return markVerified(eq(passwordResets.userId, reset.userId), clientIp, now);
    },

    /**
     * The original clients send the code alone, so it could be any account's. Each such try is
     * paid from the shop-wide budget before the comparison (and given back when it was right);
     * once the budget is spent, code-only tries are refused unread until the window turns.
     */
    async verifyCodeOnly(resetCode: string, clientIp: string): Promise<Verified> {
      if (!codePattern.test(resetCode)) throw failure('resetCodeInvalid');
      const now = new Date();
      const paid = await claimGuess(
        db,
        CODE_ONLY_BUDGET,
        config.resetCodeOnlyGuessesPerDay,
        RESET_GUESS_WINDOW_MS,
        now,
      );
      if (!paid) throw failure('resetCodeNeedsEmail');
      const matching = and(
        eq(passwordResets.codeHash, keyed(resetCode)),
        gt(passwordResets.expiresAt, now),
        lt(passwordResets.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
      ) as SQL;
      const [match] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(matching).limit(1);
      if (!match) throw failure('resetCodeInvalid');
      await returnGuess(db, CODE_ONLY_BUDGET);
      return markVerified(matching, clientIp, now);
    },

    /**
     * Sets the new password, consuming the verification in the same transaction (single use).
     * With a proof, it must name this e-mail's account; a proof used with another e-mail is
     * spent. Without one (the original clients), only the address that verified this account's
     * code may reset it, within the proof's lifetime; a wrong e-mail from an address spends every
     * verification that address made, so a code guessed without knowing whose it was gives one
     * try at naming its account.
     */
    async resetPassword(
      input: { email: string; newPassword: string; resetToken?: string | undefined },
      clientIp: string,
    ) {
      const now = new Date();
      const passwordHash = await hashPassword(input.newPassword);
      const proof = input.resetToken
        ? eq(passwordResets.resetTokenHash, keyed(input.resetToken))
        : eq(passwordResets.verifiedIp, clientIp);
      const user = await db.transaction(async (tx) => {
        const [consumed] = await tx
          .delete(passwordResets)
          .where(
            and(
              inArray(passwordResets.userId, userIdsWithEmail(input.email)),
              proof,
              isNotNull(passwordResets.verifiedAt),
              freshlyVerified(now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!consumed) return undefined;
        const [changed] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, consumed.userId))
          .returning();
        return changed;
      });
      if (user) return user;
      // Whatever that proof or address had verified is spent.
      await db.update(passwordResets).set({ verifiedAt: null, verifiedIp: null, resetTokenHash: null }).where(proof);
      throw failure('resetCodeNotVerified');
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
