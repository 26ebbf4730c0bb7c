import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, type SQLWrapper, sql } from 'drizzle-orm';
import { BASKET_TTL_MS, isColorOption, MAX_ORDER_TOTAL_MINOR } from '../../../contract/constants.js';
import { toMajor } from '../../../contract/money.js';
import { BASKET_KEY_PATTERN } from '../../../contract/shopping.js';
import type { AddToCartBody, Cart, CartLine } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { brands, cartItems, carts, categories, coupons, products, productVariants } from '../../../db/schema.js';
import { failure } from '../../errors.js';
import type { MediaStore } from '../../media/store.js';
import { availableColorsOf } from '../catalog/variants.js';

type Db = Database | Tx;
export type CartRow = typeof carts.$inferSelect;

/**
 * Every customer has exactly one cart; it is created the first time it is needed. Changes pass
 * `lock` (inside their transaction) so requests sent at the same time check stock one after another.
 */
export async function cartOf(db: Db, userId: string, lock = false) {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const query = db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
  const [cart] = lock ? await query.for('update') : await query;
  if (!cart) throw failure('internalError');
  return cart;
}

/**
 * The lines in the cart of the user whose id is `userId` (a column or a value), as the cart's
 * `numOfCartItems` counts them (every line has its product, variant and category: deleting one
 * removes the line), in one indexed count; 0 before the customer has a cart. The header's badge
 * (src/server/visitor.ts).
 */
export const cartLineCountOf = (db: Db, userId: SQLWrapper) =>
  sql<number>`(${db
    .select({ lines: sql`count(*)` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId))})`.mapWith(Number);

/** A cart's lines priced at each variant's current effective price, in minor units. */
export async function cartLines(db: Db, cartId: string) {
  return db
    .select({
      item: cartItems,
      product: products,
      variant: productVariants,
      categoryName: categories.name,
      brandName: brands.name,
      unitPrice: sql<number>`coalesce(${productVariants.priceAfterDiscount}, ${productVariants.price})`.mapWith(Number),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export type PricedCart = {
  cart: typeof carts.$inferSelect;
  lines: Awaited<ReturnType<typeof cartLines>>;
  coupon: typeof coupons.$inferSelect | null;
  /** Minor units. */
  total: number;
  /** Minor units, when a live coupon applies. */
  totalAfterDiscount: number | null;
};

/**
 * No cart, checkout or order may add up to more than MAX_ORDER_TOTAL_MINOR: a clear 400 instead
 * of sums past JavaScript's exact integers (SECURITY.md, section 6).
 */
export function refuseHugeTotal(total: number) {
  if (!Number.isSafeInteger(total) || total > MAX_ORDER_TOTAL_MINOR) {
    throw failure('orderTotalTooLarge');
  }
}

export const discounted = (total: number, discount: number) => Math.round((total * (100 - discount)) / 100);

/** Totals are computed here only; a coupon that has expired since it was applied no longer counts. */
export async function priceCart(db: Db, cart: typeof carts.$inferSelect): Promise<PricedCart> {
  const lines = await cartLines(db, cart.id);
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.item.count, 0);
  let coupon: typeof coupons.$inferSelect | null = null;
  if (cart.couponId) {
    const [live] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, cart.couponId), gt(coupons.expire, new Date())))
      .limit(1);
    coupon = live ?? null;
  }
  return { cart, lines, coupon, total, totalAfterDiscount: coupon ? discounted(total, coupon.discount) : null };
}

/**
 * A cart priced to be quoted or ordered: the quote, the cash order and the card checkout all start
 * here. An empty cart is CART_EMPTY; one still holding a product moved back to draft is
 * PRODUCT_UNAVAILABLE (docs/catalogue.md § Drafts).
 */
export async function priceCartToOrder(db: Db, cart: typeof carts.$inferSelect): Promise<PricedCart> {
  const priced = await priceCart(db, cart);
  if (priced.lines.length === 0) throw failure('cartEmpty');
  if (priced.lines.some(({ product }) => product.status === 'draft')) throw failure('productUnavailable');
  return priced;
}

/** What a cart's answer needs to show its images and prices. */
export type CartView = { media: MediaStore; origin: string; digits: number };

/** A cart as the contract shows it, but for its owner (the customer's id, or null for a guest's basket). */
export function serializeCart(priced: PricedCart, { media, origin, digits }: CartView): Omit<Cart, 'cartOwner'> {
  const { cart, lines, coupon, total, totalAfterDiscount } = priced;
  const products: CartLine[] = lines.map(({ item, product, variant, categoryName, brandName, unitPrice }) => ({
    _id: item.id,
    id: item.id,
    product: {
      _id: product.id,
      id: product.id,
      title: product.title,
      imageCover: media.url(product.imageCover, origin),
      imageCoverSizes: media.sizes(product.imageCover, origin),
      category: { _id: product.categoryId, id: product.categoryId, name: categoryName },
      brand: product.brandId && brandName ? { _id: product.brandId, id: product.brandId, name: brandName } : null,
      ratingsAverage: product.ratingsAverage,
      ratingsQuantity: product.ratingsQuantity,
      quantity: product.quantity,
      availableColors: availableColorsOf(product, [variant]),
    },
    variant: {
      _id: variant.id,
      id: variant.id,
      sku: variant.sku,
      options: variant.options,
      quantity: variant.quantity,
    },
    count: item.count,
    color: item.color,
    price: toMajor(unitPrice, digits),
  }));
  return {
    _id: cart.id,
    id: cart.id,
    products,
    totalCartPrice: toMajor(total, digits),
    ...(coupon && totalAfterDiscount !== null
      ? { coupon: coupon.name, discount: coupon.discount, totalAfterDiscount: toMajor(totalAfterDiscount, digits) }
      : {}),
    createdAt: cart.createdAt.toISOString(),
    updatedAt: cart.updatedAt.toISOString(),
  };
}

/**
 * The variant a request adds and the colour its line keeps (docs/variants.md): `variantId` names
 * it; else a product with options needs a `color` that exactly one variant has, or a single
 * variant; a product without options has its default variant, and a swatch of `available_colors`
 * when it lists some.
 */
export async function variantForCart(
  db: Db,
  product: typeof products.$inferSelect,
  request: { variantId?: string | undefined; color?: string | undefined },
): Promise<{ variant: typeof productVariants.$inferSelect; color: string }> {
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(asc(productVariants.position));
  const colorOption = product.options.find((option) => isColorOption(option.name))?.name;
  if (product.options.length === 0) {
    const variant = variants[0];
    if (!variant || (request.variantId && request.variantId !== variant.id)) throw failure('variantNotFound');
    return { variant, color: swatchColor(product, request.color) };
  }
  let variant: (typeof variants)[number] | undefined;
  if (request.variantId) {
    variant = variants.find((candidate) => candidate.id === request.variantId);
    if (!variant) throw failure('variantNotFound');
  } else if (request.color && colorOption) {
    const matching = variants.filter((candidate) => candidate.options[colorOption] === request.color);
    if (matching.length === 0) throw failure('colorNotAvailable');
    if (matching.length > 1) throw failure('variantRequired');
    variant = matching[0];
  } else if (variants.length === 1) {
    variant = variants[0];
  }
  if (!variant) throw failure('variantRequired');
  return { variant, color: colorOption ? (variant.options[colorOption] ?? '') : '' };
}

/** The swatch stored on a line of a product without options: required and checked when it lists colours, else ''. */
function swatchColor(product: typeof products.$inferSelect, requested: string | undefined): string {
  if (product.availableColors.length === 0) return '';
  if (!requested) throw failure('colorRequired');
  if (!product.availableColors.includes(requested)) throw failure('colorNotAvailable');
  return requested;
}

export async function productForCart(db: Db, productId: string) {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  // A draft is not for sale: missing, as to its product page (docs/catalogue.md § Drafts).
  if (!product || product.status === 'draft') throw failure('productNotFound');
  return product;
}

/** How many units of a variant the cart holds across its lines (a product without options: its swatches). */
export async function unitsInCart(db: Db, cartId: string, variantId: string, exceptItemId?: string) {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${cartItems.count}), 0)`.mapWith(Number) })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.variantId, variantId),
        exceptItemId ? sql`${cartItems.id} <> ${exceptItemId}` : undefined,
      ),
    );
  return row?.units ?? 0;
}

/** A change to a cart: its `updatedAt`; a guest's basket starts its BASKET_TTL_MS again. */
async function touchCart(tx: Tx, cart: CartRow) {
  const now = new Date();
  const expiry = cart.guestKeyHash ? { guestExpiresAt: new Date(now.getTime() + BASKET_TTL_MS) } : {};
  await tx
    .update(carts)
    .set({ updatedAt: now, ...expiry })
    .where(eq(carts.id, cart.id));
}

/** One more unit of what the request names, within its stock (same variant and colour: the same line). */
export async function addLine(tx: Tx, cart: CartRow, request: AddToCartBody) {
  const product = await productForCart(tx, request.productId);
  const { variant, color } = await variantForCart(tx, product, request);
  if (variant.quantity === 0) throw failure('outOfStock');
  if ((await unitsInCart(tx, cart.id, variant.id)) + 1 > variant.quantity) throw failure('notEnoughStock');
  await addUnits(tx, cart, { productId: product.id, variantId: variant.id, color }, 1);
  await touchCart(tx, cart);
}

/** `count` more units on the cart's line of this variant and colour (a new line when there is none). */
async function addUnits(
  tx: Tx,
  cart: CartRow,
  line: { productId: string; variantId: string; color: string },
  count: number,
) {
  await tx
    .insert(cartItems)
    .values({ cartId: cart.id, ...line, count })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId, cartItems.color],
      set: { count: sql`${cartItems.count} + ${count}` },
    });
}

/** A line of this cart; another cart's line is simply not found. */
async function lineOf(tx: Tx, cart: CartRow, itemId: string) {
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
    .limit(1);
  if (!line) throw failure('cartItemNotFound');
  return line;
}

/** A line's new count, within its variant's stock (counting the variant's other lines). */
export async function setLineCount(tx: Tx, cart: CartRow, itemId: string, count: number) {
  const line = await lineOf(tx, cart, itemId);
  const [variant] = await tx
    .select({ quantity: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.id, line.variantId));
  if (!variant) throw failure('cartItemNotFound');
  const others = await unitsInCart(tx, cart.id, line.variantId, line.id);
  if (others + count > variant.quantity) throw failure('notEnoughStock');
  await tx.update(cartItems).set({ count }).where(eq(cartItems.id, line.id));
  await touchCart(tx, cart);
}

export async function removeLine(tx: Tx, cart: CartRow, itemId: string) {
  const line = await lineOf(tx, cart, itemId);
  await tx.delete(cartItems).where(eq(cartItems.id, line.id));
  await touchCart(tx, cart);
}

/** Every line and the coupon go. */
export async function emptyCart(tx: Tx, cart: CartRow) {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  await tx.update(carts).set({ couponId: null }).where(eq(carts.id, cart.id));
  await touchCart(tx, cart);
}

/* Guest baskets (docs/decisions/0021-guest-basket.md) */

/** The shop keeps only this of a basket's key, as it keeps only hashes of reset codes. */
const basketKeyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The live basket a key names; an unknown or expired key names none. */
export async function basketOf(db: Db, key: string, lock = false): Promise<CartRow | null> {
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.guestKeyHash, basketKeyHash(key)), gt(carts.guestExpiresAt, new Date())))
    .limit(1);
  const [basket] = lock ? await query.for('update') : await query;
  return basket ?? null;
}

/**
 * The lines of the live basket a key names, as its `numOfCartItems` counts them (cartLineCountOf),
 * in one prepared query; 0 for a key that names none or is not a key. The header's badge on a page
 * kept for guests holding a basket (docs/caching.md § Customers' pages).
 */
export function createBasketLineCounter(db: Database) {
  const lines = db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.guestKeyHash, sql.placeholder('hash')), gt(carts.guestExpiresAt, sql.placeholder('now'))))
    .prepare('basket_line_count');
  return async (key: string): Promise<number> => {
    if (!BASKET_KEY_PATTERN.test(key)) return 0;
    const [found] = await lines.execute({ hash: basketKeyHash(key), now: new Date().toISOString() });
    return found?.count ?? 0;
  };
}

/**
 * A new basket and its key (32 random bytes, base64url: BASKET_KEY_PATTERN), made inside the
 * transaction of its first addition so a refused addition leaves no row. Expired baskets are
 * swept on the way.
 */
export async function createBasket(tx: Tx): Promise<{ basket: CartRow; key: string }> {
  const now = new Date();
  await sweepExpiredBaskets(tx, now);
  const key = randomBytes(32).toString('base64url');
  const [basket] = await tx
    .insert(carts)
    .values({ guestKeyHash: basketKeyHash(key), guestExpiresAt: new Date(now.getTime() + BASKET_TTL_MS) })
    .returning();
  if (!basket) throw failure('internalError');
  return { basket, key };
}

/** Expired baskets swept per new basket: a few at a time, skipping any another request holds. */
const SWEEP_BATCH = 20;

async function sweepExpiredBaskets(tx: Tx, now: Date) {
  const expired = tx
    .select({ id: carts.id })
    .from(carts)
    .where(lt(carts.guestExpiresAt, now))
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  await tx.delete(carts).where(inArray(carts.id, expired));
}

/** Emptying a basket deletes it; a later addition makes a new one, with a new key. */
export async function deleteBasket(tx: Tx, basket: CartRow) {
  await tx.delete(carts).where(eq(carts.id, basket.id));
}

export type MergeNote = { productId: string; title: string };

/**
 * Moves a guest's basket into the customer's cart: same variant and colour → the counts add up,
 * capped by stock and by the order-total limit (`capped`); a product back in draft, out of stock,
 * or with no room left stays out (`dropped`). The basket is then deleted, dropped lines with it.
 * Both carts are locked first, so two merges at once (two tabs) move the lines once: the second
 * finds no basket.
 */
export async function mergeBasket(tx: Tx, userId: string, key: string) {
  const cart = await cartOf(tx, userId, true);
  const dropped: MergeNote[] = [];
  const capped: MergeNote[] = [];
  const basket = await basketOf(tx, key, true);
  if (!basket) return { cart, dropped, capped };
  const lines = await cartLines(tx, basket.id);
  await deleteBasket(tx, basket);
  let total = (await priceCart(tx, cart)).total;
  for (const { item, product, variant, unitPrice } of lines) {
    const note = { productId: product.id, title: product.title };
    const stockRoom = product.status === 'draft' ? 0 : variant.quantity - (await unitsInCart(tx, cart.id, variant.id));
    const totalRoom = unitPrice > 0 ? Math.floor((MAX_ORDER_TOTAL_MINOR - total) / unitPrice) : item.count;
    const count = Math.max(0, Math.min(item.count, stockRoom, totalRoom));
    if (count === 0) {
      dropped.push(note);
      continue;
    }
    if (count < item.count) capped.push(note);
    await addUnits(tx, cart, { productId: product.id, variantId: variant.id, color: item.color }, count);
    total += unitPrice * count;
  }
  if (lines.length > 0) await touchCart(tx, cart);
  return { cart, dropped, capped };
}
