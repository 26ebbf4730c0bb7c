/**
 * The e-invoicing screen's form fields, named as the API's bodies name them (docs/invoices.md §
 * Onboarding); `number` is the refused document a correction is asked for.
 */
export const eInvoicingFields = ['environment', 'otp', 'number'] as const;
export type EInvoicingField = (typeof eInvoicingFields)[number];
