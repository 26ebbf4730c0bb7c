import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvLine, csvValue, parseCsv } from '../../src/server/http/csv.js';

/* Reading CSV back as the export writes it and as spreadsheets save it (src/server/http/csv.ts). */

describe('parseCsv', () => {
  it('reads what csvLine writes: commas, quotes and line breaks inside cells, CRLF rows, the BOM', () => {
    const rows = [
      ['رمز المنتج (SKU)', 'الوصف'],
      ['A-1', 'قطن، ناعم, "ممتاز"\r\nسطر ثان'],
      ['B-2', ''],
    ];
    expect(parseCsv(BOM + rows.map(csvLine).join(''))).toEqual({ rows });
  });

  it('takes LF rows, a last row without a line end, and keeps blank lines so rows keep their numbers', () => {
    expect(parseCsv('a,b\n\nc,d')).toEqual({
      rows: [['a', 'b'], [''], ['c', 'd']],
    });
  });

  it('names the row where a quoted cell is left open', () => {
    expect(parseCsv('a,b\r\nc,"open\r\nd,e\r\n')).toEqual({ unclosedQuoteAt: 2 });
  });

  it('reads a quote inside an unquoted cell as a character', () => {
    expect(parseCsv('5" شاشة,x')).toEqual({ rows: [['5" شاشة', 'x']] });
  });
});

describe('csvValue', () => {
  it('undoes the formula guard of csvCell, and only that', () => {
    for (const text of ['=SUM(A1)', '+966 ext', '-خصم', '@user', 'عادي', "'quoted", '-5', '+966551234567']) {
      const parsed = parseCsv(csvCell(text));
      expect('rows' in parsed && csvValue(parsed.rows[0]?.[0] ?? '')).toBe(text);
    }
  });
});
