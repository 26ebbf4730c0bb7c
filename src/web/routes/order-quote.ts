import type { Quote } from '../../contract/types';
import { cartText } from '../i18n/cart';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/api-errors';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import type { Route } from './+types/order-quote';

export type QuoteAnswer =
  | { ok: true; addressId: string; method: string; quote: Quote }
  | { ok: false; addressId: string; method: string; message: string };

/**
 * What the customer's cart costs shipped to a saved address and paid this way, for the payment
 * screen (a fetcher loads it as the address and the method are chosen). The server's quote
 * (GET /orders/quote, docs/pricing.md) is the only computation: the browser shows its lines. A
 * refusal (no delivery to that city, no cash there) is an answer too, in Arabic.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<QuoteAnswer> {
  await requireUser(request, context, 'user');
  const url = new URL(request.url);
  const addressId = url.searchParams.get('addressId') ?? '';
  const method = url.searchParams.get('method') === 'cash' ? 'cash' : 'card';
  const api = apiFor(request, context);
  try {
    const { data: cart } = await api.cart.get();
    const { data: quote } = await api.orders.quote({ cartId: cart._id, addressId, method });
    return { ok: true, addressId, method, quote };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const addressGone = error.code === 'ADDRESS_NOT_FOUND' || error.code === 'INVALID_ID';
    const message = addressGone
      ? cartText.addressGone
      : (errorText(error.code, { phoneCountry: context.shop.phoneCountry }) ?? cartText.orderFailed);
    return { ok: false, addressId, method, message };
  }
}
