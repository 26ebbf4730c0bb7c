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
