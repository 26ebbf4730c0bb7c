import { VAT_REPORT_LABELS } from '../../contract/vat-report-labels';

/** The VAT report screen's Arabic texts (/admin/reports/vat, docs/invoices.md § The VAT report). */
export const vr = {
  ...VAT_REPORT_LABELS,
  period: 'الفترة',
  from: 'من',
  to: 'إلى',
  show: 'عرض التقرير',
  quickChoices: 'فترات جاهزة',
  quarter: (n: number, year: number) => `الربع ${['الأول', 'الثاني', 'الثالث', 'الرابع'][n - 1]} ${year}`,
  download: 'تنزيل CSV',
  netNote: 'الصافي = الفواتير − الإشعارات الدائنة',
  noDocuments: 'لم تُصدر فواتير ولا إشعارات دائنة في هذه الفترة.',
  noRates: 'لا شيء في هذه الفترة.',
  rangeTooLong: 'اختر فترة لا تزيد على 366 يومًا',
  summary: 'ملخص الفترة',
  summaryTable: 'جدول ملخص الفترة',
  byRateTable: 'جدول الضريبة حسب النسبة',
};
