import { SAUDI_SELLER } from '../helpers/sellers';

/**
 * The cash-only e2e shop is registered for VAT (playwright.config.ts runs register-vat.ts before
 * it starts), so its orders get tax invoices (docs/invoices.md); the main shop stays unregistered.
 */
export const VAT_SELLER = SAUDI_SELLER;
