/** The e-invoicing screen's form fields, named as the API's bodies name them (docs/invoices.md § Onboarding). */
export const eInvoicingFields = ['environment', 'otp'] as const;
export type EInvoicingField = (typeof eInvoicingFields)[number];
