import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffActionList, staffActionListQuerySchema } from '../../../contract/staff-actions.js';
import type { AppContext } from '../../context.js';
import { staffActionLog } from './service.js';

/** The log of staff actions, for the admin (docs/staff-actions.md; SECURITY.md § 1: staff only). */
export async function staffActionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/',
    {
      onRequest: guards.admin,
      schema: { querystring: staffActionListQuerySchema, response: { 200: staffActionList }, tags: ['admin'] },
    },
    async (request) => staffActionLog(db, request.query, config.timeZone),
  );
}
