import type { CheckoutStatus } from '../../contract/types.js';
import { ApiError } from './api.js';
import type { apiFor } from './context.server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in customer's checkout named by a provider's return address (docs/payments.md): null
 * for a garbled id, an unknown one or another account's (a mistyped or shared link).
 */
export async function ownCheckout(
  api: ReturnType<typeof apiFor>,
  checkoutId: string | null,
): Promise<CheckoutStatus | null> {
  if (!checkoutId || !UUID.test(checkoutId)) return null;
  return api.payments.checkout(checkoutId).then(
    (found) => found.data,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    },
  );
}
