/*
 * E-invoicing's plain values (docs/invoices.md § Phase 2 with ZATCA), apart from the schemas of
 * src/contract/e-invoicing.ts so that screens use them without loading zod up front.
 */

/** ZATCA's three Fatoora environments, each under `https://gw-fatoora.zatca.gov.sa/e-invoicing/`. */
export const ZATCA_ENVIRONMENTS = ['developer-portal', 'simulation', 'core'] as const;
export type ZatcaEnvironment = (typeof ZATCA_ENVIRONMENTS)[number];

/** Where a phase-2 document stands with ZATCA. */
export const REPORTING_STATUSES = ['pending', 'reported', 'reported_with_warnings', 'rejected'] as const;
export type ReportingStatus = (typeof REPORTING_STATUSES)[number];

/** The sample documents a simplified-only unit must pass before its production CSID. */
export const COMPLIANCE_DOCUMENTS = ['invoice', 'credit_note', 'debit_note'] as const;
export type ComplianceDocument = (typeof COMPLIANCE_DOCUMENTS)[number];

/**
 * The onboarding steps, in order: nothing yet; a key and CSR made (waiting for the OTP); a
 * compliance CSID whose checks did not all pass yet; the checks passed (waiting for the production
 * CSID); a production CSID that signs every new document (phase 2).
 */
export const ONBOARDING_STEPS = [
  'not_started',
  'csr_created',
  'compliance_csid',
  'compliance_passed',
  'production',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The admin's list of documents needing attention: not reported yet, late, refused, or reported with warnings. */
export const DOCUMENT_FILTERS = ['pending', 'late', 'rejected', 'reported_with_warnings'] as const;
