import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { toMajor } from '../../../contract/money.js';
import type { Database } from '../../../db/client.js';
import { type ExportedOrder, ordersInBatches } from './service.js';

/*
 * The order list as CSV for spreadsheets (docs/orders.md, "The admin orders list"; SECURITY.md,
 * "Order export"): UTF-8 with a byte order mark (Excel then reads Arabic), CRLF line ends, RFC 4180
 * quoting, and no cell a spreadsheet would run as a formula.
 */

/** Rows read from the database at a time: the export's memory is one batch, whatever its size. */
export const EXPORT_BATCH = 500;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** A plain number (`+966551234567`, `-5`, `12.50`) is no formula, whatever its first character. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
/** What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text a spreadsheet would run as a formula gets a leading apostrophe, then a cell
 * with a comma, a quote or a line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number | boolean)[]) => `${cells.map(csvCell).join(',')}${CRLF}`;

/** The columns, in order: a heading and how a row fills it. */
function columns(currency: string, digits: number) {
  const amount = (minor: number) => toMajor(minor, digits).toFixed(digits);
  const table: [string, (row: ExportedOrder) => string | number | boolean][] = [
    ['number', ({ order }) => order.number],
    ['date', ({ order }) => order.createdAt.toISOString()],
    ['customer', ({ user }) => user.name],
    ['email', ({ user }) => user.email],
    ['phone', ({ user }) => user.phone],
    ['city', ({ order }) => order.shippingAddress.city],
    ['method', ({ order }) => order.paymentMethodType],
    ['paid', ({ order }) => order.isPaid],
    ['delivered', ({ order }) => order.isDelivered],
    ['subtotal', ({ order }) => amount(order.subtotal)],
    ['discount', ({ order }) => amount(order.discount)],
    ['shipping', ({ order }) => amount(order.shippingPrice)],
    ['codFee', ({ order }) => amount(order.codFee)],
    ['vat', ({ order }) => amount(order.taxPrice)],
    ['total', ({ order }) => amount(order.totalOrderPrice)],
    ['currency', () => currency],
  ];
  return table;
}

/** The CSV of every order matching `where`, as a stream that reads the next batch when the last was sent. */
export function ordersCsv(db: Database, where: SQL | undefined, currency: string, digits: number): Readable {
  const table = columns(currency, digits);
  async function* lines() {
    yield `${BOM}${csvLine(table.map(([heading]) => heading))}`;
    for await (const rows of ordersInBatches(db, where, EXPORT_BATCH)) {
      if (rows.length > 0) yield rows.map((row) => csvLine(table.map(([, cell]) => cell(row)))).join('');
    }
  }
  return Readable.from(lines());
}
