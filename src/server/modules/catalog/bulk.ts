import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ProductBulk } from '../../../contract/catalog.js';
import type { Database, Tx } from '../../../db/client.js';
import { categories, productSubcategories, products, subcategories } from '../../../db/schema.js';
import { reindexProducts } from '../../../db/search-index.js';
import { isForeignKeyViolation } from '../../db-errors.js';
import { failure, fieldError } from '../../errors.js';
import { deleteProducts } from './variants.js';

/**
 * `POST /products/bulk` (docs/catalogue.md § Bulk actions): one action on every product named, in
 * one transaction. An id that names no product changes nothing and answers PRODUCT_NOT_FOUND; a
 * delete follows the single delete (orders keep their own copy of the lines). Returns how many
 * products were changed, and the pictures of deleted ones (for `releaseMedia` after the commit).
 */
export async function applyBulkAction(
  db: Database,
  bulk: ProductBulk,
): Promise<{ updated: number; dropped: (string | null)[] }> {
  try {
    return await db.transaction(async (tx) => {
      if (bulk.action === 'delete') {
        // Variants first, as orders lock them (variants.ts, deleteProducts).
        const deleted = await deleteProducts(tx, bulk.ids);
        if (deleted.length !== new Set(bulk.ids).size) throw failure('productNotFound');
        return { updated: deleted.length, dropped: deleted.flatMap((row) => [row.imageCover, ...row.images]) };
      }
      // Locked in id order, like every other multi-row write, so two bulk actions cannot deadlock.
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, bulk.ids))
        .orderBy(products.id)
        .for('update');
      if (found.length !== bulk.ids.length) throw failure('productNotFound');
      switch (bulk.action) {
        case 'publish':
        case 'draft':
          await tx
            .update(products)
            .set({ status: bulk.action === 'publish' ? 'active' : 'draft', updatedAt: new Date() })
            .where(inArray(products.id, bulk.ids));
          break;
        case 'move':
          await moveToCategory(tx, bulk.ids, bulk.categoryId);
          break;
      }
      return { updated: bulk.ids.length, dropped: [] };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw failure('stillHasProducts');
    throw error;
  }
}

/** Like changing one product's category: sub-categories of another category are dropped, the search text re-derived. */
async function moveToCategory(tx: Tx, ids: string[], categoryId: string | undefined) {
  if (!categoryId) throw fieldError('categoryId', 'categoryRequired', categoryId);
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw fieldError('categoryId', 'categoryNotFound', categoryId);
  await tx.update(products).set({ categoryId, updatedAt: new Date() }).where(inArray(products.id, ids));
  await dropOtherSubcategories(tx, ids, categoryId);
  await reindexProducts(tx, { ids });
}

/** Products moved to a category lose their sub-categories of other categories (the import does it too). */
export async function dropOtherSubcategories(tx: Tx, ids: string[], categoryId: string) {
  const otherCategories = tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(ne(subcategories.categoryId, categoryId));
  await tx
    .delete(productSubcategories)
    .where(
      and(inArray(productSubcategories.productId, ids), inArray(productSubcategories.subcategoryId, otherCategories)),
    );
}
