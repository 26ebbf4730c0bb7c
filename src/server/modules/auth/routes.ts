import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authEnvelope,
  authSchemas,
  forgotPasswordSchema,
  loginSchema,
  resetCodeSentEnvelope,
  resetPasswordSchema,
  resetTokenSchema,
  resetVerifiedEnvelope,
  tokenEnvelope,
  verifyResetCodeSchema,
} from '../../../contract/auth.js';
import { noContentSchema } from '../../../contract/common.js';
import { RESET_TOKEN_COOKIE, RESET_TOKEN_TTL_MS } from '../../../contract/constants.js';
import { cookieValue } from '../../../contract/cookies.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { users } from '../../../db/schema.js';
import { refuseCommonPassword } from '../../auth/common-passwords.js';
import { userOf } from '../../auth/guards.js';
import { claimLoginAttempt, clearLoginFailures } from '../../auth/login-throttle.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db-errors.js';
import { failure, fieldError } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { serializeUser } from '../users/serialize.js';
import { createPasswordReset } from './password-reset.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, tokens, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemas = authSchemas(config.phoneCountry);
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const reset = createPasswordReset(db, config, ctx.mail);
  const tokenFor = (user: typeof users.$inferSelect) => tokens.sign({ userId: user.id, version: user.tokenVersion });
  const tags = ['auth'];
  /** Schemas too long to sit beside their route (the OpenAPI document is built from them). */
  const contract = {
    signup: { body: schemas.signup, response: { 201: authEnvelope }, tags },
    login: { body: loginSchema, response: { 200: authEnvelope }, tags },
    logout: { response: { 204: noContentSchema }, tags },
  };

  r.post('/signup', { schema: contract.signup, config: limited }, async (request, reply) => {
    const { name, email, phone, password } = request.body;
    await refuseCommonPassword('password', password);
    const passwordHash = await hashPassword(password);
    try {
      const [user] = await db.insert(users).values({ name, email, phone, passwordHash }).returning();
      if (!user) throw new Error('insert returned nothing');
      return reply.code(201).send({ data: serializeUser(user), token: await tokenFor(user) });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', 'emailInUse', email);
      throw error;
    }
  });

  r.post('/login', { schema: contract.login, config: limited }, async (request, reply) => {
    const { email, password } = request.body;
    const lockedForSeconds = await claimLoginAttempt(db, email);
    if (lockedForSeconds > 0) {
      reply.header('retry-after', String(lockedForSeconds));
      throw failure('loginLocked');
    }
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !valid) throw failure('loginIncorrect');
    await clearLoginFailures(db, email);
    // Said only to whoever knows the password (docs/staff.md § Disabling).
    if (user.disabledAt) throw failure('accountDisabled');
    await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    return { data: serializeUser(user), token: await tokenFor(user) };
  });

  r.post(
    '/forgotPasswords',
    {
      schema: { body: forgotPasswordSchema, response: { 200: resetCodeSentEnvelope, ...failing(404) }, tags },
      config: limited,
    },
    async (request) => {
      await reset.issueCode(request.body.email);
      return { status: 'Success' as const, message: m.resetCodeSent };
    },
  );

  r.post(
    '/verifyResetCode',
    { schema: { body: verifyResetCodeSchema, response: { 200: resetVerifiedEnvelope }, tags }, config: limited },
    async (request, reply) => {
      const { resetCode, email } = request.body;
      const { resetToken } = email
        ? await reset.verifyWithEmail(resetCode, email, request.ip)
        : await reset.verifyCodeOnly(resetCode, request.ip);
      // For clients that keep no state between the two calls (docs/decisions/0001-password-reset-proof.md).
      reply.header(
        'set-cookie',
        `${RESET_TOKEN_COOKIE}=${resetToken}; Path=/api/v1/auth/resetPassword; Max-Age=${RESET_TOKEN_TTL_MS / 1000}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`,
      );
      return { status: 'Success' as const, resetToken };
    },
  );

  r.put(
    '/resetPassword',
    { schema: { body: resetPasswordSchema, response: { 200: tokenEnvelope }, tags }, config: limited },
    async (request, reply) => {
      const { email, newPassword } = request.body;
      await refuseCommonPassword('newPassword', newPassword);
      const fromCookie = cookieValue(request.headers.cookie, RESET_TOKEN_COOKIE);
      const resetToken = request.body.resetToken ?? (resetTokenSchema.safeParse(fromCookie).data || undefined);
      const user = await reset.resetPassword({ email, newPassword, resetToken }, request.ip);
      reply.header(
        'set-cookie',
        `${RESET_TOKEN_COOKIE}=; Path=/api/v1/auth/resetPassword; Max-Age=0; HttpOnly; SameSite=Strict`,
      );
      return { token: await tokenFor(user) };
    },
  );

  /**
   * Signing out ends every session of the account, on every device: tokens carry the account's
   * token version, and this moves it on (as a password change does). Not in the original API.
   */
  r.post('/logout', { onRequest: ctx.guards.signedIn, schema: contract.logout }, async (request, reply) => {
    const user = userOf(request);
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    return reply.code(204).send();
  });
}
