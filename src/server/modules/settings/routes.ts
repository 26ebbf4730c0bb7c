import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeSettingsEnvelope, storeSettingsUpdateSchema } from '../../../contract/store.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { noStore } from '../../http/no-store.js';
import { settingsView, storeSettingsOf, updateStoreSettings } from './service.js';

/**
 * Anyone reads the settings (they print on every invoice), admins also the staff refund limit;
 * admins change them (SECURITY.md § 1, docs/staff.md).
 */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  r.get('/', { schema: { response: { 200: storeSettingsEnvelope }, tags } }, async (request, reply) => {
    const forAdmin = (await guards.callerRole(request)) === 'admin';
    // What an admin reads is theirs alone (the staff refund limit): no shared cache keeps it.
    if (forAdmin) noStore(reply);
    return { data: settingsView(await storeSettingsOf(db, config), config, forAdmin) };
  });

  r.put(
    '/',
    {
      onRequest: guards.admin,
      schema: { body: storeSettingsUpdateSchema(config.country), response: { 200: storeSettingsEnvelope }, tags },
    },
    async (request) => ({
      data: settingsView(await updateStoreSettings(db, config, request.body, userOf(request)), config, true),
    }),
  );
}
