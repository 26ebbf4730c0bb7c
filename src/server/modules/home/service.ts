import { and, asc, desc, eq, gt, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { IMAGE_URL_WIDTH, pageSizes } from '../../../contract/constants.js';
import { isWindowOrdered, type slideChangesForm, type slideForm } from '../../../contract/home.js';
import { HOME_SLIDES_MAX } from '../../../contract/home-values.js';
import type { Home, HomeFeatured, HomeFeaturedBody, HomeSlide, NamedItem } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import {
  brands,
  categories,
  homeFeaturedCategories,
  homeFeaturedProducts,
  homeSlides,
  products,
} from '../../../db/schema.js';
import { failure, fieldError } from '../../errors.js';
import { releaseMedia, type SavedUpload, writeNamingMedia } from '../../media/references.js';
import type { MediaStore } from '../../media/store.js';
import { serializeNamed } from '../catalog/named-resources.js';
import { isActive } from '../catalog/product-visibility.js';
import { type ProductPresenter, productColumns } from '../catalog/products.js';

/* The home page chosen by the owner (docs/home-page.md). */

type SlideRow = typeof homeSlides.$inferSelect;
type SlideFields = z.output<typeof slideForm>;
type SlideChanges = z.output<typeof slideChangesForm>;

/** What the home module reads and writes with. */
export type HomeContext = { db: Database; media: MediaStore; present: ProductPresenter; log: FastifyBaseLogger };

/** One lock for the home page's writes: two at once cannot pass the slides' limit or mix two orders. */
const HOME_LOCK = sql`SELECT pg_advisory_xact_lock(7305729)`;

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

function slideView(row: SlideRow, media: MediaStore, origin: string): HomeSlide {
  const image = media.sizes(row.image, origin);
  if (!image) throw failure('internalError');
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    alt: row.alt,
    link: row.link,
    image,
    // The media store keeps every picture square (docs/architecture.md § Images).
    width: IMAGE_URL_WIDTH,
    height: IMAGE_URL_WIDTH,
    position: row.position,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeUntil: row.activeUntil?.toISOString() ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const slideOrder = [asc(homeSlides.position), asc(homeSlides.createdAt), asc(homeSlides.id)];

/** Every slide, shown or not, in order: the admin screen's list. */
export async function listSlides(ctx: HomeContext, origin: string): Promise<HomeSlide[]> {
  const rows = await ctx.db
    .select()
    .from(homeSlides)
    .orderBy(...slideOrder);
  return rows.map((row) => slideView(row, ctx.media, origin));
}

/** The slides shown at `now`: switched on, and `now` within [activeFrom, activeUntil). */
async function slidesShownAt(ctx: HomeContext, now: Date, origin: string): Promise<HomeSlide[]> {
  const rows = await ctx.db
    .select()
    .from(homeSlides)
    .where(
      and(
        eq(homeSlides.active, true),
        or(isNull(homeSlides.activeFrom), lte(homeSlides.activeFrom, now)),
        or(isNull(homeSlides.activeUntil), gt(homeSlides.activeUntil, now)),
      ),
    )
    .orderBy(...slideOrder);
  return rows.map((row) => slideView(row, ctx.media, origin));
}

/** Adds a slide after the others (409 past HOME_SLIDES_MAX). */
export async function createSlide(
  ctx: HomeContext,
  fields: SlideFields,
  upload: SavedUpload,
  origin: string,
): Promise<HomeSlide> {
  const row = await writeNamingMedia(ctx.db, ctx.media, ctx.log, [upload], async (tx) => {
    await tx.execute(HOME_LOCK);
    const [last] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number), position: max(homeSlides.position) })
      .from(homeSlides);
    if ((last?.count ?? 0) >= HOME_SLIDES_MAX) throw failure('slidesTooMany');
    const [inserted] = await tx
      .insert(homeSlides)
      .values({
        image: upload.key,
        alt: fields.alt,
        title: fields.title,
        text: fields.text,
        link: fields.link,
        position: (last?.position ?? -1) + 1,
        activeFrom: instant(fields.activeFrom),
        activeUntil: instant(fields.activeUntil),
        active: fields.active ?? true,
      })
      .returning();
    return { result: inserted, dropped: [] };
  });
  if (!row) throw failure('internalError');
  return slideView(row, ctx.media, origin);
}

/** Changes a slide's fields (and picture); the window is checked with the edge it keeps. */
export async function updateSlide(
  ctx: HomeContext,
  id: string,
  changes: SlideChanges,
  upload: SavedUpload | undefined,
  origin: string,
): Promise<HomeSlide> {
  const row = await writeNamingMedia(ctx.db, ctx.media, ctx.log, upload ? [upload] : [], async (tx) => {
    const [current] = await tx.select().from(homeSlides).where(eq(homeSlides.id, id)).for('update');
    if (!current) throw failure('slideNotFound');
    const activeFrom = changes.activeFrom === undefined ? current.activeFrom : instant(changes.activeFrom);
    const activeUntil = changes.activeUntil === undefined ? current.activeUntil : instant(changes.activeUntil);
    if (!isWindowOrdered(activeFrom, activeUntil))
      throw fieldError('activeUntil', 'slideWindowInvalid', changes.activeUntil);
    const [updated] = await tx
      .update(homeSlides)
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.text !== undefined ? { text: changes.text } : {}),
        ...(changes.alt !== undefined ? { alt: changes.alt } : {}),
        ...(changes.link !== undefined ? { link: changes.link } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        ...(upload ? { image: upload.key } : {}),
        activeFrom,
        activeUntil,
        updatedAt: new Date(),
      })
      .where(eq(homeSlides.id, id))
      .returning();
    return { result: updated, dropped: upload && current.image !== upload.key ? [current.image] : [] };
  });
  if (!row) throw failure('slideNotFound');
  return slideView(row, ctx.media, origin);
}

/** Deletes a slide, and its picture once nothing else shows it. */
export async function deleteSlide(ctx: HomeContext, id: string) {
  const [deleted] = await ctx.db.delete(homeSlides).where(eq(homeSlides.id, id)).returning({ image: homeSlides.image });
  if (!deleted) throw failure('slideNotFound');
  await releaseMedia(ctx.db, ctx.media, [deleted.image], ctx.log);
}

/** Puts the slides in the order of `ids`, which must name every slide once. */
export async function reorderSlides(ctx: HomeContext, ids: string[], origin: string): Promise<HomeSlide[]> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(HOME_LOCK);
    const existing = await tx.select({ id: homeSlides.id }).from(homeSlides);
    const known = new Set(existing.map((row) => row.id));
    const named = new Set(ids);
    if (named.size !== ids.length || ids.length !== known.size || ids.some((slideId) => !known.has(slideId))) {
      throw fieldError('ids', 'slideOrderInvalid', ids);
    }
    for (const [position, slideId] of ids.entries()) {
      await tx.update(homeSlides).set({ position }).where(eq(homeSlides.id, slideId));
    }
  });
  return listSlides(ctx, origin);
}

/** The featured categories, in order (none chosen: empty). */
async function featuredCategoriesOf(db: Database | Tx) {
  return db
    .select({ category: categories })
    .from(homeFeaturedCategories)
    .innerJoin(categories, eq(categories.id, homeFeaturedCategories.categoryId))
    .orderBy(asc(homeFeaturedCategories.position))
    .then((rows) => rows.map((row) => row.category));
}

/** The featured products, in order; `forSale` leaves out drafts (what shoppers see). */
async function featuredProductsOf(db: Database | Tx, forSale: boolean) {
  return db
    .select(productColumns)
    .from(homeFeaturedProducts)
    .innerJoin(products, eq(products.id, homeFeaturedProducts.productId))
    .where(forSale ? isActive : undefined)
    .orderBy(asc(homeFeaturedProducts.position));
}

/** The owner's choice as the admin screen edits it (drafts included). */
export async function featuredOf(ctx: HomeContext, origin: string): Promise<HomeFeatured> {
  const [chosenCategories, chosenProducts] = await Promise.all([
    featuredCategoriesOf(ctx.db),
    featuredProductsOf(ctx.db, false),
  ]);
  return {
    categories: chosenCategories.map((row) => serializeNamed(row, ctx.media, origin)),
    products: await ctx.present(chosenProducts, origin),
  };
}

/**
 * Replaces the owner's choice. Every id must name a category or product (a draft may be chosen: it
 * shows once published); those found are held until the choice is saved, so none goes meanwhile.
 */
export async function saveFeatured(ctx: HomeContext, body: HomeFeaturedBody, origin: string): Promise<HomeFeatured> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(HOME_LOCK);
    const found = async (ids: string[], table: typeof categories | typeof products) =>
      ids.length === 0
        ? new Set<string>()
        : new Set(
            (await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).for('share')).map(
              (row) => row.id,
            ),
          );
    const [knownCategories, knownProducts] = [
      await found(body.categoryIds, categories),
      await found(body.productIds, products),
    ];
    const missingCategory = body.categoryIds.find((id) => !knownCategories.has(id));
    if (missingCategory) throw fieldError('categoryIds', 'featuredCategoryNotFound', missingCategory);
    const missingProduct = body.productIds.find((id) => !knownProducts.has(id));
    if (missingProduct) throw fieldError('productIds', 'featuredProductNotFound', missingProduct);
    await tx.delete(homeFeaturedCategories);
    await tx.delete(homeFeaturedProducts);
    if (body.categoryIds.length > 0) {
      await tx
        .insert(homeFeaturedCategories)
        .values(body.categoryIds.map((categoryId, position) => ({ categoryId, position })));
    }
    if (body.productIds.length > 0) {
      await tx
        .insert(homeFeaturedProducts)
        .values(body.productIds.map((productId, position) => ({ productId, position })));
    }
  });
  return featuredOf(ctx, origin);
}

/** The first categories or brands, as the listings order them (the home page's defaults). */
async function firstNamed(ctx: HomeContext, table: typeof categories | typeof brands, limit: number, origin: string) {
  const rows = await ctx.db.select().from(table).orderBy(asc(table.createdAt), asc(table.id)).limit(limit);
  return rows.map((row): NamedItem => serializeNamed(row, ctx.media, origin));
}

/**
 * Everything the home page shows, in one answer (docs/home-page.md): the slides shown now, the
 * featured categories or the first ones, the featured products for sale, the latest products for
 * sale (the listing's default order) and the first brands.
 */
export async function homeOf(ctx: HomeContext, now: Date, origin: string): Promise<Home> {
  const [slides, chosenCategories, chosenProducts, latestRows, brandList] = await Promise.all([
    slidesShownAt(ctx, now, origin),
    featuredCategoriesOf(ctx.db),
    featuredProductsOf(ctx.db, true),
    ctx.db
      .select(productColumns)
      .from(products)
      .where(isActive)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(pageSizes.homeBlock * 2),
    firstNamed(ctx, brands, pageSizes.homeBrands, origin),
  ]);
  const categoryList =
    chosenCategories.length > 0
      ? chosenCategories.map((row) => serializeNamed(row, ctx.media, origin))
      : await firstNamed(ctx, categories, pageSizes.homeCategories, origin);
  const [featuredProducts, latestProducts] = await Promise.all([
    ctx.present(chosenProducts, origin),
    ctx.present(latestRows, origin),
  ]);
  return { slides, categories: categoryList, featuredProducts, latestProducts, brands: brandList };
}
