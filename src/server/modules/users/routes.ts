import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authSchemas } from '../../../contract/auth.js';
import { users } from '../../../db/schema.js';
import { refuseCommonPassword } from '../../auth/common-passwords.js';
import { userOf } from '../../auth/guards.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db-errors.js';
import { fieldError } from '../../errors.js';
import { serializeUser } from './serialize.js';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, tokens, guards } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemas = authSchemas(ctx.config.phoneCountry);

  r.get('/getMe', { onRequest: guards.signedIn, schema: { tags: ['users'] } }, async (request) => ({
    data: serializeUser(userOf(request)),
  }));

  r.put(
    '/updateMe',
    { onRequest: guards.signedIn, schema: { body: schemas.updateMe, tags: ['users'] } },
    async (request) => {
      const me = userOf(request);
      const { name, phone, email } = request.body;
      try {
        const [user] = await db
          .update(users)
          .set({ name, phone, ...(email ? { email } : {}) })
          .where(eq(users.id, me.id))
          .returning();
        return { status: 'success', data: { user: serializeUser(user ?? me) } };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', 'emailInUse', email);
        throw error;
      }
    },
  );

  r.put(
    '/changeMyPassword',
    { onRequest: guards.signedIn, schema: { body: schemas.changeMyPassword, tags: ['users'] } },
    async (request) => {
      const me = userOf(request);
      const { currentPassword, password } = request.body;
      if (!(await verifyPassword(me.passwordHash, currentPassword))) {
        throw fieldError('currentPassword', 'currentPasswordIncorrect', undefined);
      }
      await refuseCommonPassword('password', password);
      // A new token version signs out every other session holding an old token.
      const [user] = await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), tokenVersion: me.tokenVersion + 1 })
        .where(eq(users.id, me.id))
        .returning();
      if (!user) throw fieldError('currentPassword', 'userNotFound', undefined);
      return { data: serializeUser(user), token: await tokens.sign({ userId: user.id, version: user.tokenVersion }) };
    },
  );
}
