import type { Product } from '../../contract/types';
import type { CartProblem } from '../i18n/product';
import { ApiError } from './api';

/** The sign-in page, coming back to `path` afterwards. */
export const loginHref = (path: string) => `/login?redirectTo=${encodeURIComponent(path).replaceAll('%2F', '/')}`;

/** What stops this product in this colour from going into the cart before asking the API, if anything. */
export function checkAddToCart(
  product: Pick<Product, 'availableColors' | 'quantity'>,
  color: string,
): CartProblem | null {
  if (product.quantity <= 0) return 'outOfStock';
  if (product.availableColors.length > 0 && !product.availableColors.includes(color)) return 'chooseColor';
  return null;
}

/** A failed `POST /cart`, as a message a shopper can act on. */
export function cartProblemOf(error: unknown): CartProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 403) return 'customersOnly';
  if (error.status === 429) return 'tooManyRequests';
  if (error.code === 'PRODUCT_NOT_FOUND') return 'productGone';
  return 'failed';
}
