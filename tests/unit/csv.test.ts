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
    expect(parseCsv(BOM + rows.map(csvLine).join(''))).toEqual({
      records: rows.map((cells, i) => ({ number: i + 1, cells })),
    });
  });

  it('takes LF rows and a last row without a line end; blank rows are left out but keep the numbering', () => {
    expect(parseCsv('a,b\n\n,,\r\nc,d')).toEqual({
      records: [
        { number: 1, cells: ['a', 'b'] },
        { number: 4, cells: ['c', 'd'] },
      ],
    });
  });

  it('stops past the records allowed, blank ones not counted', () => {
    expect(parseCsv('a\nb\n\n\n', 2)).toEqual({
      records: [
        { number: 1, cells: ['a'] },
        { number: 2, cells: ['b'] },
      ],
    });
    expect(parseCsv('a\nb\nc', 2)).toEqual({ tooManyRecords: true });
    // Ten million blank lines are read without keeping any of them.
    expect(parseCsv('\n'.repeat(10_000_000), 2)).toEqual({ records: [] });
  });

  it('names the row where a quoted cell is left open', () => {
    expect(parseCsv('a,b\r\nc,"open\r\nd,e\r\n')).toEqual({ unclosedQuoteAt: 2 });
  });

  it('reads a quote inside an unquoted cell as a character', () => {
    expect(parseCsv('5" شاشة,x')).toEqual({ records: [{ number: 1, cells: ['5" شاشة', 'x'] }] });
  });
});

describe('csvValue', () => {
  it('undoes the formula guard of csvCell, and only that', () => {
    for (const text of ['=SUM(A1)', '+966 ext', '-خصم', '@user', 'عادي', "'quoted", '-5', '+966551234567']) {
      const parsed = parseCsv(csvCell(text));
      expect('records' in parsed && csvValue(parsed.records[0]?.cells[0] ?? '')).toBe(text);
    }
  });
});
