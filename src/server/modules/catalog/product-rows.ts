import type { ProductStatus } from '../../../contract/constants.js';
import { slugify } from '../../../contract/slug.js';
import type { Tx } from '../../../db/client.js';
import { type ProductOption, products } from '../../../db/schema.js';
import { failure } from '../../errors.js';
import { type VariantValues, writeVariants } from './variants.js';

/** A new product's own columns; its prices and stock are its variants'. */
export type NewProduct = {
  title: string;
  description: string;
  categoryId: string;
  brandId: string | null;
  /** Left out: `active`. */
  status?: ProductStatus | undefined;
  availableColors?: string[];
  options: ProductOption[];
  imageCover: string | null;
  images: string[];
};

/**
 * Inserts a product with its variants, inside the caller's transaction (the product form and the
 * CSV import); the caller reindexes it for search. Returns its id.
 */
export async function insertProduct(tx: Tx, product: NewProduct, variants: VariantValues[]): Promise<string> {
  const { status, ...columns } = product;
  const [created] = await tx
    .insert(products)
    .values({
      ...columns,
      slug: slugify(product.title),
      ...(status ? { status } : {}),
      // The variants' sums and cheapest prices replace these (writeVariants).
      quantity: 0,
      price: variants[0]?.price ?? 1,
    })
    .returning({ id: products.id });
  if (!created) throw failure('internalError');
  await writeVariants(tx, created.id, variants);
  return created.id;
}
