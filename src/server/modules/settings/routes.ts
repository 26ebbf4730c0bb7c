import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeSettingsEnvelope, storeSettingsUpdateSchema } from '../../../contract/store.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { settingsView, storeSettingsOf, updateStoreSettings } from './service.js';

/** Anyone reads the settings (they print on every invoice); staff change them (SECURITY.md § 1). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  r.get('/', { schema: { response: { 200: storeSettingsEnvelope }, tags } }, async () => ({
    data: settingsView(await storeSettingsOf(db, config), config),
  }));

  r.put(
    '/',
    {
      onRequest: guards.admin,
      schema: { body: storeSettingsUpdateSchema(config.country), response: { 200: storeSettingsEnvelope }, tags },
    },
    async (request) => ({
      data: settingsView(await updateStoreSettings(db, config, request.body, userOf(request)), config),
    }),
  );
}
