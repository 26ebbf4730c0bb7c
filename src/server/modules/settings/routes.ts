import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicStoreSettingsEnvelope,
  storeSettingsEnvelope,
  storeSettingsUpdateSchema,
} from '../../../contract/store.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { publicSettingsView, settingsView, storeSettingsOf, updateStoreSettings } from './service.js';

/**
 * Anyone reads the settings that print on invoices and in the footer; admins change them
 * (SECURITY.md § 1, docs/staff.md); staff read the owner's own through staffSettingsRoutes
 * (docs/pricing.md).
 */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  r.get('/', { schema: { response: { 200: publicStoreSettingsEnvelope }, tags } }, async () => ({
    data: publicSettingsView(await storeSettingsOf(db, config), config),
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

/**
 * `GET /admin/settings`: the settings with the owner's own (low stock, basket reminders, what tax
 * invoices lack, the staff refund limit), for admins and staff (the products list flags low stock;
 * staff may know their refund limit; docs/staff.md).
 */
export async function staffSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { onRequest: guards.staff, schema: { response: { 200: storeSettingsEnvelope }, tags: ['settings'] } },
      async () => ({ data: settingsView(await storeSettingsOf(db, config), config) }),
    );
}
