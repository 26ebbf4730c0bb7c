import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { minorPriceFailure } from '../../../contract/catalog.js';
import { isColorOption } from '../../../contract/constants.js';
import { toMajor, toMinor } from '../../../contract/money.js';
import type { Variant } from '../../../contract/types.js';
import { type ProductVariantsInput, productVariantsInput } from '../../../contract/variants.js';
import type { Database, Tx } from '../../../db/client.js';
import { type ProductOption, products, productVariants } from '../../../db/schema.js';
import { isUniqueViolation } from '../../db-errors.js';
import { fieldError, issuesError } from '../../errors.js';
import type { FormData } from '../../http/multipart.js';
import type { StaffActionEntry } from '../staff-actions/service.js';

/*
 * A product's variants (docs/variants.md): what is sold and stocked. The product row keeps the sum
 * of their stock and sales and its cheapest variant's prices (`syncProduct`), which the listing
 * filters and sorts on.
 */

export type VariantRow = typeof productVariants.$inferSelect;

/** What a product's answer shows of a variant (serializeVariant), with its product. */
export const shownVariantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  barcode: productVariants.barcode,
  options: productVariants.options,
  price: productVariants.price,
  priceAfterDiscount: productVariants.priceAfterDiscount,
  quantity: productVariants.quantity,
};
export type ShownVariant = Pick<VariantRow, keyof typeof shownVariantColumns>;

/** The order of a product's variants in its table. */
export const variantOrder = [asc(productVariants.position), asc(productVariants.id)];

/** A variant as it is written: prices in minor units, the SKU decided. */
export type VariantValues = {
  id?: string | undefined;
  sku: string;
  barcode: string | null;
  options: Record<string, string>;
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
};

/**
 * A SKU for a variant whose staff gave none: `MJ-` and 16 hex digits of its random id (64 bits: no
 * two of a shop's variants share one in practice).
 */
export const skuFor = (variantId: string) => `MJ-${variantId.replaceAll('-', '').slice(0, 16).toUpperCase()}`;

/** Variants of these products, in each product's order. */
export async function variantsOf(db: Database | Tx, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(...variantOrder);
  return groupedBy(rows, (row) => row.productId);
}

/** Rows grouped by a key, each group in the rows' order. */
export function groupedBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

export const serializeVariant = (row: ShownVariant, digits: number): Variant => ({
  _id: row.id,
  id: row.id,
  sku: row.sku,
  barcode: row.barcode,
  options: row.options,
  price: toMajor(row.price, digits),
  ...(row.priceAfterDiscount !== null ? { priceAfterDiscount: toMajor(row.priceAfterDiscount, digits) } : {}),
  quantity: row.quantity,
});

/**
 * The colours a client may offer: a colour option's values that some variant uses, in the option's
 * order; for a product without one, the swatches staff listed (`available_colors`).
 */
export function availableColorsOf(
  product: { options: ProductOption[]; availableColors: string[] },
  variants: Pick<VariantRow, 'options'>[],
): string[] {
  const colorOption = product.options.find((option) => isColorOption(option.name));
  if (!colorOption) return product.availableColors;
  const used = new Set(variants.map((variant) => variant.options[colorOption.name]));
  return colorOption.values.filter((value) => used.has(value));
}

/** The product form's `options` and `variants` parts, checked together; undefined when neither was sent. */
export function variantsFromForm(form: FormData): ProductVariantsInput | undefined {
  const options = form.fields.options?.[0];
  const variants = form.fields.variants?.[0];
  if (options === undefined && variants === undefined) return undefined;
  const input = {
    options: options === undefined || options.trim() === '' ? [] : parseJson(options, 'options'),
    variants: variants === undefined || variants.trim() === '' ? [] : parseJson(variants, 'variants'),
  };
  const parsed = productVariantsInput.safeParse(input);
  if (!parsed.success) throw issuesError(parsed.error.issues, input, 'body');
  return parsed.data;
}

function parseJson(text: string, field: 'options' | 'variants'): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError(field, field === 'options' ? 'optionsInvalid' : 'variantsInvalid', text);
  }
}

/** The checked input in minor units; a price that rounds out of the column's range is refused here. */
export function variantValues(input: ProductVariantsInput, digits: number): VariantValues[] {
  return input.variants.map((variant, index) => {
    const price = toMinor(variant.price, digits);
    const priceAfterDiscount =
      variant.priceAfterDiscount === undefined ? null : toMinor(variant.priceAfterDiscount, digits);
    const broken = minorPriceFailure(price, priceAfterDiscount);
    if (broken) throw fieldError(`variants[${index}].${broken.field}`, broken.key, variant[broken.field]);
    return {
      id: variant.id,
      sku: variant.sku ?? '',
      barcode: variant.barcode ? variant.barcode : null,
      options: variant.options,
      price,
      priceAfterDiscount,
      quantity: variant.quantity,
    };
  });
}

/**
 * Locks a product's variants, in id order as stock changes lock them (orders/service.ts), so that
 * the two cannot deadlock: take it before locking the product row.
 */
export function lockVariants(tx: Tx, productId: string): Promise<VariantRow[]> {
  return tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for('update');
}

/**
 * Locks the variants of several products as stock changes lock them (orders/service.ts): products
 * in id order, each one's variants in id order. Take it before locking the products' rows.
 */
export async function lockVariantsOf(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.id))
    .for('update');
}

/**
 * Deletes products, their variants first locked as a stock change locks them (products in id
 * order, each one's variants, then the product), so a delete and an order never deadlock. Returns
 * the deleted products' pictures, for `releaseMedia` after the commit.
 */
export async function deleteProducts(tx: Tx, productIds: string[]) {
  await lockVariantsOf(tx, productIds);
  return tx
    .delete(products)
    .where(inArray(products.id, productIds))
    .returning({ imageCover: products.imageCover, images: products.images });
}

/**
 * Makes the product's variants exactly `wanted`, inside the caller's transaction: rows named by id
 * are changed (their sales kept), the others are added, and the product's variants not named are
 * deleted (carts drop them; order lines keep their snapshot). A product given its first options
 * hands its default variant's id, sales and order lines to its first new variant, so its sales
 * history stays. Then the product's sums follow.
 */
export async function writeVariants(
  tx: Tx,
  productId: string,
  wanted: VariantValues[],
  /** The field a taken SKU is reported on: the table, or the product form's own `sku`. */
  skuField: 'variants' | 'sku' = 'variants',
): Promise<VariantPriceChange[]> {
  const current = await lockVariants(tx, productId);
  const byId = new Map(current.map((row) => [row.id, row]));
  wanted.forEach((variant, index) => {
    if (variant.id !== undefined && !byId.has(variant.id)) {
      throw fieldError(`variants[${index}].id`, 'variantNotOfProduct', variant.id);
    }
  });
  const rows = adoptDefaultVariant(current, wanted);
  const kept = new Set(rows.map((variant) => variant.id).filter((id): id is string => id !== undefined));
  const gone = current.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  // SKUs changing hands between kept rows (a swap) must not meet the unique index half-way.
  const renamed = rows.filter((variant) => {
    const existing = variant.id === undefined ? undefined : byId.get(variant.id);
    return existing && variant.sku && variant.sku.toLowerCase() !== existing.sku.toLowerCase();
  });
  if (renamed.length > 0) {
    await tx
      .update(productVariants)
      .set({ sku: sql`'~' || ${productVariants.id}::text` })
      .where(
        inArray(
          productVariants.id,
          renamed.map((variant) => variant.id as string),
        ),
      );
  }
  const priceChanges: VariantPriceChange[] = [];
  try {
    for (const [position, variant] of rows.entries()) {
      const existing = variant.id === undefined ? undefined : byId.get(variant.id);
      if (existing) priceChanges.push(...pricesChanged(existing, variant));
      const id = existing?.id ?? randomUUID();
      const values = {
        position,
        sku: variant.sku || existing?.sku || skuFor(id),
        barcode: variant.barcode,
        options: variant.options,
        price: variant.price,
        priceAfterDiscount: variant.priceAfterDiscount,
        quantity: variant.quantity,
        updatedAt: new Date(),
      };
      if (existing) await tx.update(productVariants).set(values).where(eq(productVariants.id, id));
      else await tx.insert(productVariants).values({ id, productId, ...values });
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(skuField, 'skuTaken', wanted.map((v) => v.sku).filter(Boolean));
    throw error;
  }
  await syncProduct(tx, productId);
  return priceChanges;
}

/** A kept variant's price or sale price that a write changed, in minor units (docs/staff-actions.md). */
export type VariantPriceChange = {
  field: 'price' | 'priceAfterDiscount';
  before: number | null;
  after: number | null;
  /** Its options (`أحمر / M`); undefined for a product's one default variant. */
  variant: string | undefined;
};

function pricesChanged(existing: VariantRow, wanted: VariantValues): VariantPriceChange[] {
  const values = Object.values(existing.options);
  const variant = values.length > 0 ? values.join(' / ') : undefined;
  return (['price', 'priceAfterDiscount'] as const)
    .filter((field) => existing[field] !== wanted[field])
    .map((field) => ({ field, before: existing[field], after: wanted[field], variant }));
}

/** The default variant (options `{}`) left out by `wanted` becomes its first new row, keeping its id and sales. */
function adoptDefaultVariant(current: VariantRow[], wanted: VariantValues[]): VariantValues[] {
  const [only] = current;
  if (current.length !== 1 || !only || Object.keys(only.options).length > 0) return wanted;
  if (wanted.some((variant) => variant.id === only.id)) return wanted;
  const first = wanted.findIndex((variant) => variant.id === undefined);
  if (first < 0) return wanted;
  return wanted.map((variant, index) => (index === first ? { ...variant, id: only.id } : variant));
}

/**
 * The product's `quantity` and `sold` become its variants' sums, and its `price` and
 * `price_after_discount` those of its cheapest variant (by the price a customer pays).
 */
export async function syncProduct(tx: Database | Tx, productId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${products} SET
      quantity = totals.quantity,
      sold = totals.sold,
      price = cheapest.price,
      price_after_discount = cheapest.price_after_discount
    FROM
      (SELECT coalesce(sum(quantity), 0)::int AS quantity, coalesce(sum(sold), 0)::int AS sold
         FROM ${productVariants} WHERE product_id = ${productId}) AS totals,
      (SELECT price, price_after_discount FROM ${productVariants} WHERE product_id = ${productId}
         ORDER BY coalesce(price_after_discount, price), position LIMIT 1) AS cheapest
    WHERE ${products.id} = ${productId}`);
}

/**
 * Gives each of these products that has no variant its default one, from the product's own price,
 * stock and sales: for products written straight into the database (the demo seed, the bulk seed).
 */
export async function addDefaultVariants(db: Database | Tx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO ${productVariants} (product_id, sku, price, price_after_discount, quantity, sold)
    SELECT p.id, 'MJ-' || upper(substr(replace(p.id::text, '-', ''), 1, 16)), p.price, p.price_after_discount, p.quantity, p.sold
    FROM ${products} p
    WHERE p.id IN (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = p.id)`);
}

/**
 * A product's price changes as one line of the staff log (docs/staff-actions.md): each variant's
 * price and sale price before and after, in major units.
 */
export const priceChangeEntry = (
  product: { id: string; title: string },
  changes: VariantPriceChange[],
  digits: number,
): StaffActionEntry => ({
  action: 'product.price_changed',
  subject: { type: 'product', id: product.id, label: product.title },
  changes: changes.map(({ field, before, after, variant }) => ({
    field,
    before: before === null ? null : toMajor(before, digits),
    after: after === null ? null : toMajor(after, digits),
    ...(variant === undefined ? {} : { variant }),
  })),
});
