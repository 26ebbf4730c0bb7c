import { Readable } from 'node:stream';
import { asc, eq, gt } from 'drizzle-orm';
import { MAX_PRODUCT_OPTIONS, PRODUCT_STATUS_NAMES } from '../../../contract/constants.js';
import { toMajor } from '../../../contract/money.js';
import type { Database } from '../../../db/client.js';
import { brands, categories, products } from '../../../db/schema.js';
import { BOM, csvLine } from '../../http/csv.js';
import type { MediaStore } from '../../media/store.js';
import { variantsOf } from './variants.js';

/*
 * Every product and variant as CSV (docs/variants.md § CSV export): one row per variant, so a
 * spreadsheet shows each size with its SKU, price and stock; a product's own fields repeat on each
 * of its rows. UTF-8 with BOM, CRLF, no formula cells (src/server/http/csv.ts). Drafts included:
 * it is for staff. Amounts in the currency's major unit, pictures as absolute URLs.
 */

/** Products read at a time: the export holds one batch and its variants in memory. */
const EXPORT_BATCH = 200;

/** The option columns: a name and a value per option, up to three. */
const optionHeadings = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, i) => [
  `الخيار ${i + 1}`,
  `القيمة ${i + 1}`,
]).flat();

/** The headings, in order (the import will read the same ones). */
export const PRODUCT_CSV_HEADINGS = [
  'رمز المنتج (SKU)',
  'معرف المنتج',
  'الاسم',
  'الوصف',
  'التصنيف',
  'الماركة',
  'الحالة',
  ...optionHeadings,
  'الباركود',
  'السعر',
  'السعر بعد الخصم',
  'الكمية',
  'الصورة الرئيسية',
  'الصور',
] as const;

/** Between a cell's several picture URLs. */
const IMAGE_SEPARATOR = ' | ';

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
            ...Array<string>(optionHeadings.length - chosen.length).fill(''),
            variant.barcode ?? '',
            amount(variant.price),
            variant.priceAfterDiscount === null ? '' : amount(variant.priceAfterDiscount),
            variant.quantity,
            media.url(product.imageCover, origin) ?? '',
            product.images.map((key) => media.url(key, origin) ?? '').join(IMAGE_SEPARATOR),
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
