import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Entry } from 'yauzl';
import { z } from 'zod';
import { productFieldsWithVariants } from '../../../contract/catalog.js';
import {
  CSV_IMAGE_SEPARATOR,
  isColorOption,
  MAX_IMPORT_ROWS,
  MAX_PRODUCT_IMAGES,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_HEADINGS,
  PRODUCT_CSV_OPTION_COLUMNS,
  PRODUCT_STATUS_NAMES,
  PRODUCT_STATUSES,
  type ProductStatus,
} from '../../../contract/constants.js';
import { fieldFailureOf, type IssueLike } from '../../../contract/errors.js';
import { type ApiFailureKey, apiFailures, codeOf } from '../../../contract/messages.js';
import { toMajor } from '../../../contract/money.js';
import type { ImportProblem, ProductImportReport } from '../../../contract/product-import.js';
import { slugify } from '../../../contract/slug.js';
import { productVariantsInput } from '../../../contract/variants.js';
import type { Database, Tx } from '../../../db/client.js';
import { brands, categories, type ProductOption, products, productVariants } from '../../../db/schema.js';
import { reindexProducts } from '../../../db/search-index.js';
import type { AppContext } from '../../context.js';
import { failure, HttpError, ValidationError } from '../../errors.js';
import { csvValue, parseCsv } from '../../http/csv.js';
import { openPictureZip, type PictureZip } from '../../media/picture-zip.js';
import { releaseMedia, type SavedUpload, writeNamingMedia } from '../../media/references.js';
import { isExternalKey, type MediaStore } from '../../media/store.js';
import { recordStaffActions, type StaffActionEntry, type StaffActor } from '../staff-actions/service.js';
import { dropOtherSubcategories } from './bulk.js';
import { insertProduct } from './product-rows.js';
import {
  lockVariantsOf,
  priceChangeEntry,
  type VariantRow,
  type VariantValues,
  variantsOf,
  variantValues,
  writeVariants,
} from './variants.js';

/*
 * The products CSV import (docs/product-import.md): the export's columns, read by heading, create
 * or update products and variants by SKU. `planImport` reads the sheet against the database and
 * finds every problem; `writeImport` writes a plan without problems inside one transaction.
 */

const C = PRODUCT_CSV_COLUMNS;

/** A data row: its spreadsheet number and its cells by heading (a column the file lacks is absent). */
type SheetRow = { row: number; cells: Map<string, string>; stray: boolean };

export type ImportSheet = { headings: string[]; rows: SheetRow[] };

/** Reads the file: UTF-8 CSV with the export's headings (any order, any subset with the SKU). */
export function readImportSheet(file: Buffer): ImportSheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw failure('importFileInvalid');
  }
  // PostgreSQL text holds no NUL; a UTF-16 file (Excel's «Unicode Text») read as UTF-8 is full of them.
  if (text.includes('\u0000')) throw failure('importFileInvalid');
  // The headings and at most MAX_IMPORT_ROWS rows: reading stops past them.
  const parsed = parseCsv(text, MAX_IMPORT_ROWS + 1);
  if ('tooManyRecords' in parsed) throw failure('importTooManyRows');
  if ('unclosedQuoteAt' in parsed) throw failure('importCsvMalformed', { row: parsed.unclosedQuoteAt });
  const [headingRecord, ...data] = parsed.records;
  const headings = (headingRecord?.cells ?? []).map((cell) => cell.trim());
  // A column without a heading (Excel may leave one at the end) is no unknown column; its cells must be empty.
  const known = new Set(PRODUCT_CSV_HEADINGS);
  const unknown = headings.filter(
    (heading, index) => heading !== '' && (!known.has(heading) || headings.indexOf(heading) !== index),
  );
  if (unknown.length > 0) throw failure('importFileInvalid', { unknown: [...new Set(unknown)] });
  if (!headings.includes(C.sku)) throw failure('importFileInvalid', { missing: [C.sku] });
  if (data.length === 0) throw failure('importFileInvalid');
  const rows = data.map(({ number, cells }) => ({
    row: number,
    cells: new Map(
      headings.flatMap((heading, column): [string, string][] =>
        heading ? [[heading, csvValue((cells[column] ?? '').trim()).trim()]] : [],
      ),
    ),
    // A cell beyond the headings, or under an empty one: an unquoted comma shifted the row.
    stray: cells.some((cell, column) => cell.trim() !== '' && !headings[column]),
  }));
  return { headings, rows };
}

/** A picture a row names: a key already stored, or a file of the zip (saved on apply). */
type PictureRef = ({ key: string } | { zipName: string; entry: Entry }) & {
  /** Where the sheet names it, to report a picture that fails on apply. */
  row: number;
  column: string;
};

/** What the import does to one product. */
type PlannedProduct = {
  /** The product to change; absent for a new one. */
  id?: string;
  title?: string;
  description?: string;
  categoryId?: string;
  /** null: no brand; absent: unchanged. */
  brandId?: string | null;
  status?: ProductStatus;
  options: ProductOption[];
  variants: VariantValues[];
  cover?: PictureRef;
  gallery?: PictureRef[];
};

export type ImportPlan = {
  report: Omit<ProductImportReport, 'dryRun'>;
  products: PlannedProduct[];
};

type Stored = {
  product: {
    id: string;
    options: ProductOption[];
    imageCover: string | null;
    images: string[];
  };
  variants: VariantRow[];
};

export type ImportContext = {
  media: MediaStore;
  zip: PictureZip | undefined;
  digits: number;
  /** Whether each zip picture a row names is read and checked (the dry run and the first pass). */
  checkPictures: boolean;
};

/** The products the sheet names by SKU or by id, for locking before a plan is made again. */
export async function productIdsOf(db: Database | Tx, sheet: ImportSheet): Promise<string[]> {
  const skus = [...new Set(sheet.rows.map((row) => row.cells.get(C.sku)?.toLowerCase() ?? '').filter(Boolean))];
  const ids = sheet.rows.map((row) => row.cells.get(C.productId) ?? '').filter((id) => z.uuid().safeParse(id).success);
  const bySku =
    skus.length === 0
      ? []
      : await db
          .select({ id: productVariants.productId })
          .from(productVariants)
          .where(inArray(sql`lower(${productVariants.sku})`, skus));
  const named =
    ids.length === 0 ? [] : await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return [...new Set([...bySku, ...named].map((row) => row.id))].sort();
}

/** Locks the variants, then the rows, of these products, in the order orders take them (orders/service.ts). */
export async function lockProducts(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return;
  await lockVariantsOf(tx, productIds);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
}

/** The column a path of the product or variant schemas stands for. */
const COLUMN_OF_FIELD: Record<string, string> = {
  title: C.title,
  description: C.description,
  category: C.category,
  brand: C.brand,
  status: C.status,
  sku: C.sku,
  barcode: C.barcode,
  price: C.price,
  priceAfterDiscount: C.priceAfterDiscount,
  quantity: C.quantity,
  options: PRODUCT_CSV_OPTION_COLUMNS[0]?.value ?? '',
};

/** The status as the sheet writes it («منشور», «مسودة») or as the API does. */
function statusOf(cell: string): ProductStatus | undefined {
  const named = PRODUCT_STATUSES.find((status) => PRODUCT_STATUS_NAMES[status] === cell || status === cell);
  return named;
}

/**
 * The stock a row gives a variant. With «الكمية عند التصدير» (the stock when the sheet was
 * exported) a «الكمية» left as it was changes nothing, so sales since the export stay counted;
 * a changed one is the new stock. Empty: unchanged.
 */
function stockOf(cells: Map<string, string>, current: number | undefined): string | number | undefined {
  const stock = cells.get(C.quantity);
  const exported = cells.get(C.exportedQuantity);
  if (!stock || (current !== undefined && exported !== undefined && stock === exported)) return current;
  return stock;
}

/**
 * A media URL of this shop as its key: `…/<folder>/<hash>-<width>.webp` under any base (the shop's
 * /media/ at any host, or MEDIA_PUBLIC_URL: a CDN or a bucket), so a file exported from one
 * address or store imports at another; the key's files must exist in this shop's store.
 */
const MEDIA_PATH = /\/((?:products|categories|brands)\/[0-9a-f]{32})-\d+\.webp$/;

/**
 * Reads the sheet against the database: which products and variants it creates and changes, and
 * every problem, by row and column.
 */
export async function planImport(
  db: Database | Tx,
  sheet: ImportSheet,
  productIds: string[],
  context: ImportContext,
): Promise<ImportPlan> {
  const { media, zip, digits } = context;
  const problems: ImportProblem[] = [];
  const problem = (row: number, column: string, key: ApiFailureKey, value?: string) => {
    problems.push({
      row,
      column,
      code: codeOf(key),
      message: apiFailures[key].message,
      ...(value ? { value } : {}),
    });
  };
  const issue = (row: number, column: string, found: IssueLike, value: string | undefined) => {
    const { msg, code } = fieldFailureOf(found, value);
    problems.push({ row, column, code, message: msg, ...(value ? { value } : {}) });
  };

  // What the database has: the products the sheet names (productIdsOf) with their variants, categories and brands.
  const storedRows =
    productIds.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            options: products.options,
            imageCover: products.imageCover,
            images: products.images,
          })
          .from(products)
          .where(inArray(products.id, productIds));
  const storedVariants = await variantsOf(db, productIds);
  const stored = new Map<string, Stored>(
    storedRows.map((product) => [product.id, { product, variants: storedVariants.get(product.id) ?? [] }]),
  );
  const variantBySku = new Map<string, VariantRow>();
  for (const { variants } of stored.values()) {
    for (const variant of variants) variantBySku.set(variant.sku.toLowerCase(), variant);
  }
  // Held (key share) until the import commits: a category or brand deleted meanwhile waits, and then
  // finds the products that use it, instead of breaking the import's writes.
  const categoryByName = new Map(
    (await db.select({ id: categories.id, name: categories.name }).from(categories).for('key share')).map((row) => [
      row.name.toLowerCase(),
      row.id,
    ]),
  );
  const brandByName = new Map(
    (await db.select({ id: brands.id, name: brands.name }).from(brands).for('key share')).map((row) => [
      row.name.toLowerCase(),
      row.id,
    ]),
  );

  // Rows into products: by the SKU's product, else the id column, else (a new product) its name.
  const groups = new Map<string, SheetRow[]>();
  const skuRows = new Map<string, number>();
  for (const sheetRow of sheet.rows) {
    const { row, cells } = sheetRow;
    if (sheetRow.stray) {
      problem(row, '', 'importCellWithoutHeading');
      continue;
    }
    const sku = cells.get(C.sku) ?? '';
    if (sku) {
      const earlier = skuRows.get(sku.toLowerCase());
      if (earlier !== undefined) {
        problem(row, C.sku, 'importSkuRepeated', sku);
        continue;
      }
      skuRows.set(sku.toLowerCase(), row);
    }
    const ownerOfSku = sku ? variantBySku.get(sku.toLowerCase())?.productId : undefined;
    const named = cells.get(C.productId) ?? '';
    if (named && !stored.has(named)) {
      problem(row, C.productId, 'importProductNotFound', named);
      continue;
    }
    if (named && ownerOfSku && named !== ownerOfSku) {
      problem(row, C.sku, 'importSkuOfOtherProduct', sku);
      continue;
    }
    const title = cells.get(C.title) ?? '';
    const key = ownerOfSku ?? (named || (title ? `new:${title.toLowerCase()}` : `row:${row}`));
    const group = groups.get(key);
    if (group) group.push(sheetRow);
    else groups.set(key, [sheetRow]);
  }

  /** A product's own column: the first row's cell; another row may repeat it or leave it empty. */
  const productCell = (rows: SheetRow[], column: string): string | undefined => {
    const [first, ...rest] = rows;
    const value = first?.cells.get(column);
    for (const other of rest) {
      const cell = other.cells.get(column);
      if (cell && cell !== value) problem(other.row, column, 'importRowDisagrees', cell);
    }
    return value;
  };

  /** The zip pictures already read and checked (a picture named by several rows is read once). */
  const checked = new Map<Entry, ApiFailureKey | null>();
  async function pictureOf(
    row: number,
    column: string,
    cell: string,
    own: Stored | undefined,
  ): Promise<PictureRef | undefined> {
    const path = MEDIA_PATH.exec(cell.split(/[?#]/)[0] ?? '')?.[1];
    if (path && (await media.has(path))) return { key: path, row, column };
    // A picture kept from before media was stored here: the product's own URL.
    if (own && (own.product.imageCover === cell || own.product.images.includes(cell))) {
      return { key: cell, row, column };
    }
    const entry = zip?.find(cell);
    if (!entry) {
      problem(row, column, 'importImageUnknown', cell);
      return undefined;
    }
    if (context.checkPictures && zip) {
      let refused = checked.get(entry);
      if (refused === undefined) {
        refused = await zip
          .read(entry)
          .then((input) => media.check(input))
          .then(
            () => null,
            (): ApiFailureKey => 'importImageInvalid',
          );
        checked.set(entry, refused);
      }
      if (refused) {
        problem(row, column, refused, cell);
        return undefined;
      }
    }
    return { zipName: cell, entry, row, column };
  }

  const planned: PlannedProduct[] = [];
  const counts = {
    products: { created: 0, updated: 0 },
    variants: { created: 0, updated: 0 },
    images: new Set<Entry>(),
  };
  for (const [key, rows] of groups) {
    const own = stored.get(key);
    const first = rows[0] as SheetRow;
    const problemsBefore = problems.length;

    // The product's own fields, checked by the API's rules.
    const title = productCell(rows, C.title);
    const description = productCell(rows, C.description);
    const categoryName = productCell(rows, C.category);
    const brandName = productCell(rows, C.brand);
    const statusCell = productCell(rows, C.status);
    const categoryId = categoryName ? categoryByName.get(categoryName.toLowerCase()) : undefined;
    if (categoryName && !categoryId) problem(first.row, C.category, 'categoryNotFound', categoryName);
    const brandId = brandName ? brandByName.get(brandName.toLowerCase()) : undefined;
    if (brandName && !brandId) problem(first.row, C.brand, 'brandNotFound', brandName);
    const status = statusCell ? statusOf(statusCell) : undefined;
    if (statusCell && !status) problem(first.row, C.status, 'importStatusInvalid', statusCell);
    const fields = {
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(categoryId ? { category: categoryId } : {}),
    };
    const checkedFields = (own ? productFieldsWithVariants.partial() : productFieldsWithVariants).safeParse(fields);
    if (!checkedFields.success) {
      for (const found of checkedFields.error.issues) {
        const field = String(found.path[0] ?? '');
        // A missing category already has its own problem when the name was unknown.
        if (field === 'category' && categoryName) continue;
        issue(first.row, COLUMN_OF_FIELD[field] ?? '', found, fields[field as keyof typeof fields]);
      }
    }

    // The options: their names from the product, or from the first row of a new one. A sheet
    // without the option columns names each variant by its SKU alone.
    const hasOptionColumns = sheet.headings.includes(PRODUCT_CSV_OPTION_COLUMNS[0]?.name ?? '');
    const rowOptions = rows.map(({ row, cells }) => {
      if (!hasOptionColumns) {
        return Object.entries(variantBySku.get((cells.get(C.sku) ?? '').toLowerCase())?.options ?? {});
      }
      const chosen: [string, string][] = [];
      for (const column of PRODUCT_CSV_OPTION_COLUMNS) {
        const name = cells.get(column.name) ?? '';
        const value = cells.get(column.value) ?? '';
        if (name && value) chosen.push([name, value]);
        else if (name || value) problem(row, name ? column.value : column.name, 'variantOptionsInvalid', name || value);
      }
      return chosen;
    });
    const ownNames = own?.product.options.map((option) => option.name) ?? [];
    const names = ownNames.length > 0 ? ownNames : (rowOptions[0] ?? []).map(([name]) => name);
    rows.forEach(({ row }, index) => {
      const rowNames = (rowOptions[index] ?? []).map(([name]) => name);
      const same = rowNames.length === names.length && names.every((name) => rowNames.includes(name));
      if (!same) problem(row, PRODUCT_CSV_OPTION_COLUMNS[0]?.name ?? '', 'importOptionsDiffer', rowNames.join('، '));
    });

    // The variants: the product's, changed by the rows that name them, and the rows' new ones.
    const asInput = (variant: VariantRow) => ({
      id: variant.id,
      sku: variant.sku,
      barcode: variant.barcode,
      options: variant.options,
      price: toMajor(variant.price, digits),
      priceAfterDiscount: variant.priceAfterDiscount === null ? undefined : toMajor(variant.priceAfterDiscount, digits),
      quantity: variant.quantity,
    });
    // A product without options that gets some: its default variant gives way to the new rows,
    // unless a row names its SKU (then that row takes it, with its sales).
    const givesWay = ownNames.length === 0 && names.length > 0;
    let input = (own?.variants ?? []).map(asInput);
    /** The sheet row of each entry of `input` a row changed or added. */
    let rowOfVariant = new Map<number, number>();
    let created = 0;
    rows.forEach(({ row, cells }, index) => {
      const options = Object.fromEntries(rowOptions[index] ?? []);
      const sku = cells.get(C.sku) ?? '';
      const byCombination = (variant: { options: Record<string, string> }) =>
        names.every((name) => {
          const value = options[name] ?? '';
          return (isColorOption(name) ? value.toLowerCase() : value) === variant.options[name];
        });
      const at = sku
        ? input.findIndex((variant) => variant.sku.toLowerCase() === sku.toLowerCase())
        : givesWay
          ? -1
          : input.findIndex(byCombination);
      if (at >= 0 && rowOfVariant.has(at)) {
        // Two rows for one variant (rows without a SKU naming the same values): one would be lost.
        problem(row, names.length > 0 ? (PRODUCT_CSV_OPTION_COLUMNS[0]?.value ?? '') : C.sku, 'variantDuplicate');
        return;
      }
      const base = at >= 0 ? input[at] : undefined;
      const cell = (column: string) => cells.get(column);
      const discount = cell(C.priceAfterDiscount);
      const next = {
        ...(base?.id ? { id: base.id } : {}),
        // A SKU matches whatever its case: the stored spelling stays.
        sku: base?.sku ?? sku,
        barcode: cell(C.barcode) ?? base?.barcode ?? null,
        options,
        price: cell(C.price) || base?.price,
        // An empty discount cell is no discount, as the export writes it; no column keeps it.
        priceAfterDiscount: discount === undefined ? base?.priceAfterDiscount : discount || undefined,
        quantity: stockOf(cells, base?.quantity),
      };
      if (at >= 0) {
        input[at] = next as (typeof input)[number];
        rowOfVariant.set(at, row);
      } else {
        rowOfVariant.set(input.length, row);
        input.push(next as (typeof input)[number]);
        created++;
      }
    });
    if (givesWay && !rowOfVariant.has(0)) {
      // The default variant no row named: writeVariants hands its id and sales to the first new row.
      input = input.slice(1);
      rowOfVariant = new Map([...rowOfVariant].map(([at, row]) => [at - 1, row]));
    }
    const optionValues = names.map((name) => {
      const values = [
        ...(own?.product.options.find((option) => option.name === name)?.values ?? []),
        ...input.map((variant) => variant.options[name] ?? '').filter(Boolean),
      ];
      return { name, values: [...new Set(isColorOption(name) ? values.map((v) => v.toLowerCase()) : values)] };
    });
    const checkedVariants = productVariantsInput.safeParse({ options: optionValues, variants: input });
    let variants: VariantValues[] = [];
    if (checkedVariants.success) {
      try {
        variants = variantValues(checkedVariants.data, digits);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        for (const failed of error.errors) {
          const index = Number(/^variants\[(\d+)\]/.exec(failed.param)?.[1] ?? 0);
          const field = failed.param.split('.').at(-1) ?? '';
          problems.push({
            row: rowOfVariant.get(index) ?? first.row,
            column: COLUMN_OF_FIELD[field] ?? '',
            code: failed.code,
            message: failed.msg,
          });
        }
      }
    } else {
      for (const found of checkedVariants.error.issues) {
        const [part, index, field] = found.path;
        const at = part === 'variants' && typeof index === 'number' ? index : -1;
        const column = COLUMN_OF_FIELD[String(part === 'variants' ? (field ?? '') : 'options')] ?? '';
        const value =
          at >= 0 && typeof field === 'string' ? input[at]?.[field as keyof (typeof input)[number]] : undefined;
        issue(
          rowOfVariant.get(at) ?? first.row,
          column,
          found,
          typeof value === 'string' || typeof value === 'number' ? String(value) : undefined,
        );
      }
    }
    // Pictures: a new product needs a cover; an empty cell keeps the product's.
    const coverCell = productCell(rows, C.imageCover);
    const galleryCell = productCell(rows, C.images);
    const cover = coverCell ? await pictureOf(first.row, C.imageCover, coverCell, own) : undefined;
    if (!own && !coverCell) problem(first.row, C.imageCover, 'imageCoverRequired');
    const galleryNames = galleryCell
      ? galleryCell
          .split(CSV_IMAGE_SEPARATOR.trim())
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
    if (galleryNames.length > MAX_PRODUCT_IMAGES) problem(first.row, C.images, 'tooManyImages', galleryCell);
    const gallery: PictureRef[] = [];
    for (const name of galleryNames.slice(0, MAX_PRODUCT_IMAGES)) {
      const picture = await pictureOf(first.row, C.images, name, own);
      if (picture) gallery.push(picture);
    }

    if (problems.length > problemsBefore) continue;
    for (const picture of [cover, ...gallery]) if (picture && 'entry' in picture) counts.images.add(picture.entry);
    counts.products[own ? 'updated' : 'created']++;
    counts.variants.created += created;
    counts.variants.updated += rows.length - created;
    planned.push({
      ...(own ? { id: own.product.id } : {}),
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(categoryId ? { categoryId } : {}),
      ...(brandName !== undefined ? { brandId: brandId ?? null } : {}),
      ...(status ? { status } : {}),
      options: checkedVariants.success ? checkedVariants.data.options : [],
      variants,
      ...(cover ? { cover } : {}),
      ...(galleryCell ? { gallery } : {}),
    });
  }
  problems.sort((a, b) => a.row - b.row);
  return {
    report: {
      rows: sheet.rows.length,
      products: counts.products,
      variants: counts.variants,
      images: counts.images.size,
      problems,
    },
    products: planned,
  };
}

/** The pictures a plan names, each once: by file name of the zip, or by stored key. */
function picturesOf(plan: ImportPlan) {
  const fromZip = new Map<string, PictureRef & { entry: Entry }>();
  const stored = new Set<string>();
  for (const product of plan.products) {
    for (const picture of [product.cover, ...(product.gallery ?? [])]) {
      if (picture && 'entry' in picture) fromZip.set(picture.zipName, picture);
      else if (picture && !isExternalKey(picture.key)) stored.add(picture.key);
    }
  }
  return { fromZip, stored };
}

/**
 * Writes a plan without problems, inside the caller's transaction (whose products are locked):
 * new products, then changes, each with its variants and search index. `keys` are the saved zip
 * pictures by name. Returns the picture keys the changes dropped.
 */
export async function writeImport(
  tx: Tx,
  plan: ImportPlan,
  keys: Map<string, string>,
  editor: { actor: StaffActor; digits: number },
): Promise<string[]> {
  const keyOf = (picture: PictureRef) => {
    const key = 'key' in picture ? picture.key : keys.get(picture.zipName);
    if (!key) throw failure('internalError');
    return key;
  };
  const dropped: string[] = [];
  const written: string[] = [];
  const repriced: StaffActionEntry[] = [];
  for (const product of plan.products) {
    const imageCover = product.cover ? keyOf(product.cover) : undefined;
    const images = product.gallery?.map(keyOf);
    if (!product.id) {
      written.push(
        await insertProduct(
          tx,
          {
            title: product.title ?? '',
            description: product.description ?? '',
            categoryId: product.categoryId ?? '',
            brandId: product.brandId ?? null,
            status: product.status,
            options: product.options,
            imageCover: imageCover ?? null,
            images: images ?? [],
          },
          product.variants,
        ),
      );
      continue;
    }
    const { id } = product;
    const [current] = await tx
      .select({
        title: products.title,
        imageCover: products.imageCover,
        images: products.images,
        categoryId: products.categoryId,
      })
      .from(products)
      .where(eq(products.id, id));
    if (!current) throw failure('productNotFound');
    if (product.categoryId && product.categoryId !== current.categoryId) {
      await dropOtherSubcategories(tx, [id], product.categoryId);
    }
    await tx
      .update(products)
      .set({
        ...(product.title ? { title: product.title, slug: slugify(product.title) } : {}),
        ...(product.description ? { description: product.description } : {}),
        ...(product.categoryId ? { categoryId: product.categoryId } : {}),
        ...(product.brandId !== undefined ? { brandId: product.brandId } : {}),
        ...(product.status ? { status: product.status } : {}),
        ...(imageCover ? { imageCover } : {}),
        ...(images ? { images } : {}),
        options: product.options,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    const priceChanges = await writeVariants(tx, id, product.variants);
    repriced.push(priceChangeEntry({ id, title: product.title || current.title }, priceChanges, editor.digits));
    const kept = new Set([imageCover ?? current.imageCover, ...(images ?? current.images)]);
    dropped.push(...[current.imageCover, ...current.images].filter((key): key is string => !!key && !kept.has(key)));
    written.push(id);
  }
  await reindexProducts(tx, { ids: written });
  // One line per product whose prices changed (the sheet's rows bound them: MAX_IMPORT_ROWS).
  await recordStaffActions(tx, editor.actor, repriced);
  return dropped;
}

/** Imports one at a time: two imports naming the same SKUs would otherwise race between plan and write. */
const IMPORT_LOCK = 7305729;

/**
 * The import (docs/product-import.md): a dry run plans and reports; an apply plans, saves the zip's
 * pictures, then in one transaction locks the products, plans again on what it locked (a sale or an
 * edit may have come between) and writes, or writes nothing when a row is wrong.
 */
export async function importProducts(
  ctx: Pick<AppContext, 'db' | 'media' | 'config'>,
  input: {
    csv: Buffer;
    zip: Buffer | undefined;
    dryRun: boolean;
    digits: number;
    log: FastifyBaseLogger;
    actor: StaffActor;
  },
): Promise<ProductImportReport> {
  const { db, media, config } = ctx;
  const { digits, log } = input;
  const sheet = readImportSheet(input.csv);
  const zip = input.zip ? await openPictureZip(input.zip, config.maxUploadBytes) : undefined;
  const checked = await planImport(db, sheet, await productIdsOf(db, sheet), {
    media,
    zip,
    digits,
    checkPictures: true,
  });
  if (input.dryRun) return { dryRun: true, ...checked.report };
  const refuse = (problems: ImportProblem[]) => {
    if (problems.length > 0) throw failure('importRowsInvalid', { problems });
  };
  refuse(checked.report.problems);
  // Pictures are encoded before the transaction: sharp's work must not hold the database. The
  // pictures named by URL are held with them, so that no release deletes one before the commit.
  const pictures = picturesOf(checked);
  const uploads: SavedUpload[] = [...pictures.stored].map((key) => ({ key }));
  const keys = new Map<string, string>();
  const saved = () => uploads.filter((upload) => 'input' in upload).map((upload) => upload.key);
  for (const [name, picture] of pictures.fromZip) {
    const read = () => (zip as PictureZip).read(picture.entry);
    try {
      const key = await media.save('products', await read());
      keys.set(name, key);
      uploads.push({ folder: 'products', key, input: read });
    } catch (error) {
      await releaseMedia(db, media, saved(), log);
      // A picture whose header passed the check but that does not decode (a JPEG cut short).
      if (error instanceof HttpError && error.statusCode !== 503) {
        const { row, column } = picture;
        refuse([
          {
            row,
            column,
            code: codeOf('importImageInvalid'),
            message: apiFailures.importImageInvalid.message,
            value: name,
          },
        ]);
      }
      throw error;
    }
  }
  const written = await writeNamingMedia(db, media, log, uploads, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    // Planned again on what is locked: a product the sheet comes to name only now is not changed.
    const productIds = await productIdsOf(tx, sheet);
    await lockProducts(tx, productIds);
    const plan = await planImport(tx, sheet, productIds, { media, zip, digits, checkPictures: false });
    refuse(plan.report.problems);
    return { result: plan, dropped: await writeImport(tx, plan, keys, { actor: input.actor, digits }) };
  });
  return { dryRun: false, ...written.report };
}
