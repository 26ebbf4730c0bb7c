import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsEnvelope, statsQuerySchema } from '../../../contract/dashboard.js';
import { currencyDigits } from '../../../contract/money.js';
import type { AppContext } from '../../context.js';
import { storeSettingsOf } from '../settings/service.js';
import { rangeOf, statsOf } from './service.js';

/** The owner's dashboard (docs/dashboard.md): staff only. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = { digits: currencyDigits(config.currency), currency: config.currency };

  r.get(
    '/stats',
    {
      onRequest: guards.admin,
      schema: { querystring: statsQuerySchema, response: { 200: statsEnvelope }, tags: ['dashboard'] },
    },
    async (request) => {
      const range = rangeOf(request.query, new Date(), config.timeZone);
      const { lowStockThreshold } = await storeSettingsOf(db, config);
      return { data: await statsOf(db, range, config.timeZone, money, lowStockThreshold) };
    },
  );
}
