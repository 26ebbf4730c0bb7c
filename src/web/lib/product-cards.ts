import type { NoMatch, Product } from '../../contract/types';

/**
 * What a product card and its heart draw (components/product-card.tsx). A page's data carries no
 * more of each product it lists: not its description, gallery or variants, which only its own
 * page shows (about three quarters of a listed product's JSON; docs/benchmarks.md).
 */
export type CardProduct = Pick<
  Product,
  | 'id'
  | 'title'
  | 'imageCover'
  | 'imageCoverSizes'
  | 'price'
  | 'priceAfterDiscount'
  | 'ratingsAverage'
  | 'ratingsQuantity'
>;

/** A product as its card needs it. */
export function toCard(product: Product): CardProduct {
  const { id, title, imageCover, imageCoverSizes, price, priceAfterDiscount, ratingsAverage, ratingsQuantity } =
    product;
  return {
    id,
    title,
    imageCover,
    imageCoverSizes,
    price,
    ...(priceAfterDiscount === undefined ? {} : { priceAfterDiscount }),
    ratingsAverage,
    ratingsQuantity,
  };
}

/** A search's help when it found nothing (docs/catalogue.md § Search), its products as cards. */
export type NoMatchCards = Omit<NoMatch, 'nearest' | 'popular'> & {
  nearest: (Omit<NonNullable<NoMatch['nearest']>, 'data'> & { data: CardProduct[] }) | null;
  popular: CardProduct[];
};

/** A page of the products list, its products (and those of its no-match help) as cards. */
export function listOfCards<List extends { data: Product[]; noMatch?: NoMatch | undefined }>(list: List) {
  const { data, noMatch, ...rest } = list;
  const help: NoMatchCards | undefined = noMatch && {
    ...noMatch,
    nearest: noMatch.nearest && { ...noMatch.nearest, data: noMatch.nearest.data.map(toCard) },
    popular: noMatch.popular.map(toCard),
  };
  return { ...rest, data: data.map(toCard), ...(help ? { noMatch: help } : {}) };
}
