import { avg, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSizes } from '../../src/contract/constants.js';
import {
  brands,
  categories,
  productSubcategories,
  products,
  productVariants,
  reviews,
  subcategories,
  users,
} from '../../src/db/schema.js';
import { demoProducts, type Motif, motifs, type Palette } from '../../src/db/seed/catalogue.js';
import { motifSvg } from '../../src/db/seed/images.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { type MediaStore, mediaStoreOf } from '../../src/server/media/store.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * What a demo product is, read from its title, and the drawing that must show it: written apart
 * from the catalogue's own `motif` fields so a product given another type's picture is caught.
 */
const typeByTitle: readonly (readonly [RegExp, Motif])[] = [
  [/^هاتف /, 'phone'],
  [/^سماعات /, 'earbuds'],
  [/^شاحن /, 'charger'],
  [/^حاسوب /, 'laptop'],
  [/^قميص (?!بولو)/, 'shirt'],
  [/^قميص بولو /, 'polo'],
  [/^تيشيرت /, 'tshirt'],
  [/^جاكيت /, 'jacket'],
  [/^بدلة رياضية /, 'tracksuit'],
  [/^بنطال جينز /, 'jeans'],
  [/^ثوب /, 'thobe'],
  [/^فستان /, 'dress'],
  [/^عباية /, 'abaya'],
  [/^بلوزة /, 'blouse'],
  [/^حقيبة يد /, 'handbag'],
  [/^حذاء (نايكي|أديداس) /, 'sneaker'],
  [/^حذاء رسمي /, 'oxford'],
  [/^صندل نايكي /, 'slide'],
  [/^(صندل نسائي|نعال) /, 'sandal'],
  [/^حذاء نسائي بكعب عال/, 'heel'],
  [/ بوت /, 'boot'],
  [/^ساعة .*(الذكية|ووتش)/, 'smartwatch'],
  [/^سوار .*الذكي/, 'fitnessBand'],
  [/^ساعة .*رقمية/, 'digitalWatch'],
  [/^ساعة .*كلاسيكية/, 'wristwatch'],
  [/^عطر (?!عود)/, 'perfume'],
  [/^(عطر عود|مسك) /, 'attar'],
  [/^مجموعة هدايا عطور /, 'perfumeSet'],
  [/^مبخرة /, 'incenseBurner'],
  [/^مكنسة .*الروبوتية/, 'robotVacuum'],
  [/^مكنسة .*لاسلكية/, 'stickVacuum'],
  [/^قلاية /, 'airFryer'],
  [/^ماكينة حلاقة /, 'shaver'],
  [/^ثلاجة /, 'fridge'],
  [/^غلاية /, 'kettle'],
  [/ليغو/, 'bricks'],
  [/^مكعبات /, 'woodenBlocks'],
  [/^دمية دب /, 'teddyBear'],
  [/^جهاز ألعاب /, 'console'],
  [/^يد تحكم /, 'gamepad'],
];

let t: TestApp;
let media: MediaStore;
let firstRun: Awaited<ReturnType<typeof seedDatabase>>;

const countOf = async (table: typeof categories | typeof brands | typeof products | typeof users | typeof reviews) => {
  const [row] = await t.database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
};

const snapshot = async () => ({
  categories: await countOf(categories),
  brands: await countOf(brands),
  products: await countOf(products),
  users: await countOf(users),
  reviews: await countOf(reviews),
});

beforeAll(async () => {
  t = await createTestApp();
  // The same media directory the app serves /media/ from.
  media = mediaStoreOf(t.config);
  firstRun = await seedDatabase({ db: t.database.db, config: t.config, media });
}, 120_000);
afterAll(() => t.close());

describe('seed', () => {
  it('creates the demo catalogue', async () => {
    expect(firstRun).toEqual({ demoSeeded: true, bulkInserted: 0 });
    const db = t.database.db;
    const categoryRows = await db.select().from(categories);
    expect(categoryRows.length).toBeGreaterThanOrEqual(8);
    const subRows = await db.select().from(subcategories);
    for (const category of categoryRows) {
      const subs = subRows.filter((sub) => sub.categoryId === category.id);
      expect(subs.length, category.name).toBeGreaterThanOrEqual(2);
      expect(subs.length, category.name).toBeLessThanOrEqual(4);
      expect(category.image).toMatch(/^categories\//);
    }
    expect(await countOf(brands)).toBeGreaterThanOrEqual(8);
    expect(await countOf(products)).toBeGreaterThanOrEqual(48);
  });

  it('links products only to sub-categories of their own category', async () => {
    const rows = await t.database.db
      .select({ productCategory: products.categoryId, subCategory: subcategories.categoryId })
      .from(productSubcategories)
      .innerJoin(products, eq(products.id, productSubcategories.productId))
      .innerJoin(subcategories, eq(subcategories.id, productSubcategories.subcategoryId));
    expect(rows.length).toBeGreaterThanOrEqual(48);
    for (const row of rows) expect(row.subCategory).toBe(row.productCategory);
  });

  it('lets the configured admin and the demo customer sign in', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: t.config.seedAdminEmail, password: t.config.seedAdminPassword },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.role).toBe('admin');
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'customer@matjar.local', password: 'Matjar-User-2026' },
    });
    expect(customer.statusCode).toBe(200);
    expect(customer.json().data.role).toBe('user');
  });

  it('gives every demo account a Saudi mobile number in E.164 (SHOP_COUNTRY defaults to SA)', async () => {
    const rows = await t.database.db.select({ phone: users.phone }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.phone).toMatch(/^\+9665\d{8}$/);
  });

  it('lists the newest products first with served absolute image URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=8' });
    expect(res.statusCode).toBe(200);
    const list: { title: string; imageCover: string; images: string[] }[] = res.json().data;
    expect(list).toHaveLength(8);
    expect(list.map((p) => p.title)).toEqual(demoProducts.slice(0, 8).map((p) => p.title));
    for (const product of list) {
      expect(product.imageCover).toMatch(/^https?:\/\//);
      expect(product.images.length).toBeGreaterThanOrEqual(1);
    }
    const first = list[0];
    if (!first) throw new Error('no product listed');
    const image = await t.app.inject({ method: 'GET', url: new URL(first.imageCover).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('gives every demo product the drawing of what it is', () => {
    for (const product of demoProducts) {
      const types = typeByTitle.filter(([title]) => title.test(product.title)).map(([, motif]) => motif);
      expect(types, product.title).toEqual([product.motif]);
    }
  });

  it('draws every product type differently, and uses every drawing', () => {
    const palette: Palette = ['#ffffff', '#e5e7eb', '#1d4ed8', '#f97316'];
    expect(new Set(motifs.map((motif) => motifSvg(motif, palette))).size).toBe(motifs.length);
    expect(new Set(demoProducts.map((product) => product.motif))).toEqual(new Set(motifs));
  });

  it('stores no picture for two product types, and a cover of its own for every product', async () => {
    const rows = await t.database.db
      .select({ title: products.title, imageCover: products.imageCover, images: products.images })
      .from(products)
      .where(
        inArray(
          products.title,
          demoProducts.map((product) => product.title),
        ),
      );
    expect(rows).toHaveLength(demoProducts.length);
    const typeOf = new Map(demoProducts.map((product) => [product.title, product.motif]));
    const typesOfPicture = new Map<string, Set<Motif | undefined>>();
    for (const row of rows) {
      expect(row.imageCover, row.title).toBe(row.images[0]);
      for (const key of row.images) {
        const types = typesOfPicture.get(key) ?? new Set();
        types.add(typeOf.get(row.title));
        typesOfPicture.set(key, types);
      }
    }
    for (const [key, types] of typesOfPicture) expect([...types], key).toHaveLength(1);
    // Products of one type differ in colour, so no two share a cover.
    expect(new Set(rows.map((row) => row.imageCover)).size).toBe(demoProducts.length);
    expect(typesOfPicture.size).toBeGreaterThanOrEqual(motifs.length);
  });

  it('fills more than one listing page in some category', async () => {
    const limit = pageSizes.productsByCategoryOrBrand;
    const pages = await Promise.all(
      (await t.database.db.select({ id: categories.id }).from(categories)).map(async ({ id }) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?category=${id}&limit=${limit}` });
        expect(res.statusCode).toBe(200);
        return res.json().paginationResult.numberOfPages as number;
      }),
    );
    expect(Math.max(...pages)).toBeGreaterThan(1);
  });

  it('sells every demo shoe and garment per size (and colour), with SKUs, one size sold out', async () => {
    const worn = demoProducts.filter(
      (product) => ['أحذية', 'أزياء رجالية', 'أزياء نسائية'].includes(product.category) && product.motif !== 'handbag',
    );
    expect(worn.length).toBeGreaterThan(20);
    for (const product of worn) expect(product.sizes?.length ?? 0, product.title).toBeGreaterThanOrEqual(4);
    const rows = await t.database.db
      .select()
      .from(products)
      .where(
        inArray(
          products.title,
          worn.map((p) => p.title),
        ),
      );
    const variants = await t.database.db
      .select()
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          rows.map((row) => row.id),
        ),
      );
    for (const row of rows) {
      const demo = worn.find((product) => product.title === row.title);
      const own = variants.filter((variant) => variant.productId === row.id);
      const colors = (demo?.colors?.length ?? 0) > 1 ? (demo?.colors?.length ?? 1) : 1;
      expect(own, row.title).toHaveLength((demo?.sizes?.length ?? 0) * colors);
      expect(row.options[0]?.name).toBe('المقاس');
      expect(own.some((variant) => variant.quantity === 0)).toBe(true);
      if (demo?.quantity === 0) expect(row.quantity, row.title).toBe(0);
      expect(row.quantity).toBe(own.reduce((sum, variant) => sum + variant.quantity, 0));
      expect(new Set(own.map((variant) => variant.sku)).size).toBe(own.length);
    }
    // Every other product sells one default variant.
    const [{ value } = { value: 0 }] = await t.database.db
      .select({ value: count() })
      .from(products)
      .where(sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`);
    expect(value).toBe(0);
  });

  it('stores ratings equal to the aggregate of each product’s reviews', async () => {
    const db = t.database.db;
    const aggregates = await db
      .select({ productId: reviews.productId, average: avg(reviews.rating), quantity: count() })
      .from(reviews)
      .groupBy(reviews.productId);
    expect(aggregates.length).toBeGreaterThanOrEqual(3);
    const byProduct = new Map(aggregates.map((row) => [row.productId, row]));
    const rows = await db
      .select({ id: products.id, average: products.ratingsAverage, quantity: products.ratingsQuantity })
      .from(products);
    for (const row of rows) {
      const expected = byProduct.get(row.id);
      expect(row.quantity).toBe(expected?.quantity ?? 0);
      expect(row.average).toBeCloseTo(expected ? Number(expected.average) : 0, 2);
    }
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    const [adminBefore] = await t.database.db.select().from(users).where(eq(users.email, t.config.seedAdminEmail));
    const again = await seedDatabase({ db: t.database.db, config: t.config, media });
    expect(again).toEqual({ demoSeeded: false, bulkInserted: 0 });
    expect(await snapshot()).toEqual(before);
    const [adminAfter] = await t.database.db.select().from(users).where(eq(users.email, t.config.seedAdminEmail));
    expect(adminAfter?.passwordHash).toBe(adminBefore?.passwordHash);
  });

  it('tops the catalogue up to the requested number of products, older than the demo', async () => {
    const before = await countOf(products);
    const result = await seedDatabase({ db: t.database.db, config: t.config, media, products: 300 });
    expect(result).toEqual({ demoSeeded: false, bulkInserted: 300 - before });
    expect(await countOf(products)).toBe(300);
    // The home page still shows the demo's newest products.
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=8' });
    expect(res.json().data.map((p: { title: string }) => p.title)).toEqual(
      demoProducts.slice(0, 8).map((p) => p.title),
    );
    // Generated products reuse stored pictures.
    const [generated] = await t.database.db
      .select({ imageCover: products.imageCover })
      .from(products)
      .orderBy(products.createdAt)
      .limit(1);
    expect(generated?.imageCover).toMatch(/^products\//);
    expect(await seedDatabase({ db: t.database.db, config: t.config, media, products: 300 })).toEqual({
      demoSeeded: false,
      bulkInserted: 0,
    });
  });
});
