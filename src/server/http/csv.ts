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
