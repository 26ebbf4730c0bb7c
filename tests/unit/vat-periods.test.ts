import { describe, expect, it } from 'vitest';
import { vatPeriods } from '../../src/web/lib/vat-periods';

/* The VAT report screen's quick periods (docs/invoices.md § The VAT report). */

describe('vatPeriods', () => {
  it('starts with this quarter, then the three before it across the year, with their last days', () => {
    const { quarters } = vatPeriods('2026-02-14');
    expect(quarters.map(({ from, to }) => [from, to])).toEqual([
      ['2026-01-01', '2026-03-31'],
      ['2025-10-01', '2025-12-31'],
      ['2025-07-01', '2025-09-30'],
      ['2025-04-01', '2025-06-30'],
    ]);
    expect(quarters.map((q) => q.label)).toEqual([
      'الربع الأول 2026',
      'الربع الرابع 2025',
      'الربع الثالث 2025',
      'الربع الثاني 2025',
    ]);
  });

  it('gives this month and the two before it, February’s leap day included', () => {
    const { months } = vatPeriods('2028-03-31');
    expect(months.map(({ from, to }) => [from, to])).toEqual([
      ['2028-03-01', '2028-03-31'],
      ['2028-02-01', '2028-02-29'],
      ['2028-01-01', '2028-01-31'],
    ]);
    expect(months[1]?.label).toBe('فبراير 2028');
    expect(vatPeriods('2026-01-05').months.map((m) => m.from)).toEqual(['2026-01-01', '2025-12-01', '2025-11-01']);
  });
});
