import type { InvoiceSeller } from '../../src/db/schema.js';

/**
 * A Saudi seller complete enough to issue tax invoices (docs/invoices.md § When there is none):
 * legal name, VAT number, commercial registration and national address, as store settings.
 */
export const SAUDI_SELLER = {
  legalName: 'مؤسسة متجر للتجارة',
  vatNumber: '300000000000003',
  sellerIdScheme: 'CRN',
  sellerId: '1010010000',
  buildingNumber: '2322',
  street: 'طريق الملك فهد',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12214',
  additionalNumber: '8228',
};

/** SAUDI_SELLER as a document freezes it (docs/invoices.md § The seller), for UBL built in tests. */
export const SAUDI_INVOICE_SELLER: InvoiceSeller = {
  name: SAUDI_SELLER.legalName,
  address: SAUDI_SELLER.city,
  vatNumber: SAUDI_SELLER.vatNumber,
  sellerId: { scheme: SAUDI_SELLER.sellerIdScheme, value: SAUDI_SELLER.sellerId },
  nationalAddress: {
    buildingNumber: SAUDI_SELLER.buildingNumber,
    street: SAUDI_SELLER.street,
    district: SAUDI_SELLER.district,
    city: SAUDI_SELLER.city,
    postalCode: SAUDI_SELLER.postalCode,
    additionalNumber: SAUDI_SELLER.additionalNumber,
  },
};

/** What every Saudi document built in a test shares: its market, zone, SAR and cash. */
export const SAUDI_DOCUMENT = {
  country: 'SA',
  timeZone: 'Asia/Riyadh',
  paymentMeans: '10',
  currency: 'SAR',
  digits: 2,
} as const;
