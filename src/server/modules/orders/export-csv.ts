import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { wallClock } from '../../../contract/dates.js';
import { toMajor } from '../../../contract/money.js';
import { MONEY_LABELS } from '../../../contract/money-lines.js';
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '../../../contract/order-statuses.js';
import { lineLabel } from '../../../contract/variant-names.js';
import type { Database } from '../../../db/client.js';
import { BOM, csvLine } from '../../http/csv.js';
import { type ExportedOrder, ordersInBatches } from './service.js';

/*
 * The order list as CSV for spreadsheets (docs/orders.md, "The admin orders list"; the format:
 * src/server/http/csv.ts). Headings and values are in Arabic, with the names the screens use; dates are the shop's wall clock (docs/dates.md), amounts decimals of
 * the currency's major unit.
 */

/** Rows read from the database at a time: the export's memory is one batch, whatever its size. */
export const EXPORT_BATCH = 500;

/** What the export needs of the shop: its currency (and the digits of its minor unit) and its zone. */
export type CsvShop = { currency: string; digits: number; timeZone: string };

/** The columns, in order: a heading and how a row fills it. */
function columns({ currency, digits, timeZone }: CsvShop) {
  const amount = (minor: number) => toMajor(minor, digits).toFixed(digits);
  const shopTime = (instant: Date) => {
    const { date, time } = wallClock(instant, timeZone);
    return `${date} ${time.slice(0, 5)}`;
  };
  const table: [string, (row: ExportedOrder) => string | number][] = [
    ['رقم الطلب', ({ order }) => order.number],
    ['التاريخ', ({ order }) => shopTime(order.createdAt)],
    ['العميل', ({ user }) => user.name],
    ['البريد الإلكتروني', ({ user }) => user.email],
    ['الجوال', ({ user }) => user.phone],
    ['المدينة', ({ order }) => order.shippingAddress.city],
    ['المنتجات', ({ lines }) => lines.map(lineLabel).join(' | ')],
    ['طريقة الدفع', ({ order }) => PAYMENT_METHOD_NAMES[order.paymentMethodType]],
    ['الحالة', ({ order }) => ORDER_STATUS_NAMES[order.status]],
    ['حالة الدفع', ({ order }) => PAYMENT_STATUS_NAMES[order.paymentStatus]],
    [MONEY_LABELS.subtotal, ({ order }) => amount(order.subtotal)],
    [MONEY_LABELS.discount, ({ order }) => amount(order.discount)],
    [MONEY_LABELS.shipping, ({ order }) => amount(order.shippingPrice)],
    [MONEY_LABELS.codFee, ({ order }) => amount(order.codFee)],
    [MONEY_LABELS.vat, ({ order }) => amount(order.taxPrice)],
    [MONEY_LABELS.total, ({ order }) => amount(order.totalOrderPrice)],
    ['العملة', () => currency],
  ];
  return table;
}

/** The CSV of every order matching `where`, as a stream that reads the next batch when the last was sent. */
export function ordersCsv(db: Database, where: SQL | undefined, shop: CsvShop): Readable {
  const table = columns(shop);
  async function* lines() {
    yield `${BOM}${csvLine(table.map(([heading]) => heading))}`;
    for await (const rows of ordersInBatches(db, where, EXPORT_BATCH)) {
      if (rows.length > 0) yield rows.map((row) => csvLine(table.map(([, cell]) => cell(row)))).join('');
    }
  }
  return Readable.from(lines());
}
