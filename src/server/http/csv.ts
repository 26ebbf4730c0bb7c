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

/** A CSV read into rows of cells, or the row where a quoted cell was left open. */
export type ParsedCsv = { rows: string[][] } | { unclosedQuoteAt: number };

/**
 * Reads CSV as RFC 4180 writes it (and as Excel and Google Sheets save it): cells split by commas,
 * quoted cells may hold commas, doubled quotes and line breaks, rows end with CRLF or LF. A
 * leading byte order mark is dropped. Blank lines are rows too (of one empty cell), so that row
 * `i` is the spreadsheet's row `i + 1`, as `unclosedQuoteAt` counts.
 */
export function parseCsv(text: string): ParsedCsv {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let rowStartedQuote = 0;
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const endRow = () => {
    row.push(cell);
    cell = '';
    rows.push(row);
    row = [];
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
      rowStartedQuote = rows.length + 1;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      endRow();
    } else cell += char;
  }
  if (quoted) return { unclosedQuoteAt: rowStartedQuote };
  if (cell !== '' || row.length > 0) endRow();
  return { rows };
}

/** A cell as written before `csvCell` guarded it: the apostrophe before a formula-like text goes. */
export function csvValue(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) && !PLAIN_NUMBER.test(cell.slice(1))
    ? cell.slice(1)
    : cell;
}
