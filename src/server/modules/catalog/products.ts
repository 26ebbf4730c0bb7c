import type { Readable } from 'node:stream';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_MINOR_PRICE,
  minorPriceFailure,
  PRODUCT_ARRAY_FIELDS,
  type ProductQuery,
  productBulkResult,
  productBulkSchema,
  productChangesForm,
  productEnvelope,
  productFieldsObject,
  productFieldsSchema,
  productFieldsWithVariants,
  productForm,
  productList,
  productQuerySchema,
} from '../../../contract/catalog.js';
import { idParams, noContentSchema } from '../../../contract/common.js';
import {
  MAX_IMPORT_CSV_MB,
  MAX_IMPORT_ZIP_MB,
  MAX_PRODUCT_IMAGES,
  NEW_IMAGE_SLOT,
  type ProductSortField,
} from '../../../contract/constants.js';
import { shopDay } from '../../../contract/dates.js';
import { currencyDigits, toMajor, toMinor } from '../../../contract/money.js';
import { productImportForm, productImportQuery, productImportResult } from '../../../contract/product-import.js';
import { slugify } from '../../../contract/slug.js';
import type { Product } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import {
  brands,
  categories,
  productSubcategories,
  products,
  productVariants,
  subcategories,
} from '../../../db/schema.js';
import { reindexProducts } from '../../../db/search-index.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db-errors.js';
import { failure, fieldError, issuesError } from '../../errors.js';
import { type FormData, readForm, readLargeFiles } from '../../http/multipart.js';
import { failing, formBody } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import { releaseMedia, type SavedUpload, writeNamingMedia } from '../../media/references.js';
import type { MediaStore } from '../../media/store.js';
import { storeSettingsOf } from '../settings/service.js';
import { recordStaffAction } from '../staff-actions/service.js';
import { applyBulkAction } from './bulk.js';
import { productsCsv } from './export-csv.js';
import { importProducts } from './import-csv.js';
import { type KeywordSearch, keywordSearch } from './keyword-search.js';
import { insertProduct } from './product-rows.js';
import { statusCondition, stockCondition } from './product-visibility.js';
import { NO_MATCH_PRODUCTS, noMatchHelp } from './search-help.js';
import {
  availableColorsOf,
  deleteProducts,
  groupedBy,
  lockVariants,
  priceChangeEntry,
  type ShownVariant,
  serializeVariant,
  shownVariantColumns,
  type VariantPriceChange,
  type VariantRow,
  type VariantValues,
  variantOrder,
  variantsFromForm,
  variantValues,
  writeVariants,
} from './variants.js';

/**
 * How far past a page's end the listing counts its matches (docs/catalogue.md § Counting): past
 * it, `results` is a lower bound and the answer says so with `resultsAtLeast`.
 */
const COUNT_WINDOW = 1000;

/** Bytes in a MB, as MAX_UPLOAD_MB counts them. */
const MB = 1024 * 1024;

/** What the API shows of a product: every column but the search index's own. */
const {
  searchTitle: _title,
  searchGroups: _groups,
  searchBody: _body,
  searchNames: _names,
  searchVersion: _version,
  searchVector: _vector,
  ...productColumns
} = getTableColumns(products);

export { productColumns };

type ProductRow = Omit<
  typeof products.$inferSelect,
  'searchTitle' | 'searchGroups' | 'searchBody' | 'searchNames' | 'searchVersion' | 'searchVector'
>;
/** On update every field is optional; the discount rule is checked against the stored price. */
const productChangesSchema = productFieldsObject.partial();

/** The price a customer pays: the discounted one when there is one. */
export const effectivePrice = sql<number>`coalesce(${products.priceAfterDiscount}, ${products.price})`;

const sortColumns: Record<ProductSortField, SQLWrapper> = {
  sold: products.sold,
  quantity: products.quantity,
  price: effectivePrice,
  ratingsAverage: products.ratingsAverage,
  ratingsQuantity: products.ratingsQuantity,
  createdAt: products.createdAt,
  title: products.title,
};

export function productFilters(query: ProductQuery, digits: number, search?: KeywordSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const categoryIds = [query.category, ...(query['category[in][]'] ?? []), ...(query['category[in]'] ?? [])].filter(
    (v): v is string => Boolean(v),
  );
  const brandIds = [query.brand, ...(query['brand[in][]'] ?? []), ...(query['brand[in]'] ?? [])].filter(
    (v): v is string => Boolean(v),
  );
  if (categoryIds.length > 0) conditions.push(inArray(products.categoryId, categoryIds));
  if (brandIds.length > 0) conditions.push(inArray(products.brandId, brandIds));
  const min = query['price[gte]'];
  const max = query['price[lte]'];
  // Bounds past the column's range would make PostgreSQL fail the query; no price lies beyond it.
  if (min !== undefined) conditions.push(gte(effectivePrice, Math.min(toMinor(min, digits), MAX_MINOR_PRICE)));
  if (max !== undefined) conditions.push(lte(effectivePrice, Math.min(toMinor(max, digits), MAX_MINOR_PRICE)));
  if (query.option && Object.keys(query.option).length > 0) {
    // A variant in stock with every value asked for (docs/variants.md); the GIN index on options serves it.
    conditions.push(
      sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.options} @> ${JSON.stringify(query.option)}::jsonb and ${productVariants.quantity} > 0)`,
    );
  }
  if (search) conditions.push(search.where);
  return and(...conditions);
}

export function productOrder(query: ProductQuery, search?: KeywordSearch): SQL[] {
  const explicit = query.sort && query.sort.length > 0;
  // A search without a chosen sort lists the best matches first, the best sellers among equals.
  if (search && !explicit) return [desc(search.rank), desc(products.sold), desc(products.id)];
  const fields = explicit && query.sort ? query.sort : [{ field: 'createdAt' as const, desc: true }];
  // The id tie-breaker keeps pages stable; it follows the last field's direction so that a
  // single-field sort walks its (field, id) index in one direction.
  const lastDesc = fields[fields.length - 1]?.desc ?? true;
  return [
    ...fields.map(({ field, desc: d }) => (d ? desc(sortColumns[field]) : asc(sortColumns[field]))),
    lastDesc ? desc(products.id) : asc(products.id),
  ];
}

export function createProductSerializer(media: MediaStore, digits: number) {
  return (row: ProductRow, subcategoryIds: string[], variants: ShownVariant[], origin: string): Product => ({
    _id: row.id,
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    quantity: row.quantity,
    sold: row.sold,
    price: toMajor(row.price, digits),
    ...(row.priceAfterDiscount !== null ? { priceAfterDiscount: toMajor(row.priceAfterDiscount, digits) } : {}),
    availableColors: availableColorsOf(row, variants),
    options: row.options,
    variants: variants.map((variant) => serializeVariant(variant, digits)),
    imageCover: media.url(row.imageCover, origin),
    images: row.images.map((key) => media.url(key, origin)),
    imageCoverSizes: media.sizes(row.imageCover, origin),
    imagesSizes: row.images.flatMap((key) => media.sizes(key, origin) ?? []),
    category: row.categoryId,
    subcategory: subcategoryIds,
    brand: row.brandId,
    ratingsAverage: row.ratingsAverage,
    ratingsQuantity: row.ratingsQuantity,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/**
 * Serializes product rows with their sub-category ids and variants: two prepared queries for the
 * whole page, each over an array of the page's ids (one statement whatever the page's length).
 */
export function createProductPresenter(db: Database, media: MediaStore, digits: number) {
  const serializeProduct = createProductSerializer(media, digits);
  const ids = sql.placeholder('ids');
  const subcategoriesOf = db
    .select()
    .from(productSubcategories)
    .where(sql`${productSubcategories.productId} = any(${ids}::uuid[])`)
    .prepare('present_products_subcategories');
  const variantsOf = db
    .select(shownVariantColumns)
    .from(productVariants)
    .where(sql`${productVariants.productId} = any(${ids}::uuid[])`)
    .orderBy(...variantOrder)
    .prepare('present_products_variants');
  return async (rows: ProductRow[], origin: string): Promise<Product[]> => {
    if (rows.length === 0) return [];
    const page = { ids: rows.map((row) => row.id) };
    const [subcategories, variants] = await Promise.all([subcategoriesOf.execute(page), variantsOf.execute(page)]);
    const subs = groupedBy(subcategories, (row) => row.productId);
    const variantsBy = groupedBy(variants, (row) => row.productId);
    return rows.map((row) =>
      serializeProduct(
        row,
        (subs.get(row.id) ?? []).map((sub) => sub.subcategoryId),
        variantsBy.get(row.id) ?? [],
        origin,
      ),
    );
  };
}

export type ProductPresenter = ReturnType<typeof createProductPresenter>;

/** Turns the repeated-string form into the shape the field schema validates. */
function productInput<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const input: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(form.fields)) {
    const isArray = (PRODUCT_ARRAY_FIELDS as readonly string[]).includes(key);
    input[key] = isArray
      ? values
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean)
      : values[0];
  }
  if (input.priceAfterDiscount === '') delete input.priceAfterDiscount;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw issuesError(parsed.error.issues, input, 'body');
  return parsed.data;
}

async function checkReferences(
  tx: Database | Tx,
  category: string | undefined,
  brand: string | undefined,
  subIds: string[] | undefined,
) {
  if (category) {
    const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, category));
    if (!found) throw fieldError('category', 'categoryNotFound', category);
  }
  if (brand) {
    const [found] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brand));
    if (!found) throw fieldError('brand', 'brandNotFound', brand);
  }
  if (subIds && subIds.length > 0) {
    const rows = await tx.select().from(subcategories).where(inArray(subcategories.id, subIds));
    if (rows.length !== new Set(subIds).size) throw fieldError('subcategory', 'subcategoryNotFound', subIds);
    if (category && rows.some((row) => row.categoryId !== category)) {
      throw fieldError('subcategory', 'subcategoryNotInCategory', subIds);
    }
  }
}

/** Prices in minor units, which the table refuses out of range (minorPriceFailure). */
function checkMinorPrices(
  price: number,
  priceAfterDiscount: number | null,
  input: { price?: number; priceAfterDiscount?: number },
) {
  const broken = minorPriceFailure(price, priceAfterDiscount);
  if (broken) throw fieldError(broken.field, broken.key, input[broken.field]);
}

/** The product's own price and stock fields, which a product with variants takes per variant instead. */
const PRICE_FIELDS = ['price', 'priceAfterDiscount', 'quantity'] as const;

/** The default variant's SKU and barcode, which a product with variants takes per variant too. */
const CODE_FIELDS = ['sku', 'barcode'] as const;

/** Why a product's own field is refused when its variants carry it. */
const ownFieldFailure = (field: (typeof PRICE_FIELDS | typeof CODE_FIELDS)[number]) =>
  (CODE_FIELDS as readonly string[]).includes(field) ? 'variantsOwnSku' : 'variantsOwnPrices';

/** A form that sends `variants` keeps prices, stock and codes there: the product's own fields are refused. */
function refuseProductPrices(form: FormData) {
  const sent = [...PRICE_FIELDS, ...CODE_FIELDS].find((field) => (form.fields[field]?.[0] ?? '').trim() !== '');
  if (sent) throw fieldError(sent, ownFieldFailure(sent), form.fields[sent]?.[0]);
}

/**
 * A new product's form: with `options`/`variants` the variants carry prices, stock and codes;
 * without, the product's own fields (price, stock, `sku`, `barcode`) make its one default variant
 * (docs/variants.md). `skuField` is where a taken SKU is reported.
 */
function newProductInput(form: FormData, digits: number) {
  const variantInput = variantsFromForm(form);
  if (variantInput) {
    refuseProductPrices(form);
    const fields = productInput(form, productFieldsWithVariants);
    return {
      fields,
      options: variantInput.options,
      variants: variantValues(variantInput, digits),
      skuField: 'variants' as const,
    };
  }
  const fields = productInput(form, productFieldsSchema);
  const price = toMinor(fields.price, digits);
  const priceAfterDiscount =
    fields.priceAfterDiscount === undefined ? null : toMinor(fields.priceAfterDiscount, digits);
  checkMinorPrices(price, priceAfterDiscount, fields);
  const variant: VariantValues = {
    sku: fields.sku ?? '',
    barcode: fields.barcode || null,
    options: {},
    price,
    priceAfterDiscount,
    quantity: fields.quantity,
  };
  return { fields, options: [], variants: [variant], skuField: 'sku' as const };
}

async function readProduct(tx: Tx, id: string): Promise<ProductRow> {
  const [row] = await tx.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw failure('productNotFound');
  return row;
}

/** What an edit asks of the stored pictures: the gallery to keep (with slots for new files) and the cover. */
type KeptImages = { gallery: string[] | undefined; cover: string | undefined };

/** `keepImages` (one empty value: keep none) and `keepImageCover` of an edit's form. */
function keptImagesOf(form: FormData): KeptImages {
  const gallery = form.fields.keepImages?.filter(Boolean);
  if (gallery && gallery.length > MAX_PRODUCT_IMAGES) throw fieldError('images', 'tooManyImages', gallery.length);
  return { gallery, cover: form.fields.keepImageCover?.[0] || undefined };
}

/**
 * The cover and gallery after an edit (docs/architecture.md § Images). Kept keys must be the
 * product's own pictures: a key of another product, or any other path, is refused. Without
 * `keepImages` the old rule stands: files sent replace the gallery, none keep it.
 */
function picturesAfterEdit(
  current: { imageCover: string | null; images: string[] },
  keep: KeptImages,
  uploads: { cover: SavedUpload | undefined; gallery: SavedUpload[] },
): { imageCover: string | null; images: string[] } {
  const own = new Set([current.imageCover, ...current.images].filter(Boolean));
  const ownKey = (field: string, key: string) => {
    if (!own.has(key)) throw fieldError(field, 'imageNotOfProduct', key);
    return key;
  };
  const newKeys = uploads.gallery.map((upload) => upload.key);
  let images = newKeys.length > 0 ? newKeys : current.images;
  if (keep.gallery) {
    const slots = keep.gallery.filter((entry) => entry === NEW_IMAGE_SLOT).length;
    if (slots !== 0 && slots !== newKeys.length) throw fieldError('keepImages', 'newImagesMismatch', keep.gallery);
    const next = newKeys.values();
    const placed = keep.gallery.map((entry) =>
      entry === NEW_IMAGE_SLOT ? (next.next().value as string) : ownKey('keepImages', entry),
    );
    images = slots === 0 ? [...placed, ...newKeys] : placed;
    if (images.length > MAX_PRODUCT_IMAGES) throw fieldError('images', 'tooManyImages', images.length);
  }
  const imageCover = uploads.cover
    ? uploads.cover.key
    : keep.cover
      ? ownKey('keepImageCover', keep.cover)
      : current.imageCover;
  return { imageCover, images };
}

export async function productRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, media, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  /** What each route takes and answers (the OpenAPI document is built from it). */
  const contract = {
    list: { querystring: productQuerySchema, response: { 200: productList }, tags },
    one: { params: idParams, response: { 200: productEnvelope, ...failing(404) }, tags },
    // The cover is a file: a JSON body cannot make a product.
    create: {
      documentedBody: formBody(productForm, ['multipart/form-data']),
      response: { 201: productEnvelope },
      tags,
    },
    update: {
      params: idParams,
      documentedBody: formBody(productChangesForm),
      response: { 200: productEnvelope, ...failing(404) },
      tags,
    },
    remove: { params: idParams, response: { 204: noContentSchema, ...failing(404, 409) }, tags },
    // The CSV is streamed as it is (Fastify serialises objects only); failures are JSON as everywhere.
    export: {
      response: {
        200: z
          .string()
          .describe('Every product and variant as CSV (text/csv, UTF-8 with BOM, CRLF), one row per variant'),
      },
      tags,
    },
    bulk: { body: productBulkSchema, response: { 200: productBulkResult, ...failing(404, 409) }, tags },
    import: {
      querystring: productImportQuery,
      documentedBody: formBody(productImportForm, ['multipart/form-data']),
      response: { 200: productImportResult, ...failing(413, 415) },
      tags,
    },
  };
  const digits = currencyDigits(config.currency);
  const present = createProductPresenter(db, media, digits);
  const origin = (request: FastifyRequest) => originOf(request, config);

  async function serializeOne(request: FastifyRequest, row: ProductRow) {
    const [product] = await present([row], origin(request));
    if (!product) throw failure('productNotFound');
    return product;
  }

  /**
   * Saves the form's files (the same file twice is decoded once). One refused file leaves none of
   * the others behind.
   */
  async function saveUploads(request: FastifyRequest, form: FormData) {
    const cover = form.files.imageCover ?? [];
    const gallery = form.files.images ?? [];
    if (cover.length > 1 || gallery.length > MAX_PRODUCT_IMAGES) {
      throw fieldError('images', 'tooManyImages', gallery.length);
    }
    const save = async (input: Buffer): Promise<SavedUpload> => ({
      folder: 'products',
      input,
      key: await media.save('products', input),
    });
    const settled = await Promise.allSettled([...cover, ...gallery].map(save));
    const saved = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = settled.find((result) => result.status === 'rejected');
    if (refused) {
      await releaseMedia(
        db,
        media,
        saved.map((upload) => upload.key),
        request.log,
      );
      throw refused.reason;
    }
    return { all: saved, cover: cover.length > 0 ? saved[0] : undefined, gallery: saved.slice(cover.length) };
  }

  /** Drafts for staff only (401/403 to anyone else); `low` stock by the shop's threshold. */
  async function visibilityOf(request: FastifyRequest, reply: FastifyReply, query: ProductQuery) {
    const status = query.status ?? 'active';
    if (status !== 'active') await guards.staff(request, reply);
    const stock = query.stock ?? 'all';
    const threshold = stock === 'low' ? (await storeSettingsOf(db, config)).lowStockThreshold : 0;
    return and(statusCondition(status), stockCondition(stock, threshold));
  }

  /**
   * One page of the listing and how many match, in one query. Without a keyword the matches are
   * counted up to COUNT_WINDOW past the page's end, no further (docs/catalogue.md § Counting):
   * `atLeast` says the count stopped there. An empty page past the last one counts apart.
   */
  async function listPage(query: ProductQuery, visible: SQL | undefined, limit: number, offset: number) {
    const search = query.keyword ? await keywordSearch(db, query.keyword, visible) : undefined;
    const where = and(productFilters(query, digits, search), visible);
    const order = productOrder(query, search);
    // A search ranks every match anyway: it counts them all in the same pass.
    const cap = search ? undefined : offset + limit + COUNT_WINDOW;
    const matches = cap
      ? sql<number>`(select count(*) from (select 1 from ${products} where ${where ?? sql`true`} limit ${cap + 1}) as window_matches)`
      : sql<number>`count(*) over ()`;
    const rows = await db
      .select({ ...productColumns, matches: matches.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const counted =
      rows[0]?.matches ??
      (offset === 0 ? 0 : ((await db.select({ value: count() }).from(products).where(where))[0]?.value ?? 0));
    // One row past the window tells "exactly cap" from "more than cap".
    const atLeast = cap !== undefined && counted > cap;
    return { rows, total: atLeast && cap ? cap : counted, atLeast, search };
  }

  r.get('/', { schema: contract.list }, async (request, reply) => {
    const { page, limit, offset } = pageOf(request.query);
    const visible = await visibilityOf(request, reply, request.query);
    const { rows, total, atLeast, search } = await listPage(request.query, visible, limit, offset);
    const listed = listEnvelope(await present(rows, origin(request)), total, page, limit);
    const envelope = atLeast ? { ...listed, resultsAtLeast: true as const } : listed;
    const { keyword, status } = request.query;
    // A search of the published products that found nothing offers something instead (search-help.ts).
    if (!keyword || !search || total > 0 || page > 1 || (status ?? 'active') !== 'active') return envelope;
    const found = async (query: ProductQuery) => (await listPage(query, visible, NO_MATCH_PRODUCTS, 0)).rows;
    const help = await noMatchHelp(
      db,
      keyword,
      search.words,
      (shorter) => found({ ...request.query, keyword: shorter }),
      () => found({ sort: [{ field: 'sold', desc: true }] }),
    );
    const [nearest, popular] = await Promise.all([
      help.nearest ? present(help.nearest.rows, origin(request)) : undefined,
      present(help.popular, origin(request)),
    ]);
    return {
      ...envelope,
      noMatch: {
        didYouMean: help.didYouMean,
        nearest: help.nearest && nearest ? { keyword: help.nearest.keyword, data: nearest } : null,
        popular,
      },
    };
  });

  // The reply is a stream, not the string the schema documents (see contract.export).
  r.get<{ Reply: Readable }>(
    '/export.csv',
    { onRequest: guards.staff, schema: contract.export },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${shopDay(new Date(), config.timeZone)}.csv"`)
        .header('cache-control', 'no-store')
        .send(productsCsv(db, media, { digits, origin: origin(request) })),
  );

  r.post('/import', { onRequest: guards.staff, schema: contract.import }, async (request) => {
    const { dryRun } = request.query;
    const files = await readLargeFiles(request, {
      file: { bytes: MAX_IMPORT_CSV_MB * MB, tooLarge: 'bodyTooLarge' },
      images: { bytes: MAX_IMPORT_ZIP_MB * MB, tooLarge: 'bodyTooLarge' },
    });
    if (!files.file) throw fieldError('file', 'importFileRequired', undefined);
    const report = await importProducts(ctx, {
      csv: files.file,
      zip: files.images,
      dryRun,
      digits,
      log: request.log,
      actor: userOf(request),
    });
    return { data: report };
  });

  r.get('/:id', { schema: contract.one }, async (request) => {
    const [row] = await db.select(productColumns).from(products).where(eq(products.id, request.params.id)).limit(1);
    // A draft is missing to anyone but staff: the same answer as an id that names nothing.
    if (!row || (row.status === 'draft' && !(await guards.isStaff(request)))) throw failure('productNotFound');
    return { data: await serializeOne(request, row) };
  });

  r.post('/', { onRequest: guards.staff, schema: contract.create }, async (request, reply) => {
    const form = await readForm(request);
    const { fields, options, variants, skuField } = newProductInput(form, digits);
    if (!form.files.imageCover?.length) throw fieldError('imageCover', 'imageCoverRequired', undefined);
    await checkReferences(db, fields.category, fields.brand, fields.subcategory);
    // Images are encoded before the transaction: sharp's work must not hold the database.
    const uploads = await saveUploads(request, form);
    const row = await writeNamingMedia(db, media, request.log, uploads.all, async (tx) => {
      const id = await insertProduct(
        tx,
        {
          title: fields.title,
          description: fields.description,
          availableColors: [...new Set(fields.availableColors)],
          options,
          imageCover: uploads.cover?.key ?? null,
          images: uploads.gallery.map((upload) => upload.key),
          categoryId: fields.category,
          brandId: fields.brand ?? null,
          status: fields.status,
        },
        variants,
        skuField,
      );
      await reindexProducts(tx, { ids: [id] });
      const subIds = [...new Set(fields.subcategory)];
      if (subIds.length > 0) {
        await tx.insert(productSubcategories).values(subIds.map((subcategoryId) => ({ productId: id, subcategoryId })));
      }
      return { result: await readProduct(tx, id), dropped: [] };
    });
    return reply.code(201).send({ data: await serializeOne(request, row) });
  });

  r.put('/:id', { onRequest: guards.staff, schema: contract.update }, async (request) => {
    const { id } = request.params;
    const form = await readForm(request);
    const variantInput = variantsFromForm(form);
    if (variantInput) refuseProductPrices(form);
    const fields = productInput(form, productChangesSchema);
    const variants = variantInput ? variantValues(variantInput, digits) : undefined;
    const keep = keptImagesOf(form);
    // Images are encoded before the transaction: sharp's work must not hold the database.
    const uploads = await saveUploads(request, form);
    const row = await writeNamingMedia(db, media, request.log, uploads.all, async (tx) => {
      // Variants first, then the product: the order stock changes take their locks in.
      const currentVariants = await lockVariants(tx, id);
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw failure('productNotFound');
      const images = picturesAfterEdit(current, keep, uploads);
      const categoryId = fields.category ?? current.categoryId;
      // Sub-categories must belong to the (possibly new) category.
      const subIds =
        fields.subcategory !== undefined && form.fields.subcategory ? [...new Set(fields.subcategory)] : undefined;
      await checkReferences(tx, categoryId, fields.brand, subIds);
      const priceChanges = variants
        ? await writeVariants(tx, id, variants)
        : await changeDefaultVariant(tx, form, fields, current, currentVariants);
      await recordStaffAction(
        tx,
        userOf(request),
        priceChangeEntry({ id, title: fields.title || current.title }, priceChanges, digits),
      );
      await tx
        .update(products)
        .set({
          ...(fields.title ? { title: fields.title, slug: slugify(fields.title) } : {}),
          ...(fields.description ? { description: fields.description } : {}),
          ...(form.fields.availableColors ? { availableColors: [...new Set(fields.availableColors)] } : {}),
          ...(variantInput ? { options: variantInput.options } : {}),
          // An empty brand, like an empty discount, means none.
          ...(form.fields.brand !== undefined ? { brandId: fields.brand ?? null } : {}),
          imageCover: images.imageCover,
          images: images.images,
          ...(fields.status ? { status: fields.status } : {}),
          categoryId,
          updatedAt: new Date(),
        })
        .where(eq(products.id, id));
      await reindexProducts(tx, { ids: [id] });
      if (subIds) {
        await tx.delete(productSubcategories).where(eq(productSubcategories.productId, id));
        if (subIds.length > 0) {
          await tx
            .insert(productSubcategories)
            .values(subIds.map((subcategoryId) => ({ productId: id, subcategoryId })));
        }
      } else if (fields.category && fields.category !== current.categoryId) {
        // A new category drops sub-categories of the old one.
        await tx.delete(productSubcategories).where(eq(productSubcategories.productId, id));
      }
      const kept = new Set([images.imageCover, ...images.images]);
      return {
        result: await readProduct(tx, id),
        dropped: [current.imageCover, ...current.images].filter((key) => !kept.has(key)),
      };
    });
    return { data: await serializeOne(request, row) };
  });

  /**
   * Without `variants`, a product without options changes its one default variant's price, discount,
   * stock, SKU and barcode through the product's own fields, as before variants (docs/variants.md);
   * a product with options refuses them.
   */
  async function changeDefaultVariant(
    tx: Tx,
    form: FormData,
    fields: z.output<typeof productChangesSchema>,
    current: typeof products.$inferSelect,
    currentVariants: VariantRow[],
  ): Promise<VariantPriceChange[]> {
    const [touched] = [...PRICE_FIELDS, ...CODE_FIELDS].filter((field) => form.fields[field] !== undefined);
    if (!touched) return [];
    const variant = currentVariants[0];
    if (current.options.length > 0 || !variant) throw fieldError(touched, ownFieldFailure(touched), undefined);
    const price = fields.price !== undefined ? toMinor(fields.price, digits) : variant.price;
    const priceAfterDiscount =
      form.fields.priceAfterDiscount !== undefined
        ? fields.priceAfterDiscount === undefined
          ? null
          : toMinor(fields.priceAfterDiscount, digits)
        : variant.priceAfterDiscount;
    checkMinorPrices(price, priceAfterDiscount, fields);
    const barcode = form.fields.barcode !== undefined ? fields.barcode || null : variant.barcode;
    return writeVariants(
      tx,
      current.id,
      [
        {
          ...variant,
          sku: fields.sku || variant.sku,
          barcode,
          price,
          priceAfterDiscount,
          quantity: fields.quantity ?? variant.quantity,
        },
      ],
      form.fields.sku !== undefined ? 'sku' : 'variants',
    );
  }

  r.post('/bulk', { onRequest: guards.staff, schema: contract.bulk }, async (request) => {
    const { updated, dropped } = await applyBulkAction(db, request.body);
    // A deleted product's pictures go once nothing refers to them (docs/architecture.md § Images).
    await releaseMedia(db, media, dropped, request.log);
    return { data: { updated } };
  });

  r.delete('/:id', { onRequest: guards.staff, schema: contract.remove }, async (request, reply) => {
    let deleted: { imageCover: string | null; images: string[] } | undefined;
    try {
      [deleted] = await db.transaction((tx) => deleteProducts(tx, [request.params.id]));
      if (!deleted) throw failure('productNotFound');
    } catch (error) {
      if (isForeignKeyViolation(error)) throw failure('stillHasProducts');
      throw error;
    }
    await releaseMedia(db, media, [deleted.imageCover, ...deleted.images], request.log);
    return reply.code(204).send();
  });
}
