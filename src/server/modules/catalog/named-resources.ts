import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { namedItemEnvelope, namedItemForm, namedItemList } from '../../../contract/catalog.js';
import { idParams, listQuerySchema, noContentSchema } from '../../../contract/common.js';
import { slugify } from '../../../contract/slug.js';
import type { NamedItem } from '../../../contract/types.js';
import type { Tx } from '../../../db/client.js';
import type { brands, categories } from '../../../db/schema.js';
import { reindexProducts, searchNameOf } from '../../../db/search-index.js';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db-errors.js';
import { type FailKey, type FieldKey, failure, fieldError, issuesError } from '../../errors.js';
import { readForm } from '../../http/multipart.js';
import { failing, formBody } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import { releaseMedia, type SavedUpload, writeNamingMedia } from '../../media/references.js';
import type { MediaFolder, MediaStore } from '../../media/store.js';

type NamedTable = typeof categories | typeof brands;
type NamedRow = typeof categories.$inferSelect;

export type NamedResource = {
  table: NamedTable;
  folder: MediaFolder;
  tag: string;
  nameSchema: z.ZodType<string, string>;
  failures: { notFound: FailKey & FieldKey; nameTaken: FieldKey };
  /** Runs in the delete's transaction: refuse (throw) or remove rows that belong only to this one. */
  beforeDelete?: (tx: Tx, id: string) => Promise<void>;
  /** Its products, whose search text holds its name (a rename re-derives it). */
  productsOf: (id: string) => { brandId: string } | { categoryId: string };
};

export function serializeNamed(row: NamedRow, media: MediaStore, origin: string): NamedItem {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: media.url(row.image, origin),
    imageSizes: media.sizes(row.image, origin),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** List/get/create/update/delete of a resource that is a name and an image (categories, brands). */
export async function namedResourceRoutes(app: FastifyInstance, ctx: AppContext, resource: NamedResource) {
  const { db, guards, media, config } = ctx;
  const { table, failures } = resource;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.tag];
  /** What each route takes and answers (the OpenAPI document is built from it). */
  const contract = {
    list: { querystring: listQuerySchema, response: { 200: namedItemList }, tags },
    one: { params: idParams, response: { 200: namedItemEnvelope, ...failing(404) }, tags },
    create: {
      documentedBody: formBody(namedItemForm(resource.nameSchema)),
      response: { 201: namedItemEnvelope },
      tags,
    },
    update: {
      params: idParams,
      documentedBody: formBody(namedItemForm(resource.nameSchema).partial()),
      response: { 200: namedItemEnvelope, ...failing(404) },
      tags,
    },
    remove: { params: idParams, response: { 204: noContentSchema, ...failing(404, 409) }, tags },
  };
  const serialize = (request: FastifyRequest, row: NamedRow) => serializeNamed(row, media, originOf(request, config));

  async function readNamedForm(request: FastifyRequest, required: boolean) {
    const form = await readForm(request);
    const rawName = form.fields.name?.[0];
    let name: string | undefined;
    if (required || rawName !== undefined) {
      const parsed = resource.nameSchema.safeParse(rawName);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['name', ...issue.path] }));
        throw issuesError(issues, { name: rawName }, 'body');
      }
      name = parsed.data;
    }
    const input = form.files.image?.[0];
    const upload: SavedUpload | undefined = input
      ? { folder: resource.folder, input, key: await media.save(resource.folder, input) }
      : undefined;
    return { name, upload };
  }

  /**
   * Writes through writeNamingMedia (the image the write replaced goes once it committed, the
   * upload if it failed: docs/architecture.md § Images); a taken name is said on the name field.
   */
  async function write<T>(
    request: FastifyRequest,
    name: string | undefined,
    upload: SavedUpload | undefined,
    action: (tx: Tx) => Promise<{ result: T; dropped: readonly (string | null)[] }>,
  ): Promise<T> {
    try {
      return await writeNamingMedia(db, media, request.log, upload ? [upload] : [], action);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', failures.nameTaken, name);
      throw error;
    }
  }

  r.get('/', { schema: contract.list }, async (request) => {
    const { page, limit, offset } = pageOf(request.query);
    const [rows, [total]] = await Promise.all([
      db.select().from(table).orderBy(asc(table.createdAt), asc(table.id)).limit(limit).offset(offset),
      db.select({ value: count() }).from(table),
    ]);
    return listEnvelope(
      rows.map((row) => serialize(request, row)),
      total?.value ?? 0,
      page,
      limit,
    );
  });

  r.get('/:id', { schema: contract.one }, async (request) => {
    const [row] = await db.select().from(table).where(eq(table.id, request.params.id)).limit(1);
    if (!row) throw failure(failures.notFound);
    return { data: serialize(request, row) };
  });

  r.post('/', { onRequest: guards.staff, schema: contract.create }, async (request, reply) => {
    const { name, upload } = await readNamedForm(request, true);
    if (!name) throw fieldError('name', failures.notFound, undefined);
    const [row] = await write(request, name, upload, async (tx) => ({
      result: await tx
        .insert(table)
        .values({ name, slug: slugify(name), searchName: searchNameOf(name), image: upload?.key ?? null })
        .returning(),
      dropped: [],
    }));
    if (!row) throw failure('internalError');
    return reply.code(201).send({ data: serialize(request, row) });
  });

  r.put('/:id', { onRequest: guards.staff, schema: contract.update }, async (request) => {
    const { name, upload } = await readNamedForm(request, false);
    const changes = {
      ...(name ? { name, slug: slugify(name), searchName: searchNameOf(name) } : {}),
      ...(upload ? { image: upload.key } : {}),
      updatedAt: new Date(),
    };
    const { id } = request.params;
    const [row] = await write(request, name, upload, async (tx) => {
      const [current] = await tx.select({ image: table.image }).from(table).where(eq(table.id, id)).for('update');
      const updated = await tx.update(table).set(changes).where(eq(table.id, id)).returning();
      if (name && updated.length > 0) await reindexProducts(tx, resource.productsOf(id));
      const dropped = upload && current?.image !== upload.key ? [current?.image ?? null] : [];
      return { result: updated, dropped };
    });
    if (!row) throw failure(failures.notFound);
    return { data: serialize(request, row) };
  });

  r.delete('/:id', { onRequest: guards.staff, schema: contract.remove }, async (request, reply) => {
    const { id } = request.params;
    let deleted: { image: string | null } | undefined;
    try {
      [deleted] = await db.transaction(async (tx) => {
        await resource.beforeDelete?.(tx, id);
        return tx.delete(table).where(eq(table.id, id)).returning({ image: table.image });
      });
      if (!deleted) throw failure(failures.notFound);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw failure('stillHasProducts');
      throw error;
    }
    await releaseMedia(db, media, [deleted.image], request.log);
    return reply.code(204).send();
  });
}
