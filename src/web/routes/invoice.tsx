import { data, Link } from 'react-router';
import { isStaffRole } from '../../contract/staff-roles';
import type { CreditNote } from '../../contract/types';
import { PrintButton } from '../components/print-button';
import { documentMoney, TaxDocument } from '../components/tax-document';
import { inv } from '../i18n/invoice';
import { ApiError } from '../lib/api';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { formatCode } from '../lib/format';
import { qrImage } from '../lib/invoice-qr.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/invoice';

/** Another customer's order, an unknown one and a malformed id all read the same: not found. */
function notFoundOnMissing(error: unknown): never {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
  throw error;
}

/**
 * The printable simplified tax invoice of an order (docs/invoices.md) and after it each of its
 * credit notes, for the order's customer and for staff: the API decides who may read them
 * (SECURITY.md § Invoices); anyone else, and an unknown order, get the not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const api = apiFor(request, context);
  const [found, notes] = await Promise.all([
    api.orders.invoice(params.id).then(
      (r) => r.data,
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'INVOICE_NOT_ISSUED') return null;
        return notFoundOnMissing(error);
      },
    ),
    api.orders.creditNotes(params.id).then((r) => r.data, notFoundOnMissing),
  ]);
  const invoice = found ? { ...found, qrImage: qrImage(found.qr) } : null;
  const creditNotes = notes.map((note) => ({ ...note, qrImage: qrImage(note.qr) }));
  return {
    shop: context.shop,
    invoice,
    creditNotes,
    ordersHref: isStaffRole(user.role) ? '/admin/allorders' : '/user/allOrders',
    staff: isStaffRole(user.role),
  };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: inv.title,
    description: inv.description,
    path: `/orders/${params.id}/invoice`,
    noindex: true,
  });
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice, creditNotes, ordersHref, staff } = loaderData;
  if (!invoice) {
    return (
      <section className="mx-auto max-w-lg py-12 text-center">
        <h1 className="mb-3 text-2xl font-bold">{inv.noneTitle}</h1>
        <p className="mb-6 text-slate-700">{inv.noneText}</p>
        <Link to={ordersHref} className="font-bold text-brand-700 underline">
          {inv.backToOrders}
        </Link>
      </section>
    );
  }
  return (
    <>
      <TaxDocument document={invoice} kind="invoice" toolbar={<Toolbar ordersHref={ordersHref} />} staff={staff} />
      {creditNotes.map((note) => (
        <CreditNoteSheet key={note.number} note={note} staff={staff} />
      ))}
    </>
  );
}

function Toolbar({ ordersHref }: { ordersHref: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Link to={ordersHref} className="font-bold text-brand-700 underline">
        {inv.backToOrders}
      </Link>
      <PrintButton label={inv.print} hint={inv.printHint} />
    </div>
  );
}

/** A credit note (docs/invoices.md § Credit notes): the invoice's sheet, with what it corrects and why. */
function CreditNoteSheet({ note, staff }: { note: CreditNote & { qrImage: string }; staff: boolean }) {
  const cn = inv.creditNote;
  return (
    <TaxDocument
      document={note}
      kind="creditNote"
      staff={staff}
      subtitle={cn.refersTo(formatCode(note.refersTo.number))}
      details={
        <>
          <dt className="text-slate-600">{cn.reason}</dt>
          <dd>
            <bdi>{note.reason}</bdi>
          </dd>
          <dt className="text-slate-600">{cn.refundAmount}</dt>
          {/* A cancel of an unpaid order credits the invoice and gives nothing back (docs/invoices.md). */}
          <dd className="font-bold">
            {note.refundAmount === 0 ? cn.cancelledBeforePayment : documentMoney(note.refundAmount, note.currency)}
          </dd>
        </>
      }
    />
  );
}
