import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandNameSchema, categoryNameSchema, subcategoryList } from '../../../contract/catalog.js';
import { idParams, listQuerySchema } from '../../../contract/common.js';
import { brands, categories, products, subcategories } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { type NamedResource, namedResourceRoutes } from './named-resources.js';
import { productRoutes } from './products.js';
import { categoryExists, listSubcategories, subcategoryRoutes } from './subcategories.js';
import { suggestionRoutes } from './suggestions.js';

const categoryResource: NamedResource = {
  table: categories,
  folder: 'categories',
  tag: 'categories',
  nameSchema: categoryNameSchema,
  failures: { notFound: 'categoryNotFound', nameTaken: 'categoryNameTaken' },
  // A category with products cannot go; its (then empty) sub-categories go with it.
  beforeDelete: async (tx, id) => {
    const [inUse] = await tx.select({ value: count() }).from(products).where(eq(products.categoryId, id));
    if ((inUse?.value ?? 0) > 0) throw failure('stillHasProducts');
    await tx.delete(subcategories).where(eq(subcategories.categoryId, id));
  },
  productsOf: (categoryId) => ({ categoryId }),
};

const brandResource: NamedResource = {
  table: brands,
  folder: 'brands',
  tag: 'brands',
  nameSchema: brandNameSchema,
  failures: { notFound: 'brandNotFound', nameTaken: 'brandNameTaken' },
  productsOf: (brandId) => ({ brandId }),
};

export async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register((scope) => namedResourceRoutes(scope, ctx, categoryResource), { prefix: '/categories' });
  await app.register((scope) => namedResourceRoutes(scope, ctx, brandResource), { prefix: '/brands' });
  await app.register((scope) => subcategoryRoutes(scope, ctx), { prefix: '/subcategories' });
  await app.register((scope) => productRoutes(scope, ctx), { prefix: '/products' });
  await app.register((scope) => suggestionRoutes(scope, ctx), { prefix: '/products' });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/categories/:id/subcategories',
    {
      schema: {
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: subcategoryList, ...failing(404) },
        tags: ['subcategories'],
      },
    },
    async (request) => {
      if (!(await categoryExists(ctx.db, request.params.id))) throw failure('categoryNotFound');
      return listSubcategories(ctx.db, request.query, request.params.id);
    },
  );
}
