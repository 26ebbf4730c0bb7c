import { Readable } from 'node:stream';
import { asc, eq, gt } from 'drizzle-orm';
import {
  CSV_IMAGE_SEPARATOR,
  MAX_PRODUCT_OPTIONS,
  PRODUCT_CSV_HEADINGS,
  PRODUCT_STATUS_NAMES,
} from '../../../contract/constants.js';
import { toMajor } from '../../../contract/money.js';
import type { Database } from '../../../db/client.js';
import { brands, categories, products } from '../../../db/schema.js';
import { BOM, csvLine } from '../../http/csv.js';
import type { MediaStore } from '../../media/store.js';
import { variantsOf } from './variants.js';

/*
 * Every product and variant as CSV (docs/variants.md § CSV export): one row per variant, so a
 * spreadsheet shows each size with its SKU, price and stock; a product's own fields repeat on each
 * of its rows; the import reads it back (docs/product-import.md). UTF-8 with BOM, CRLF, no formula cells (src/server/http/csv.ts). Drafts included:
 * it is for staff. Amounts in the currency's major unit, pictures as absolute URLs.
 */

/** Products read at a time: the export holds one batch and its variants in memory. */
const EXPORT_BATCH = 200;

export function productsCsv(db: Database, media: MediaStore, options: { digits: number; origin: string }): Readable {
  const { digits, origin } = options;
  const amount = (minor: number) => toMajor(minor, digits).toFixed(digits);
  async function* lines() {
    yield `${BOM}${csvLine([...PRODUCT_CSV_HEADINGS])}`;
    let after: string | undefined;
    for (;;) {
      const rows = await db
        .select({ product: products, category: categories.name, brand: brands.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(after === undefined ? undefined : gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      const variants = await variantsOf(
        db,
        rows.map(({ product }) => product.id),
      );
      const text = rows.flatMap(({ product, category, brand }) =>
        (variants.get(product.id) ?? []).map((variant) => {
          const chosen = product.options.flatMap((option) => [option.name, variant.options[option.name] ?? '']);
          return csvLine([
            variant.sku,
            product.id,
            product.title,
            product.description,
            category,
            brand ?? '',
            PRODUCT_STATUS_NAMES[product.status],
            ...chosen,
            ...Array<string>(2 * MAX_PRODUCT_OPTIONS - chosen.length).fill(''),
            variant.barcode ?? '',
            amount(variant.price),
            variant.priceAfterDiscount === null ? '' : amount(variant.priceAfterDiscount),
            variant.quantity,
            variant.quantity,
            media.url(product.imageCover, origin) ?? '',
            product.images.map((key) => media.url(key, origin) ?? '').join(CSV_IMAGE_SEPARATOR),
          ]);
        }),
      );
      yield text.join('');
      after = rows.at(-1)?.product.id;
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines());
}
