import { type AppLoadContext, data } from 'react-router';
import { ApiError } from './api';
import { requireUser } from './auth.server';
import { apiFor } from './context.server';
import { showPhone } from './format-phone';

/**
 * An unknown order (404), or a malformed id (a 400 on the path's `id`), which reads the same: not
 * found. Any other 400 is the form's own input refused (a tracking link, an amount), said on its field.
 */
export const isMissingOrder = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 404 ||
    (error.status === 400 &&
      error.body !== undefined &&
      'errors' in error.body &&
      error.body.errors.some((failure) => failure.location === 'params')));

/** Throws the not-found page for a missing thing (`isMissingOrder` reads any resource's 404 or bad id so), else rethrows. */
export function notFoundOnMissing(error: unknown): never {
  if (isMissingOrder(error)) throw data(null, { status: 404 });
  throw error;
}

/**
 * One order as the staff's pages show it (the order page and its packing slip, docs/orders.md § The
 * admin order page): staff only (a guest signs in first, a customer goes home), `GET /orders/:id`,
 * the phones grouped; an unknown or malformed id is the not-found page.
 */
export async function loadStaffOrder(request: Request, context: AppLoadContext, id: string) {
  await requireUser(request, context, 'staff');
  const order = await apiFor(request, context)
    .orders.get(id)
    .then((r) => r.data, notFoundOnMissing);
  const { shop } = context;
  const { user, shippingAddress } = order;
  return {
    shop,
    order: {
      ...order,
      user: { ...user, phone: showPhone(user.phone, shop) },
      shippingAddress: { ...shippingAddress, phone: showPhone(shippingAddress.phone, shop) },
    },
  };
}
