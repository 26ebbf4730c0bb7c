import type { Product } from '../../contract/types';
import type { CartProblem } from '../i18n/product';
import { ApiError } from './api';

/** The sign-in page, coming back to `path` afterwards. */
export const loginHref = (path: string) => `/login?redirectTo=${encodeURIComponent(path).replaceAll('%2F', '/')}`;

/** What the add-to-cart form sends: the variant picked (a product with options) or the colour (one without). */
export type CartChoice = { variantId: string; color: string };

/**
 * What stops this choice from going into the cart before asking the API, if anything: a product
 * with options needs one of its variants (docs/variants.md), one without needs a listed colour.
 */
export function checkAddToCart(
  product: Pick<Product, 'availableColors' | 'quantity' | 'options' | 'variants'>,
  { variantId, color }: CartChoice,
): CartProblem | null {
  if (product.quantity <= 0) return 'outOfStock';
  if (product.options.length > 0) {
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    // An id the product no longer has: the page was older than the catalogue.
    if (!variant) return variantId ? 'variantGone' : 'chooseOption';
    return variant.quantity > 0 ? null : 'outOfStock';
  }
  if (product.availableColors.length > 0 && !product.availableColors.includes(color)) return 'chooseColor';
  return null;
}

/** Units in stock of what the form picked: the variant (a product with options) or the product's own. */
export function stockOfChoice(product: Pick<Product, 'quantity' | 'options' | 'variants'>, { variantId }: CartChoice) {
  if (product.options.length === 0) return product.quantity;
  return product.variants.find((candidate) => candidate.id === variantId)?.quantity ?? 0;
}

/** A failed `POST /cart`, as a message a shopper can act on. */
export function cartProblemOf(error: unknown): CartProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 403) return 'customersOnly';
  if (error.status === 429) return 'tooManyRequests';
  if (error.code === 'PRODUCT_NOT_FOUND') return 'productGone';
  if (error.code === 'VARIANT_REQUIRED') return 'chooseOption';
  if (error.code === 'VARIANT_NOT_FOUND') return 'variantGone';
  if (error.code === 'OUT_OF_STOCK') return 'outOfStock';
  if (error.code === 'NOT_ENOUGH_STOCK') return 'notEnoughStock';
  return 'failed';
}
