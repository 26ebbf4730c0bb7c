import { eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { compactCode, indexedForms, normalizeArabic } from '../contract/arabic-text.js';
import type { Database, Tx } from './client.js';
import { brands, categories, products, productVariants } from './schema.js';
import { attributeTerms } from './search-attributes.js';

/**
 * Raise when the folding in src/contract/arabic-text.ts changes: rows written by an older version
 * are derived again at the next start-up.
 */
export const SEARCH_VERSION = 5;

/**
 * Counts this process's re-derivations, so that what is worked out from the whole index (the
 * catalogue's words for spelling, src/server/modules/catalog/spelling.ts) is worked out again after a write.
 */
let generation = 0;
export const searchIndexGeneration = (): number => generation;

/** Rows per UPDATE: five parameters a row stays far below PostgreSQL's 65,535 limit. */
const BATCH_SIZE = 500;

type Scope = { ids: string[] } | { brandId: string } | { categoryId: string } | { stale: true };

function whereOf(scope: Scope): SQL {
  if ('ids' in scope) return inArray(products.id, scope.ids);
  if ('brandId' in scope) return eq(products.brandId, scope.brandId);
  if ('categoryId' in scope) return eq(products.categoryId, scope.categoryId);
  return lt(products.searchVersion, SEARCH_VERSION);
}

/**
 * Derives the search columns of the products in `scope` from their title, description, brand and
 * category, their colours' families and their options' values (src/db/search-attributes.ts), and
 * their variants' SKUs and barcodes, each as one term (`compactCode`). Called in the same transaction as every write that changes one of those, so a search
 * right after a write finds what was written.
 */
export async function reindexProducts(db: Database | Tx, scope: Scope): Promise<number> {
  if ('ids' in scope && scope.ids.length === 0) return 0;
  generation++;
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      description: products.description,
      availableColors: products.availableColors,
      options: products.options,
      brand: brands.name,
      category: categories.name,
      codes: sql<
        string[]
      >`array(select ${productVariants.sku} from ${productVariants} where ${productVariants.productId} = ${products.id} union all select ${productVariants.barcode} from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.barcode} is not null)`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(whereOf(scope));
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const values = rows
      .slice(start, start + BATCH_SIZE)
      .map(
        (row) =>
          sql`(${row.id}::uuid, ${indexedForms(row.title)}, ${[indexedForms(`${row.brand ?? ''} ${row.category}`), attributeTerms(row.availableColors, row.options), ...row.codes.map(compactCode)].filter(Boolean).join(' ')}, ${indexedForms(row.description)}, ${normalizeArabic(`${row.title} ${row.brand ?? ''}`)})`,
      );
    await db.execute(sql`
      UPDATE ${products} AS p
      SET search_title = v.title, search_groups = v.groups, search_body = v.body, search_names = v.names,
          search_version = ${SEARCH_VERSION}
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, title, groups, body, names)
      WHERE p.id = v.id`);
  }
  return rows.length;
}

/** A category's or brand's search forms, stored beside its name for suggestions. */
export const searchNameOf = (name: string) => indexedForms(name);

/** Brings every row written before the current folding (or before search existed) up to date. */
export async function reindexStale(db: Database): Promise<void> {
  for (const table of [categories, brands]) {
    const stale = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.searchName, ''));
    for (const row of stale) {
      await db
        .update(table)
        .set({ searchName: searchNameOf(row.name) })
        .where(eq(table.id, row.id));
    }
  }
  await reindexProducts(db, { stale: true });
}
