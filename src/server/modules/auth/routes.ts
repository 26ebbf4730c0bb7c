import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authSchemas,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  verifyResetCodeSchema,
} from '../../../contract/auth.js';
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
  RESET_CODE_WINDOW_MS,
  RESET_CODES_PER_WINDOW,
} from '../../../contract/constants.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { passwordResets, users } from '../../../db/schema.js';
import { refuseCommonPassword } from '../../auth/common-passwords.js';
import { userOf } from '../../auth/guards.js';
import { claimLoginAttempt, clearLoginFailures } from '../../auth/login-throttle.js';
import {
  decoyPasswordHash,
  generateResetCode,
  hashPassword,
  hashResetCode,
  sameHash,
  verifyPassword,
} from '../../auth/passwords.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db-errors.js';
import { badRequest, fieldError, HttpError, notFound } from '../../errors.js';
import { serializeUser } from '../users/serialize.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, tokens, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemas = authSchemas(config.phoneCountry);
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const tokenFor = (user: typeof users.$inferSelect) => tokens.sign({ userId: user.id, version: user.tokenVersion });

  r.post('/signup', { schema: { body: schemas.signup, tags: ['auth'] }, config: limited }, async (request, reply) => {
    const { name, email, phone, password } = request.body;
    await refuseCommonPassword('password', password);
    const passwordHash = await hashPassword(password);
    try {
      const [user] = await db.insert(users).values({ name, email, phone, passwordHash }).returning();
      if (!user) throw new Error('insert returned nothing');
      return reply.code(201).send({ data: serializeUser(user), token: await tokenFor(user) });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', m.emailInUse, email);
      throw error;
    }
  });

  r.post('/login', { schema: { body: loginSchema, tags: ['auth'] }, config: limited }, async (request, reply) => {
    const { email, password } = request.body;
    const lockedForSeconds = await claimLoginAttempt(db, email);
    if (lockedForSeconds > 0) {
      reply.header('retry-after', String(lockedForSeconds));
      throw new HttpError(429, m.loginLocked);
    }
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !valid) throw badRequest(m.loginIncorrect);
    await clearLoginFailures(db, email);
    return { data: serializeUser(user), token: await tokenFor(user) };
  });

  r.post(
    '/forgotPasswords',
    { schema: { body: forgotPasswordSchema, tags: ['auth'] }, config: limited },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.email, request.body.email)).limit(1);
      if (!user) throw notFound(m.resetEmailUnknown);
      const code = generateResetCode();
      const now = new Date();
      const values = {
        codeHash: hashResetCode(config.jwtSecret, code),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
        failedAttempts: 0,
        verifiedAt: null,
        createdAt: now,
      };
      // At most RESET_CODES_PER_WINDOW e-mails per account per window, counted in the same
      // statement that stores the code, so parallel requests cannot pass the limit together.
      const windowOver = lt(passwordResets.windowStartedAt, new Date(now.getTime() - RESET_CODE_WINDOW_MS));
      const stored = await db
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
      if (stored.length === 0) throw new HttpError(429, m.resetCodeTooMany);
      await ctx.mailer.send({
        to: user.email,
        subject: `${config.shopName}: رمز إعادة تعيين كلمة المرور ${code}`,
        text: `مرحباً ${user.name}،\n\nرمز إعادة تعيين كلمة المرور: ${code}\nالرمز صالح لمدة 10 دقائق ولمرة واحدة.\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.\n${config.shopName}`,
      });
      return { status: 'Success', message: m.resetCodeSent };
    },
  );

  r.post(
    '/verifyResetCode',
    { schema: { body: verifyResetCodeSchema, tags: ['auth'] }, config: limited },
    async (request) => {
      const codeHash = hashResetCode(config.jwtSecret, request.body.resetCode);
      const now = new Date();
      const { email } = request.body;
      if (email) {
        // With the e-mail known, wrong tries count against the account; the fifth ends the code.
        // The try is claimed atomically before the comparison, so parallel guesses cannot get
        // past the limit by all reading the same count.
        const [reset] = await db
          .update(passwordResets)
          .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
          .where(
            and(
              inArray(passwordResets.userId, db.select({ id: users.id }).from(users).where(eq(users.email, email))),
              gt(passwordResets.expiresAt, now),
              lt(passwordResets.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
            ),
          )
          .returning();
        if (!reset || !sameHash(reset.codeHash, codeHash)) throw badRequest(m.resetCodeInvalid);
        // The right code was not a failed try.
        await db
          .update(passwordResets)
          .set({ verifiedAt: now, failedAttempts: sql`${passwordResets.failedAttempts} - 1` })
          .where(eq(passwordResets.userId, reset.userId));
        return { status: 'Success' };
      }
      // Clients of the original API send only the code: find the live reset it belongs to.
      const verified = await db
        .update(passwordResets)
        .set({ verifiedAt: now })
        .where(
          and(
            eq(passwordResets.codeHash, codeHash),
            gt(passwordResets.expiresAt, now),
            lt(passwordResets.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (verified.length === 0) throw badRequest(m.resetCodeInvalid);
      return { status: 'Success' };
    },
  );

  r.put(
    '/resetPassword',
    { schema: { body: resetPasswordSchema, tags: ['auth'] }, config: limited },
    async (request) => {
      const { email, newPassword } = request.body;
      await refuseCommonPassword('newPassword', newPassword);
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user) throw notFound(m.resetEmailUnknown);
      const passwordHash = await hashPassword(newPassword);
      const updated = await db.transaction(async (tx) => {
        // Single use: the verified reset row is consumed in the same transaction as the change.
        const consumed = await tx
          .delete(passwordResets)
          .where(
            and(
              eq(passwordResets.userId, user.id),
              isNotNull(passwordResets.verifiedAt),
              gt(passwordResets.expiresAt, new Date()),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (consumed.length === 0) throw badRequest(m.resetCodeNotVerified);
        const [row] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: user.tokenVersion + 1 })
          .where(eq(users.id, user.id))
          .returning();
        if (!row) throw new HttpError(404, m.userNotFound);
        return row;
      });
      return { token: await tokenFor(updated) };
    },
  );

  /**
   * Signing out ends every session of the account, on every device: tokens carry the account's
   * token version, and this moves it on (as a password change does). Not in the original API.
   */
  r.post('/logout', { onRequest: ctx.guards.signedIn, schema: { tags: ['auth'] } }, async (request, reply) => {
    const user = userOf(request);
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    return reply.code(204).send();
  });
}
