import type { CheckoutRequest } from '../../src/server/payments/provider.js';

/**
 * A card checkout as the shop asks a payment provider for its hosted page
 * (src/server/payments/provider.ts), for the providers' unit tests; the return address names the
 * checkout, as the shop's does.
 */
export function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const reference = overrides.reference ?? 'checkout-123';
  return {
    reference,
    amount: 34_050,
    currency: 'SAR',
    description: 'متجر — 2 منتجات',
    customerEmail: 'buyer@example.com',
    customerName: 'سارة أحمد',
    shippingAddress: { details: 'شارع العليا 5', phone: '+966551234567', city: 'الرياض', postalCode: '11511' },
    successUrl: `https://shop.example/user/allOrders?paid=1&checkout=${reference}`,
    cancelUrl: 'https://shop.example/cart',
    origin: 'https://shop.example',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...overrides,
  };
}
