import { Ban, PackageX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useFetcher } from 'react-router';
import { toAsciiDigits } from '../../contract/digits';
import type { Order } from '../../contract/types';
import { ao } from '../i18n/admin-orders';
import type { FieldErrors, FormFailure } from '../lib/form';
import { formatNumber, formatPrice } from '../lib/format';
import { toast } from '../lib/toasts';
import { useFetcherSettled } from '../lib/use-fetcher-settled';
import { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { useUrlDialog } from '../lib/use-url-dialog';
import { ConfirmDialog, DialogCancel, DialogOpener } from './dialog';
import { FormAlert } from './form-alert';
import { FormField, TextAreaField } from './form-field';
import { SubmitButton } from './submit-button';

/*
 * The admin order page's cancel and refund, each a question first (docs/orders.md § The admin order
 * page). Both post to the page's action with their `intent`; before JavaScript loads they are plain forms.
 */

export const cancelFields = ['reason'] as const;
export const refundFields = ['amount', 'reason'] as const;
export type CancelResult = { intent: 'cancel'; ok: true } | ({ intent: 'cancel'; ok: false } & FormFailure<'reason'>);
export type RefundResult =
  | { intent: 'refund'; ok: true; message: string }
  | ({ intent: 'refund'; ok: false } & FormFailure<(typeof refundFields)[number]>);
/** A refund checked and not yet sent: what the question before it shows, and what its form sends. */
export type RefundDraft = {
  /** Major units. */
  amount: number;
  reason: string;
  restock: { lineId: string; count: number }[];
  /** Through the payment provider to the card; otherwise cash handed back by hand. */
  byCard: boolean;
};
/** The action's answer to a refund form not yet confirmed: the question to ask (nothing was sent). */
export type RefundQuestion = { intent: 'refund'; confirm: RefundDraft };

/** The restock count field of an order line. */
export const restockName = (lineId: string) => `restock-${lineId}`;

/** Staff may cancel before delivery (docs/orders.md § Cancel). */
export const canCancel = (order: Pick<Order, 'status'>) => order.status !== 'delivered' && order.status !== 'cancelled';
/** An unpaid cash order on its way may come back refused (docs/orders.md § Cash on delivery). */
export const canBeRefused = (order: Pick<Order, 'status' | 'paymentMethodType' | 'paymentStatus'>) =>
  order.paymentMethodType === 'cash' &&
  order.paymentStatus === 'unpaid' &&
  (order.status === 'processing' || order.status === 'shipped');
/** The `?cancel=` value that opens the cancel dialog for a refused parcel, its reason filled in. */
const REFUSED = 'refused';
/** Money can be given back once paid, until all of it is. */
export const canRefund = (order: Pick<Order, 'paymentStatus'>) =>
  order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';

/** The currency's minor digits (2 for SAR, 3 for KWD). */
const digitsOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** What is left to give back, as the amount field's default (ASCII digits, the currency's decimals). */
export function refundableAmount(order: Pick<Order, 'totalOrderPrice' | 'refundedAmount'>, currency: string): string {
  const digits = digitsOf(currency);
  return String(Number((order.totalOrderPrice - order.refundedAmount).toFixed(digits)));
}

/**
 * The refund form's own checks: an amount above zero and a reason. Whether the amount is more than
 * what is left is the API's to say (it also counts refunds still on their way): its refusal is shown
 * in Arabic through the code table.
 */
export function refundErrors(values: { amount: string; reason: string }): FieldErrors<(typeof refundFields)[number]> {
  const errors: FieldErrors<(typeof refundFields)[number]> = {};
  const amount = refundAmountOf(values.amount);
  if (!values.amount.trim() || !Number.isFinite(amount) || amount <= 0) errors.amount = ao.refundAmountInvalid;
  if (!values.reason.trim()) errors.reason = ao.refundReasonRequired;
  return errors;
}

/** The amount typed in the refund form as a number (Arabic-Indic digits and «٫» accepted); NaN when none. */
export const refundAmountOf = (typed: string) => Number(toAsciiDigits(typed.trim()).replace(/٫/g, '.'));

export function CancelOrder({ order, posted }: { order: Order; posted: CancelResult | undefined }) {
  const dialog = useUrlDialog('cancel');
  const fetcher = useFetcher<CancelResult>();
  const hydrated = useHydrated();
  const result = fetcher.data ?? posted;
  const failure = result && !result.ok ? result : undefined;
  const { errors, formProps } = useFormErrors(
    cancelFields,
    (values) => (values.reason.trim() ? {} : { reason: ao.cancelReasonRequired }),
    failure?.fieldErrors,
  );
  const busy = fetcher.state !== 'idle';
  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return;
    toast.success(ao.cancelled);
    dialog.close();
  });
  const openerClass =
    'inline-flex items-center justify-center gap-1.5 rounded-lg px-4 py-2.5 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50';
  // Stays mounted once the order is cancelled, so the answer still gets its toast; only the openers go.
  return (
    <>
      {canCancel(order) && (
        <DialogOpener href={dialog.href()} onOpen={() => dialog.open()} className={openerClass}>
          <Ban aria-hidden="true" className="size-4" />
          {ao.cancelOrder}
        </DialogOpener>
      )}
      {canBeRefused(order) && (
        <DialogOpener href={dialog.href(REFUSED)} onOpen={() => dialog.open(REFUSED)} className={openerClass}>
          <PackageX aria-hidden="true" className="size-4" />
          {ao.refusedOrder}
        </DialogOpener>
      )}
      <ConfirmDialog
        open={dialog.openFor !== null}
        onOpenChange={(open) => !open && dialog.close()}
        title={ao.cancelTitle}
        description={ao.cancelQuestion}
      >
        {/* A refused parcel's dialog starts with its reason written (a new form when it changes). */}
        <fetcher.Form key={dialog.openFor ?? ''} method="post" className="flex flex-col gap-4" {...formProps}>
          <input type="hidden" name="intent" value="cancel" />
          {hydrated && <input type="hidden" name="js" value="1" />}
          {failure?.formError && !busy && <FormAlert className="">{failure.formError}</FormAlert>}
          <TextAreaField
            name="reason"
            label={ao.cancelReason}
            rows={2}
            maxLength={500}
            error={errors.reason}
            hint={ao.cancelReasonHint}
            defaultValue={dialog.openFor === REFUSED ? ao.refusedReason : undefined}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <DialogCancel to={`/admin/orders/${order.id}`} alert>
              {ao.keepOrder}
            </DialogCancel>
            <SubmitButton pending={busy} pendingText={ao.saving} tone="danger" className="px-5">
              {ao.confirmCancel}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </ConfirmDialog>
    </>
  );
}

/**
 * Partial or full refund, with units put back per line, asked first (docs/orders.md § The admin
 * order page): the form is checked by the action, which answers with the question — the amount and
 * how it goes back, by card through the provider or in cash by hand — and only the question's own
 * form, sent with `confirmed`, gives the money back. Before JavaScript loads the page renders that
 * question. `refundKey` is a random key made once per render of the page (its loader): a second
 * submit of the same form sends the same `Idempotency-Key`, and the API answers the first refund
 * again instead of making another.
 */
export function RefundForm({
  order,
  currency,
  refundKey,
  posted,
  frame,
}: {
  order: Order;
  currency: string;
  refundKey: string;
  posted: RefundResult | RefundQuestion | undefined;
  /** What the form is shown in (the page's panel), while there is money left to give back. */
  frame: (form: ReactNode) => ReactNode;
}) {
  const fetcher = useFetcher<RefundResult | RefundQuestion>();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(posted && 'confirm' in posted ? posted.confirm : undefined);
  const result = fetcher.data ?? posted;
  const failure = result && !('confirm' in result) && !result.ok ? result : undefined;
  const { errors, formProps } = useFormErrors(refundFields, refundErrors, failure?.fieldErrors);
  const busy = fetcher.state !== 'idle';
  useFetcherSettled(fetcher, (answer) => {
    if ('confirm' in answer) return setDraft(answer.confirm);
    setDraft(undefined);
    if (answer.ok) toast.success(answer.message);
  });
  const titles = new Map(order.cartItems.map((line) => [line.id, line.product.title]));
  // Stays mounted once everything is given back, so the last refund still gets its toast; only the form goes.
  return (
    <>
      {canRefund(order) &&
        frame(
          // A new key is a new form: its fields start again from the order as it is now.
          <fetcher.Form key={refundKey} method="post" className="flex flex-col gap-3" {...formProps}>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="idempotencyKey" value={refundKey} />
            {hydrated && <input type="hidden" name="js" value="1" />}
            {failure?.formError && !busy && <FormAlert className="">{failure.formError}</FormAlert>}
            <FormField
              name="amount"
              label={ao.refundAmount}
              inputMode="decimal"
              dir="ltr"
              defaultValue={refundableAmount(order, currency)}
              error={errors.amount}
              hint={ao.refundableHint(formatPrice(Number(refundableAmount(order, currency)), currency))}
            />
            <TextAreaField name="reason" label={ao.refundReasonLabel} rows={2} maxLength={500} error={errors.reason} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-bold">{ao.restockLegend}</legend>
              {order.cartItems.map((line) => (
                <FormField
                  key={line.id}
                  name={restockName(line.id)}
                  label={ao.restockLine(line.product.title)}
                  type="number"
                  min={0}
                  max={line.count}
                  step={1}
                  defaultValue="0"
                  hint={ao.restockHint(formatNumber(0), formatNumber(line.count))}
                />
              ))}
            </fieldset>
            <SubmitButton pending={busy} pendingText={ao.saving} className="w-full sm:w-auto sm:self-start sm:px-6">
              {ao.refundSubmit}
            </SubmitButton>
          </fetcher.Form>,
        )}
      {draft && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDraft(undefined)}
          title={ao.refundQuestion(formatPrice(draft.amount, currency), draft.byCard)}
          description={
            <>
              {draft.byCard ? ao.refundByCard : ao.refundByHand}
              {draft.restock.length > 0 && (
                <>
                  {' '}
                  {ao.refundRestocked(
                    draft.restock
                      .map((line) => `${titles.get(line.lineId) ?? ''} × ${formatNumber(line.count)}`)
                      .join('، '),
                  )}
                </>
              )}
            </>
          }
        >
          <fetcher.Form method="post" className="flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="confirmed" value="1" />
            <input type="hidden" name="idempotencyKey" value={refundKey} />
            <input type="hidden" name="amount" value={String(draft.amount)} />
            <input type="hidden" name="reason" value={draft.reason} />
            {draft.restock.map((line) => (
              <input key={line.lineId} type="hidden" name={restockName(line.lineId)} value={line.count} />
            ))}
            {hydrated && <input type="hidden" name="js" value="1" />}
            <DialogCancel to={`/admin/orders/${order.id}`} alert>
              {ao.keepMoney}
            </DialogCancel>
            <SubmitButton pending={busy} pendingText={ao.saving} tone="danger" className="px-5">
              {ao.confirmRefund}
            </SubmitButton>
          </fetcher.Form>
        </ConfirmDialog>
      )}
    </>
  );
}
