import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { createTestProvider } from './test-provider.js';

/** Stripe when its keys are configured; otherwise the built-in test provider with its own page. */
export function choosePaymentProvider(config: Config): {
  provider: PaymentProvider;
  test?: ReturnType<typeof createTestProvider>;
} {
  if (config.stripe) return { provider: createStripeProvider(config.stripe.secretKey, config.stripe.webhookSecret) };
  // The test provider's webhook secret is derived from the JWT secret: stable, never configured.
  const secret = createHmac('sha256', config.jwtSecret).update('matjar-test-payments').digest('hex');
  const test = createTestProvider(secret);
  return { provider: test.provider, test };
}
