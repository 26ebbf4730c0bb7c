/*
 * The VAT report's Arabic words, shared by its screen and its CSV (docs/invoices.md § The VAT
 * report). Zod-free, so the web's route chunks may import it (tests/unit/web-bundle*.test.ts).
 */
export const VAT_REPORT_LABELS = {
  title: 'تقرير ضريبة القيمة المضافة',
  item: 'البند',
  rate: 'نسبة الضريبة',
  count: 'عدد المستندات',
  taxable: 'المبلغ الخاضع للضريبة',
  vat: 'ضريبة القيمة المضافة',
  invoices: 'الفواتير الضريبية',
  creditNotes: 'الإشعارات الدائنة',
  net: 'الصافي',
  byRate: 'حسب نسبة الضريبة',
} as const;
