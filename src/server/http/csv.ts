/*
 * CSV for spreadsheets (SECURITY.md, "Order export"; docs/catalogue.md): UTF-8 with a byte order
 * mark (Excel then reads Arabic), CRLF line ends, RFC 4180 quoting, and no cell a spreadsheet would
 * run as a formula.
 */

export const BOM = '\uFEFF';
const CRLF = '\r\n';

/** A plain number (`+966551234567`, `-5`, `12.50`) is no formula, whatever its first character. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
/** What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text a spreadsheet would run as a formula gets a leading apostrophe, then a cell
 * with a comma, a quote or a line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}${CRLF}`;

/** A record of a CSV: its cells, and its number as a spreadsheet counts rows (from 1). */
export type CsvRecord = { number: number; cells: string[] };

/** A CSV read into records, or why not: a quoted cell left open, or more records than allowed. */
export type ParsedCsv = { records: CsvRecord[] } | { unclosedQuoteAt: number } | { tooManyRecords: true };

/**
 * Reads CSV as RFC 4180 writes it (and as Excel and Google Sheets save it): cells split by commas,
 * quoted cells may hold commas, doubled quotes and line breaks, records end with CRLF or LF. A
 * leading byte order mark is dropped. Blank records (a blank line, or only empty cells, as
 * spreadsheets save an empty row) are left out but counted, so each record keeps the spreadsheet's
 * row number. Reading stops past `maxRecords` records that are not blank, so a hostile file costs
 * at most that many.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): ParsedCsv {
  const records: CsvRecord[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let number = 1;
  let quoteStartedAt = 0;
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  /** Ends the record; false once there are too many. */
  const endRecord = () => {
    row.push(cell);
    cell = '';
    if (row.some(Boolean)) records.push({ number, cells: row });
    row = [];
    number++;
    return records.length <= maxRecords;
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (input[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteStartedAt = number;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      if (!endRecord()) return { tooManyRecords: true };
    } else cell += char;
  }
  if (quoted) return { unclosedQuoteAt: quoteStartedAt };
  if ((cell !== '' || row.length > 0) && !endRecord()) return { tooManyRecords: true };
  return { records };
}

/** A cell as written before `csvCell` guarded it: the apostrophe before a formula-like text goes. */
export function csvValue(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) && !PLAIN_NUMBER.test(cell.slice(1))
    ? cell.slice(1)
    : cell;
}
