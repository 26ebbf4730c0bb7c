import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  abandonedCartList,
  abandonedCartsQuery,
  unsubscribeBody,
  unsubscribeResult,
} from '../../../contract/abandoned-carts.js';
import { currencyDigits } from '../../../contract/money.js';
import type { AppContext } from '../../context.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import { storeSettingsOf } from '../settings/service.js';
import { abandonedCarts, unsubscribe } from './service.js';

/** Staff's list of abandoned baskets (SECURITY.md § 1: staff only). */
export async function abandonedCartRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/',
    {
      onRequest: guards.staff,
      schema: { querystring: abandonedCartsQuery, response: { 200: abandonedCartList }, tags: ['abandoned-carts'] },
    },
    async (request) => {
      const { page, limit, offset } = pageOf(request.query);
      const settings = await storeSettingsOf(db, config);
      const { rows, total } = await abandonedCarts(db, settings, { limit, offset }, currencyDigits(config.currency));
      return listEnvelope(rows, total, page, limit);
    },
  );
}

/** The reminders' unsubscribe: public, the signed token proves whose reminders stop. */
export async function reminderRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/unsubscribe',
    { schema: { body: unsubscribeBody, response: { 200: unsubscribeResult }, tags: ['abandoned-carts'] } },
    async (request) => ({
      status: 'success' as const,
      data: await unsubscribe(db, config.jwtSecret, request.body.token),
    }),
  );
}
