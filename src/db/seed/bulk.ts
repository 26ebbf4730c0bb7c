import { randomUUID } from 'node:crypto';
import { count, isNotNull, min } from 'drizzle-orm';
import { toMinor } from '../../contract/money.js';
import { slugify } from '../../contract/slug.js';
import { addDefaultVariants } from '../../server/modules/catalog/variants.js';
import type { Database } from '../client.js';
import { brands, categories, productSubcategories, products, subcategories } from '../schema.js';
import { bulkSentences, bulkWords, colourNames, genericWords } from './catalogue.js';

/** Rows per INSERT: ~15 parameters a row stays far below PostgreSQL's 65,535 limit. */
const BATCH_SIZE = 1000;
/** Gap between consecutive generated products' createdAt, so every row has its own instant. */
const STEP_MS = 7 * 60 * 1000;

/** mulberry32: a tiny seeded generator, so a given run always produces the same catalogue. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  function pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  return { next, int, pick };
}

/** A shop-looking price: ends in 9 (149, 2,399) and never below `floor`. */
const nicePrice = (major: number, floor: number) => Math.max(floor, Math.round(major / 10) * 10 - 1);

type CategoryPool = { id: string; name: string; subcategoryIds: string[]; brandIds: string[]; images: string[] };

async function loadPools(db: Database): Promise<{ pools: CategoryPool[]; brandNames: Map<string, string> }> {
  const [categoryRows, subcategoryRows, brandRows, sample] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: subcategories.id, categoryId: subcategories.categoryId }).from(subcategories),
    db.select({ id: brands.id, name: brands.name }).from(brands),
    // Existing products tell which brands and pictures suit each category.
    db
      .select({
        categoryId: products.categoryId,
        brandId: products.brandId,
        imageCover: products.imageCover,
        images: products.images,
      })
      .from(products)
      .where(isNotNull(products.imageCover))
      .limit(500),
  ]);
  const allImages = [...new Set(sample.flatMap((row) => [row.imageCover ?? '', ...row.images]).filter(Boolean))];
  const pools = categoryRows.map((category) => {
    const rows = sample.filter((row) => row.categoryId === category.id);
    const images = [...new Set(rows.flatMap((row) => [row.imageCover ?? '', ...row.images]).filter(Boolean))];
    return {
      ...category,
      subcategoryIds: subcategoryRows.filter((sub) => sub.categoryId === category.id).map((sub) => sub.id),
      brandIds: [...new Set(rows.map((row) => row.brandId).filter((id): id is string => id !== null))],
      images: images.length > 0 ? images : allImages,
    };
  });
  return { pools, brandNames: new Map(brandRows.map((brand) => [brand.id, brand.name])) };
}

/**
 * Adds generated products until the table holds at least `target` rows (for benchmarks). They are
 * older than everything already there, so the demo's home page stays as it is.
 */
export async function bulkInsertProducts(
  db: Database,
  options: { target: number; digits: number; log: (message: string) => void },
): Promise<number> {
  const [existing] = await db.select({ value: count(), oldest: min(products.createdAt) }).from(products);
  const missing = options.target - (existing?.value ?? 0);
  if (missing <= 0) return 0;

  const { pools, brandNames } = await loadPools(db);
  if (pools.length === 0) throw new Error('bulk seed needs categories: seed the demo first (SEED_DEMO=true)');
  const allBrandIds = [...brandNames.keys()];
  const random = createRandom(existing?.value ?? 0);
  const start = (existing?.oldest ?? new Date()).getTime();

  for (let done = 0; done < missing; ) {
    const size = Math.min(BATCH_SIZE, missing - done);
    const rows: (typeof products.$inferInsert & { id: string })[] = [];
    const links: (typeof productSubcategories.$inferInsert)[] = [];
    for (let i = 0; i < size; i++) {
      const pool = random.pick(pools);
      const words = bulkWords[pool.name] ?? genericWords;
      // Mostly the category's usual brands, sometimes any brand, sometimes none.
      const roll = random.next();
      const brandId =
        roll < 0.15
          ? null
          : roll < 0.85 && pool.brandIds.length > 0
            ? random.pick(pool.brandIds)
            : allBrandIds.length > 0
              ? random.pick(allBrandIds)
              : null;
      const [colourName, colourHex] = random.pick(colourNames);
      const title = [
        random.pick(words.nouns),
        brandId ? brandNames.get(brandId) : undefined,
        random.pick(words.variants),
        `${random.pick(['A', 'S', 'X', 'M', 'Z', 'K'])}${random.int(1, 99)}`,
        random.pick(words.specs),
        colourName,
      ]
        .filter(Boolean)
        .join(' ');
      const [low, high] = words.price;
      // Skewed towards the cheap end, as real catalogues are.
      const price = nicePrice(low + (high - low) * random.next() ** 2, low);
      const discounted = random.next() < 1 / 3 ? nicePrice(price * (0.6 + 0.35 * random.next()), 1) : null;
      const second = random.pick(colourNames)[1];
      const createdAt = new Date(start - (done + i + 1) * STEP_MS + random.int(0, 300) * 1000);
      const id = randomUUID();
      const gallery =
        pool.images.length > 0 ? Array.from({ length: random.int(1, 3) }, () => random.pick(pool.images)) : [];
      rows.push({
        id,
        title,
        slug: slugify(title),
        description: `${title} ضمن فئة ${pool.name}. ${random.pick(bulkSentences)} ${random.pick(bulkSentences)}`,
        quantity: random.next() < 0.03 ? 0 : random.int(1, 200),
        sold: Math.floor(random.next() ** 3 * 500),
        price: toMinor(price, options.digits),
        priceAfterDiscount: discounted !== null && discounted < price ? toMinor(discounted, options.digits) : null,
        availableColors: random.next() < 0.5 ? [...new Set([colourHex, second])] : [],
        imageCover: gallery[0] ?? null,
        images: [...new Set(gallery)],
        categoryId: pool.id,
        brandId,
        createdAt,
        updatedAt: createdAt,
      });
      if (pool.subcategoryIds.length > 0)
        links.push({ productId: id, subcategoryId: random.pick(pool.subcategoryIds) });
    }
    // One transaction per batch: an interrupted run leaves whole batches, and a rerun tops up.
    await db.transaction(async (tx) => {
      await tx.insert(products).values(rows);
      await addDefaultVariants(
        tx,
        rows.map((row) => row.id),
      );
      if (links.length > 0) await tx.insert(productSubcategories).values(links);
    });
    done += size;
    if (done % 10_000 === 0 || done === missing) options.log(`seed: ${done}/${missing} generated products inserted`);
  }
  return missing;
}
