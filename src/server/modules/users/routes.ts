import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authEnvelope, authSchemas, updateMeEnvelope, userEnvelope } from '../../../contract/auth.js';
import {
  customerEnvelope,
  customerList,
  customerListQuerySchema,
  customerParams,
} from '../../../contract/customers.js';
import { currencyDigits } from '../../../contract/money.js';
import { users } from '../../../db/schema.js';
import { refuseCommonPassword } from '../../auth/common-passwords.js';
import { userOf } from '../../auth/guards.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db-errors.js';
import { fieldError } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import { serializeUser } from './serialize.js';
import { customerById, listCustomers } from './service.js';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, tokens, guards } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemas = authSchemas(ctx.config.phoneCountry);
  const tags = ['users'];
  /** Schemas too long to sit beside their route (the OpenAPI document is built from them). */
  const contract = {
    getMe: { response: { 200: userEnvelope }, tags },
    customers: { querystring: customerListQuerySchema, response: { 200: customerList }, tags },
    customer: { params: customerParams, response: { 200: customerEnvelope, ...failing(404) }, tags },
  };

  // Staff read the shop's customers (docs/customers.md); `/:id` comes after the named routes by Fastify's own precedence.
  r.get('/', { onRequest: guards.staff, schema: contract.customers }, async (request) => {
    const { page, limit, offset } = pageOf(request.query);
    const { customers, total } = await listCustomers(
      db,
      request.query,
      { limit, offset },
      ctx.config.phoneCountry,
      currencyDigits(ctx.config.currency),
    );
    return listEnvelope(customers, total, page, limit);
  });

  r.get('/:id', { onRequest: guards.staff, schema: contract.customer }, async (request) => ({
    data: await customerById(db, request.params.id, currencyDigits(ctx.config.currency)),
  }));

  r.get('/getMe', { onRequest: guards.signedIn, schema: contract.getMe }, async (request) => ({
    data: serializeUser(userOf(request)),
  }));

  r.put(
    '/updateMe',
    { onRequest: guards.signedIn, schema: { body: schemas.updateMe, response: { 200: updateMeEnvelope }, tags } },
    async (request) => {
      const me = userOf(request);
      const { name, phone, email } = request.body;
      try {
        const [user] = await db
          .update(users)
          .set({ name, phone, ...(email ? { email } : {}) })
          .where(eq(users.id, me.id))
          .returning();
        return { status: 'success' as const, data: { user: serializeUser(user ?? me) } };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', 'emailInUse', email);
        throw error;
      }
    },
  );

  r.put(
    '/changeMyPassword',
    { onRequest: guards.signedIn, schema: { body: schemas.changeMyPassword, response: { 200: authEnvelope }, tags } },
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
