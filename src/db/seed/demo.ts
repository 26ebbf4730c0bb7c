import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { count, inArray, sql } from 'drizzle-orm';
import { toMinor } from '../../contract/money.js';
import { demoPhone, type PhoneCountry } from '../../contract/phone.js';
import { slugify } from '../../contract/slug.js';
import { hashPassword } from '../../server/auth/passwords.js';
import type { MediaFolder, MediaStore } from '../../server/media/store.js';
import { addDefaultVariants, syncProduct } from '../../server/modules/catalog/variants.js';
import type { Database, Tx } from '../client.js';
import {
  brands,
  categories,
  type ProductOption,
  productSubcategories,
  products,
  productVariants,
  reviews,
  subcategories,
  users,
} from '../schema.js';
import {
  type DemoProduct,
  demoBrands,
  demoCategories,
  demoCustomerPassword,
  demoProducts,
  demoUsers,
  type Motif,
  type Palette,
  type ReviewerKey,
} from './catalogue.js';
import { drawBrand, drawMotif, mapLimit } from './images.js';

/** Serialises demo seeding between processes starting at once on one PostgreSQL server. */
const SEED_LOCK_KEY = 7305727;

const HOUR = 60 * 60 * 1000;
/** The option names the demo's sized products use. */
const SIZE_OPTION = 'المقاس';
const COLOR_OPTION = 'اللون';
const DAY = 24 * HOUR;

/** A sized demo product's options: its sizes, then its colours when it has several. */
function demoOptions(product: DemoProduct): ProductOption[] {
  if (!product.sizes) return [];
  const colors = product.colors ?? [];
  return [
    { name: SIZE_OPTION, values: [...product.sizes] },
    ...(colors.length > 1 ? [{ name: COLOR_OPTION, values: [...colors] }] : []),
  ];
}

/**
 * A sized demo product's variants: every size in every colour, with SKUs like `DM007-42-2`. The
 * product's stock and sales are spread over them; the largest size of the first colour is sold out,
 * so the product page shows an unavailable size (and a sold-out product stays sold out).
 */
function demoVariants(
  product: DemoProduct,
  index: number,
  productId: string,
  digits: number,
): (typeof productVariants.$inferInsert)[] {
  const options = demoOptions(product);
  const [sizes, colors] = options;
  if (!sizes) return [];
  const combinations = sizes.values.flatMap((size, s) =>
    (colors?.values ?? ['']).map((color, c) => ({ size, color, s, c })),
  );
  const each = (total: number) => Math.floor(total / combinations.length);
  return combinations.map(({ size, color, s, c }, position) => ({
    productId,
    position,
    sku: `DM${String(index + 1).padStart(3, '0')}-${size}${colors ? `-${c + 1}` : ''}`,
    options: { [SIZE_OPTION]: size, ...(colors ? { [COLOR_OPTION]: color } : {}) },
    price: toMinor(product.price, digits),
    priceAfterDiscount: product.priceAfterDiscount === undefined ? null : toMinor(product.priceAfterDiscount, digits),
    // An out-of-stock demo product stays so in every size.
    quantity:
      product.quantity === 0 || (s === sizes.values.length - 1 && c === 0) ? 0 : Math.max(1, each(product.quantity)),
    sold: each(product.sold) + (position === 0 ? product.sold % combinations.length : 0),
  }));
}

export async function categoryCount(db: Database | Tx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(categories);
  return row?.value ?? 0;
}

/** Stored media keys of the demo pictures. */
type DemoImages = {
  categories: Map<string, string>;
  brands: Map<string, string>;
  /** Per demo product (same index as `demoProducts`), its pictures, cover first. */
  products: string[][];
};

/**
 * Pictures per demo product: its first two colours. Every picture costs three WebP encodings in
 * the media store, the bulk of the seed's time (docs/architecture.md § Demo catalogue).
 */
const PICTURES_PER_PRODUCT = 2;

/**
 * A product's pictures: its type's drawing in each of its first colours, on the backdrop its
 * category gives the nth product of that type, so products of one type look different side by
 * side. A product without colours keeps the backdrop's own.
 */
function picturePalettes(product: DemoProduct, nthOfType: number): Palette[] {
  const category = demoCategories.find((candidate) => candidate.name === product.category);
  if (!category) throw new Error(`demo catalogue: unknown category '${product.category}'`);
  const backdrops: readonly Palette[] = category.productPalettes;
  const backdrop = backdrops[nthOfType % backdrops.length];
  if (!backdrop) throw new Error(`demo catalogue: category '${category.name}' has no product palettes`);
  const [from, to, , accent] = backdrop;
  const colours = (product.colors ?? []).slice(0, PICTURES_PER_PRODUCT);
  return colours.length > 0 ? colours.map((colour): Palette => [from, to, colour, accent]) : [backdrop];
}

type Drawing = { folder: MediaFolder; draw: () => Promise<Buffer> };

async function createImages(media: MediaStore): Promise<DemoImages> {
  // One drawing per distinct picture: two products that would look the same share it.
  const drawings = new Map<string, Drawing>();
  const want = (folder: MediaFolder, motif: Motif, palette: Palette) => {
    const id = `${folder}:${motif}:${palette.join()}`;
    if (!drawings.has(id)) drawings.set(id, { folder, draw: () => drawMotif(motif, palette) });
    return id;
  };
  const categoryDrawings = new Map(
    demoCategories.map((category) => [category.name, want('categories', category.motif, category.palette)]),
  );
  const nthOfType = new Map<Motif, number>();
  const productDrawings = demoProducts.map((product) => {
    const nth = nthOfType.get(product.motif) ?? 0;
    nthOfType.set(product.motif, nth + 1);
    return picturePalettes(product, nth).map((palette) => want('products', product.motif, palette));
  });
  const brandDrawings = new Map(
    demoBrands.map((brand) => {
      const id = `brands:${brand.shape}:${brand.colors.join()}`;
      drawings.set(id, { folder: 'brands', draw: () => drawBrand(brand.shape, brand.colors) });
      return [brand.name, id];
    }),
  );

  // More than libuv's four worker threads would only queue up and hold more PNGs in memory.
  const saved = await mapLimit([...drawings], Math.min(4, availableParallelism()), async ([id, drawing]) => {
    return [id, await media.save(drawing.folder, await drawing.draw())] as const;
  });
  const keyOf = new Map(saved);
  const stored = (id: string) => required(keyOf, id, 'picture');
  return {
    categories: new Map([...categoryDrawings].map(([name, id]) => [name, stored(id)])),
    brands: new Map([...brandDrawings].map(([name, id]) => [name, stored(id)])),
    products: productDrawings.map((pictures) => pictures.map(stored)),
  };
}

function required<V>(map: Map<string, V>, name: string, what: string): V {
  const value = map.get(name);
  if (value === undefined) throw new Error(`demo catalogue: unknown ${what} '${name}'`);
  return value;
}

/**
 * Inserts the demo catalogue, a customer and a few reviews in one transaction. Returns false when
 * another process seeded the catalogue first.
 */
export async function seedDemo(
  db: Database,
  media: MediaStore,
  { digits, phoneCountry }: { digits: number; phoneCountry: PhoneCountry },
): Promise<boolean> {
  // Pictures and password hashes are slow, so they are made before the transaction opens. If
  // another process wins the race, these few files stay unused on disk; harmless.
  const [images, customerHash, reviewerHash] = await Promise.all([
    createImages(media),
    hashPassword(demoCustomerPassword),
    // Reviewers exist only to sign reviews; nobody knows their password.
    hashPassword(randomBytes(24).toString('base64url')),
  ]);
  const now = Date.now();

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await categoryCount(tx)) > 0) return false;

    // Explicit, increasing timestamps: the category and brand lists show oldest first, so the
    // home page strips come out in the catalogue's order.
    const catalogueStart = now - 120 * DAY;
    const categoryIds = new Map<string, string>();
    const subcategoryIds = new Map<string, Map<string, string>>();
    const categoryRows: (typeof categories.$inferInsert)[] = [];
    const subcategoryRows: (typeof subcategories.$inferInsert)[] = [];
    demoCategories.forEach((category, i) => {
      const id = randomUUID();
      const createdAt = new Date(catalogueStart + i * HOUR);
      categoryIds.set(category.name, id);
      categoryRows.push({
        id,
        name: category.name,
        slug: slugify(category.name),
        image: images.categories.get(category.name) ?? null,
        createdAt,
        updatedAt: createdAt,
      });
      const subs = new Map<string, string>();
      subcategoryIds.set(category.name, subs);
      category.subcategories.forEach((name, j) => {
        const subId = randomUUID();
        const subCreatedAt = new Date(createdAt.getTime() + (j + 1) * 60_000);
        subs.set(name, subId);
        subcategoryRows.push({
          id: subId,
          name,
          slug: slugify(name),
          categoryId: id,
          createdAt: subCreatedAt,
          updatedAt: subCreatedAt,
        });
      });
    });
    await tx.insert(categories).values(categoryRows);
    await tx.insert(subcategories).values(subcategoryRows);

    const brandIds = new Map<string, string>();
    await tx.insert(brands).values(
      demoBrands.map((brand, i) => {
        const id = randomUUID();
        const createdAt = new Date(catalogueStart + DAY + i * HOUR);
        brandIds.set(brand.name, id);
        return {
          id,
          name: brand.name,
          slug: slugify(brand.name),
          image: images.brands.get(brand.name) ?? null,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );

    // An account that already exists under a demo e-mail is kept as it is.
    await tx
      .insert(users)
      .values(
        demoUsers.map((user) => ({
          name: user.name,
          email: user.email,
          phone: demoPhone(phoneCountry, user.phone),
          passwordHash: user.key === 'customer' ? customerHash : reviewerHash,
          role: 'user' as const,
        })),
      )
      .onConflictDoNothing({ target: users.email });
    const userRows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          demoUsers.map((user) => user.email),
        ),
      );
    const userIds = new Map<ReviewerKey, string>();
    for (const user of demoUsers) {
      const row = userRows.find((r) => r.email === user.email);
      if (row) userIds.set(user.key, row.id);
    }

    const productRows: (typeof products.$inferInsert & { id: string })[] = [];
    const links: (typeof productSubcategories.$inferInsert)[] = [];
    const reviewRows: (typeof reviews.$inferInsert)[] = [];
    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    demoProducts.forEach((product, i) => {
      const id = randomUUID();
      // Index 0 is the newest, so the default -createdAt listing follows the catalogue's order.
      const createdAt = new Date(now - (i + 1) * 19 * HOUR);
      const gallery = images.products[i] ?? [];
      productRows.push({
        id,
        title: product.title,
        slug: slugify(product.title),
        description: product.description,
        quantity: product.quantity,
        sold: product.sold,
        price: toMinor(product.price, digits),
        priceAfterDiscount:
          product.priceAfterDiscount === undefined ? null : toMinor(product.priceAfterDiscount, digits),
        availableColors: [...(product.colors ?? [])],
        options: demoOptions(product),
        imageCover: gallery[0] ?? null,
        images: gallery,
        categoryId: required(categoryIds, product.category, 'category'),
        brandId: product.brand ? required(brandIds, product.brand, 'brand') : null,
        createdAt,
        updatedAt: createdAt,
      });
      variantRows.push(...demoVariants(product, i, id, digits));
      const subs = required(subcategoryIds, product.category, 'category');
      for (const name of product.subcategories) {
        links.push({ productId: id, subcategoryId: required(subs, name, `sub-category of ${product.category}`) });
      }
      product.reviews?.forEach((review, k) => {
        const reviewedAt = new Date(createdAt.getTime() + (k + 1) * 6 * HOUR);
        reviewRows.push({
          userId: required(userIds, review.by, 'reviewer'),
          productId: id,
          review: review.text,
          rating: review.rating,
          createdAt: reviewedAt,
          updatedAt: reviewedAt,
        });
      });
    });
    await tx.insert(products).values(productRows);
    // Shoes and clothes sell per size (and colour); the rest as one default variant (docs/variants.md).
    if (variantRows.length > 0) await tx.insert(productVariants).values(variantRows);
    await addDefaultVariants(
      tx,
      productRows.map((row) => row.id),
    );
    for (const productId of new Set(variantRows.map((row) => row.productId))) await syncProduct(tx, productId);
    await tx.insert(productSubcategories).values(links);
    if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);

    // Ratings are derived from the reviews (by PostgreSQL's exact numeric average) so the stored
    // aggregates agree with what the reviews module computes; unreviewed products keep 0.
    await tx.execute(sql`
      UPDATE products AS p
      SET ratings_average = r.average, ratings_quantity = r.quantity
      FROM (
        SELECT product_id, round(avg(rating), 2) AS average, count(*)::int AS quantity
        FROM reviews GROUP BY product_id
      ) AS r
      WHERE p.id = r.product_id`);
    return true;
  });
}
