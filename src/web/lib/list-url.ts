import { PRODUCT_FILTER_IDS_MAX, PRODUCT_KEYWORD_MAX } from '../../contract/constants';

/*
 * A product list's state read from its URL, the same way for the storefront listing
 * (listing.server.ts) and the admin products table (admin-products-query.ts). URLs are typed,
 * shared and edited by hand, so each value is read as the API's product query takes it
 * (productQuerySchema, src/contract/catalog.ts) and a malformed one is dropped: the API would
 * answer it with a 400. No zod here: pages load none up front (docs/architecture.md).
 */

/** The contract's id rule (idSchema: zod's UUID, the nil and max UUIDs included), written out. */
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

export const isId = (value: string) => UUID.test(value);

/** The search words, trimmed and cut to the API's longest keyword. */
export const readKeyword = (params: URLSearchParams) =>
  (params.get('keyword') ?? '').trim().slice(0, PRODUCT_KEYWORD_MAX);

/** A repeated id filter (`category`, `brand`): the well-formed ids, each once, as many as the API takes. */
export const readIds = (params: URLSearchParams, name: string): string[] =>
  [...new Set(params.getAll(name).map((value) => value.trim()))].filter(isId).slice(0, PRODUCT_FILTER_IDS_MAX);

/** One of a list's choices (a sort, a status); anything else is the fallback. */
export function readChoice<T extends string>(options: readonly T[], raw: string | null, fallback: T): T {
  // An unencoded '+' (as in '+price') arrives as a space.
  const value = (raw ?? '').replace(/^ /, '+').trim();
  return options.find((option) => option === value) ?? fallback;
}
