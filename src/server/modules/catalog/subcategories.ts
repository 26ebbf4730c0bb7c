import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSubcategorySchema,
  subcategoryEnvelope,
  subcategoryList,
  updateSubcategorySchema,
} from '../../../contract/catalog.js';
import { idParams, listQuerySchema, noContentSchema } from '../../../contract/common.js';
import { slugify } from '../../../contract/slug.js';
import type { Subcategory } from '../../../contract/types.js';
import type { Database } from '../../../db/client.js';
import { categories, subcategories } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db-errors.js';
import { failure, fieldError } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';

export const serializeSubcategory = (row: typeof subcategories.$inferSelect): Subcategory => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  slug: row.slug,
  category: row.categoryId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The list envelope of sub-categories, optionally of one category. */
export async function listSubcategories(db: Database, query: { page?: number; limit?: number }, categoryId?: string) {
  const { page, limit, offset } = pageOf(query);
  const where = categoryId ? eq(subcategories.categoryId, categoryId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subcategories)
      .where(where)
      .orderBy(asc(subcategories.createdAt), asc(subcategories.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(subcategories).where(where),
  ]);
  return listEnvelope(rows.map(serializeSubcategory), total?.value ?? 0, page, limit);
}

export async function subcategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subcategories'];
  /** What the routes take and answer (the OpenAPI document is built from it; the update's is beside it). */
  const contract = {
    list: { querystring: listQuerySchema, response: { 200: subcategoryList }, tags },
    one: { params: idParams, response: { 200: subcategoryEnvelope, ...failing(404) }, tags },
    create: { body: createSubcategorySchema, response: { 201: subcategoryEnvelope }, tags },
    remove: { params: idParams, response: { 204: noContentSchema, ...failing(404, 409) }, tags },
  };

  async function write<T>(body: { name?: string; category?: string }, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', 'subcategoryNameTaken', body.name);
      if (isForeignKeyViolation(error)) throw fieldError('category', 'categoryNotFound', body.category);
      throw error;
    }
  }

  r.get('/', { schema: contract.list }, (request) => listSubcategories(db, request.query));

  r.get('/:id', { schema: contract.one }, async (request) => {
    const [row] = await db.select().from(subcategories).where(eq(subcategories.id, request.params.id)).limit(1);
    if (!row) throw failure('subcategoryNotFound');
    return { data: serializeSubcategory(row) };
  });

  r.post('/', { onRequest: guards.staff, schema: contract.create }, async (request, reply) => {
    const { name, category } = request.body;
    const [row] = await write(request.body, () =>
      db
        .insert(subcategories)
        .values({ name, slug: slugify(name), categoryId: category })
        .returning(),
    );
    if (!row) throw failure('internalError');
    return reply.code(201).send({ data: serializeSubcategory(row) });
  });

  r.put(
    '/:id',
    {
      onRequest: guards.staff,
      schema: {
        params: idParams,
        body: updateSubcategorySchema,
        response: { 200: subcategoryEnvelope, ...failing(404) },
        tags,
      },
    },
    async (request) => {
      const { name, category } = request.body;
      const changes = {
        ...(name ? { name, slug: slugify(name) } : {}),
        ...(category ? { categoryId: category } : {}),
        updatedAt: new Date(),
      };
      const [row] = await write(request.body, () =>
        db.update(subcategories).set(changes).where(eq(subcategories.id, request.params.id)).returning(),
      );
      if (!row) throw failure('subcategoryNotFound');
      return { data: serializeSubcategory(row) };
    },
  );

  r.delete('/:id', { onRequest: guards.staff, schema: contract.remove }, async (request, reply) => {
    try {
      const deleted = await db.delete(subcategories).where(eq(subcategories.id, request.params.id)).returning();
      if (deleted.length === 0) throw failure('subcategoryNotFound');
    } catch (error) {
      if (isForeignKeyViolation(error)) throw failure('stillHasProducts');
      throw error;
    }
    return reply.code(204).send();
  });
}

/** Categories check that they exist before listing their sub-categories. */
export async function categoryExists(db: Database, id: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return Boolean(row);
}
