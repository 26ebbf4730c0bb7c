import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageParams, pageUpdateSchema, storePageEnvelope } from '../../../contract/pages.js';
import { isStorePageSlug, type StorePageSlug } from '../../../contract/shop-pages.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { saveStorePage, storePageOf } from './service.js';

/** The store's pages (docs/store-pages.md): anyone reads them; staff write them. */
export async function pageRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pages'];

  const slugOf = (slug: string): StorePageSlug => {
    if (!isStorePageSlug(slug)) throw failure('pageNotFound');
    return slug;
  };

  r.get(
    '/:slug',
    { schema: { params: pageParams, response: { 200: storePageEnvelope, ...failing(404) }, tags } },
    async (request) => ({ data: await storePageOf(db, slugOf(request.params.slug)) }),
  );

  r.put(
    '/:slug',
    {
      onRequest: guards.admin,
      schema: {
        params: pageParams,
        body: pageUpdateSchema,
        response: { 200: storePageEnvelope, ...failing(404) },
        tags,
      },
    },
    async (request) => ({ data: await saveStorePage(db, slugOf(request.params.slug), request.body) }),
  );
}
