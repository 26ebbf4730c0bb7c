import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import { createMoyasarProvider } from './moyasar-provider.js';
import { createPaymobProvider } from './paymob-provider.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { createTestProvider } from './test-provider.js';

/**
 * The provider PAYMENT_PROVIDER names. With none the shop takes cash only; the test provider is
 * never chosen by default (docs/payments.md).
 */
export function choosePaymentProvider(config: Config): {
  provider: PaymentProvider | undefined;
  test?: ReturnType<typeof createTestProvider>;
} {
  const { payments } = config;
  if (payments.provider === 'stripe') return { provider: createStripeProvider(payments.stripe) };
  if (payments.provider === 'moyasar') return { provider: createMoyasarProvider(payments.moyasar) };
  if (payments.provider === 'paymob') return { provider: createPaymobProvider(payments.paymob) };
  if (payments.provider === 'test') {
    // The test provider's webhook secret is derived from the JWT secret: stable, never configured.
    const secret = createHmac('sha256', config.jwtSecret).update('matjar-test-payments').digest('hex');
    const test = createTestProvider(secret);
    return { provider: test.provider, test };
  }
  return { provider: undefined };
}

/**
 * The origin of the configured provider's hosted payment page, where the no-JS checkout form is
 * redirected (the pages' CSP form-action allows it); none for the test page, which is the shop's own.
 */
export function paymentPageOrigin(payments: Config['payments']): string | undefined {
  if (payments.provider === 'stripe') return 'https://checkout.stripe.com';
  // Moyasar's invoices are paid on its checkout site (docs/payments.md § Moyasar).
  if (payments.provider === 'moyasar') return 'https://checkout.moyasar.com';
  if (payments.provider === 'paymob') return new URL(payments.paymob.apiUrl).origin;
  return undefined;
}
