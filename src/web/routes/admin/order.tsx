import { randomUUID } from 'node:crypto';
import { ArrowRight, Mail, MapPin, Phone, Printer, UserRound } from 'lucide-react';
import { useState } from 'react';
import { data, Link, type ShouldRevalidateFunctionArgs, useFetcher } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import { toAsciiDigits } from '../../../contract/digits';
import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '../../../contract/order-statuses';
import type { Order, OrderEvent, OrderStatusChange } from '../../../contract/types';
import {
  CancelOrder,
  type CancelResult,
  cancelFields,
  RefundForm,
  type RefundQuestion,
  type RefundResult,
  refundAmountOf,
  refundErrors,
  refundFields,
  restockName,
} from '../../components/admin-order-actions';
import { Detail, Panel } from '../../components/admin-panel';
import { FormAlert } from '../../components/form-alert';
import { FormField, SelectField, TextAreaField } from '../../components/form-field';
import { CreditNoteLink, OrderCard } from '../../components/order-card';
import { SubmitButton } from '../../components/submit-button';
import { UnrecognisedCity } from '../../components/unrecognised-city';
import { at } from '../../i18n/account';
import { customerText } from '../../i18n/admin-customers';
import { ao } from '../../i18n/admin-orders';
import { inv } from '../../i18n/invoice';
import { ps } from '../../i18n/packing-slip';
import { isMissingOrder, loadStaffOrder } from '../../lib/admin-order.server';
import { type ApiClient, ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import type { FormFailure } from '../../lib/form';
import { formatCode, formatPrice } from '../../lib/format';
import { answerSave } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import { actorLabel, nextStatuses, readStatusChoice, statusChoiceError } from '../../lib/order-status';
import { toast } from '../../lib/toasts';
import { useFetcherSettled } from '../../lib/use-fetcher-settled';
import { useFormErrors } from '../../lib/use-form-errors';
import { useHydrated } from '../../lib/use-hydrated';
import type { Route } from './+types/order';

const statusFields = ['status', 'note', 'carrier', 'trackingNumber', 'trackingUrl'] as const;
type StatusField = (typeof statusFields)[number];
type StatusResult =
  | { intent: 'status'; ok: true; message: string }
  | ({ intent: 'status'; ok: false } & FormFailure<StatusField>);
type ActionResult = StatusResult | CancelResult | RefundResult | RefundQuestion;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return {
    ...(await loadStaffOrder(request, context, params.id)),
    // A new Idempotency-Key for each render of the refund form (docs/orders.md § The admin order page).
    refundKey: randomUUID(),
  };
}

/** Moves the order along its allowed statuses; the placeholder and a move the order's status does not allow send nothing. */
async function saveStatus(api: ApiClient, id: string, form: FormData, phoneCountry: string): Promise<StatusResult> {
  const text = (name: StatusField) => String(form.get(name) ?? '').trim();
  const choice = readStatusChoice(text('status'));
  if (choice === null) return { intent: 'status', ok: false, fieldErrors: { status: ao.chooseFirst } };
  try {
    const { data: order } = await api.orders.get(id);
    const refused = statusChoiceError(choice, order.status);
    if (refused) return { intent: 'status', ok: false, fieldErrors: { status: refused } };
    const change: OrderStatusChange = { status: choice };
    if (text('note')) change.note = text('note');
    // Tracking goes with a shipment only; an empty field is left out (the API would clear it).
    if (choice === 'shipped') {
      for (const name of ['carrier', 'trackingNumber', 'trackingUrl'] as const)
        if (text(name)) change[name] = text(name);
    }
    await api.orders.setStatus(id, change);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (isMissingOrder(error)) return { intent: 'status', ok: false, fieldErrors: {}, formError: ao.orderGone };
    return { intent: 'status', ok: false, ...formFailureFromApi(error, statusFields, phoneCountry) };
  }
  return { intent: 'status', ok: true, message: ao.statusSaved(ORDER_STATUS_NAMES[choice]) };
}

/** Cancels the order with the admin's reason (docs/orders.md § Cancel). */
async function cancelOrder(api: ApiClient, id: string, form: FormData, phoneCountry: string): Promise<CancelResult> {
  const reason = String(form.get('reason') ?? '').trim();
  if (!reason) return { intent: 'cancel', ok: false, fieldErrors: { reason: ao.cancelReasonRequired } };
  try {
    await api.orders.cancel(id, reason);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (isMissingOrder(error)) return { intent: 'cancel', ok: false, fieldErrors: {}, formError: ao.orderGone };
    return { intent: 'cancel', ok: false, ...formFailureFromApi(error, cancelFields, phoneCountry) };
  }
  return { intent: 'cancel', ok: true };
}

/**
 * Gives money back with the form's Idempotency-Key, so the same form sent twice refunds once
 * (docs/orders.md § Refunds) — once confirmed: a form without `confirmed` is checked and answered
 * with the question to ask (amount and method), and nothing is sent to the API.
 */
async function refund(
  api: ApiClient,
  id: string,
  form: FormData,
  { phoneCountry, currency }: { phoneCountry: string; currency: string },
): Promise<RefundResult | RefundQuestion> {
  const fail = (failure: FormFailure<(typeof refundFields)[number]>): RefundResult => ({
    intent: 'refund',
    ok: false,
    ...failure,
  });
  const amount = String(form.get('amount') ?? '').trim();
  const reason = String(form.get('reason') ?? '').trim();
  const key = String(form.get('idempotencyKey') ?? '');
  if (!key) throw data(null, { status: 400 });
  try {
    const { data: order } = await api.orders.get(id);
    const refused = refundErrors({ amount, reason });
    if (Object.keys(refused).length) return fail({ fieldErrors: refused });
    const restock: { lineId: string; count: number }[] = [];
    for (const line of order.cartItems) {
      const raw = toAsciiDigits(String(form.get(restockName(line.id)) ?? '').trim()) || '0';
      const count = Number(raw);
      if (!Number.isInteger(count) || count < 0 || count > line.count) {
        return fail({ fieldErrors: {}, formError: ao.restockInvalid });
      }
      if (count > 0) restock.push({ lineId: line.id, count });
    }
    if (form.get('confirmed') !== '1') {
      const byCard = order.paymentMethodType === 'card';
      return { intent: 'refund', confirm: { amount: refundAmountOf(amount), reason, restock, byCard } };
    }
    const { data: made } = await api.orders.refund(id, { amount, reason, restock }, key);
    const shown = formatPrice(made.amount, currency);
    const done = made.status === 'due' ? ao.refundPending(shown) : ao.refundDone(shown);
    // The refund's credit note, when the order has a tax invoice (docs/invoices.md § Credit notes).
    const note =
      made.creditNoteNumber === undefined ? '' : ` — ${inv.creditNote.named(formatCode(made.creditNoteNumber))}`;
    return { intent: 'refund', ok: true, message: `${done}${note}` };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (isMissingOrder(error)) return fail({ fieldErrors: {}, formError: ao.orderGone });
    return fail(formFailureFromApi(error, refundFields, phoneCountry));
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const form = await request.formData();
  const api = apiFor(request, context);
  const { phoneCountry } = context.shop;
  const back = `/admin/orders/${params.id}`;
  // The original specification reloaded the page; here the order revalidates in place (docs/decisions/0007-revalidate-instead-of-reload.md).
  switch (form.get('intent')) {
    case 'cancel':
      return answerSave(request, form, await cancelOrder(api, params.id, form, phoneCountry), back, () => ao.cancelled);
    case 'refund': {
      const answer = await refund(api, params.id, form, context.shop);
      // The question before a refund is shown on the page, before JavaScript loads too; nothing changed.
      if ('confirm' in answer) return answer;
      return answerSave(request, form, answer, back, (done) => done.message);
    }
    default: {
      if (!form.has('status')) throw data(null, { status: 400 });
      const result = await saveStatus(api, params.id, form, phoneCountry);
      return answerSave(request, form, result, back, (saved) => saved.message);
    }
  }
}

/**
 * The question before a refund changed nothing: the order is not read again, and the refund form
 * keeps its key and what was typed in it (the question's form sends the same key).
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'confirm' in actionResult) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { order, shop } = loaderData;
  return pageMeta({
    shop,
    title: `${ao.detailTitle}: ${at.orderNumber(formatCode(order.number))}`,
    description: ao.detailDescription,
    path: `/admin/orders/${order.id}`,
    noindex: true,
  });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, order, refundKey } = loaderData;
  const posted = actionData as ActionResult | undefined;
  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{ao.detailTitle}</h1>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link
            to={`/admin/orders/${order.id}/packing-slip`}
            className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
          >
            <Printer aria-hidden="true" className="size-4" />
            {ps.link}
          </Link>
          <Link
            to="/admin/allorders"
            className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
          >
            <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
            {ao.backToOrders}
          </Link>
        </div>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
        <div className="flex min-w-0 flex-col gap-4">
          <OrderCard order={order} currency={shop.currency} timeZone={shop.timeZone} />
          <Timeline order={order} currency={shop.currency} timeZone={shop.timeZone} />
        </div>
        <div className="flex flex-col gap-4">
          <StatusForm order={order} posted={posted?.intent === 'status' ? posted : undefined} />
          <CancelOrder order={order} posted={posted?.intent === 'cancel' ? posted : undefined} />
          <RefundForm
            order={order}
            currency={shop.currency}
            refundKey={refundKey}
            posted={posted?.intent === 'refund' ? posted : undefined}
            frame={(form) => (
              <Panel id="refund-heading" title={ao.refundTitle}>
                {form}
              </Panel>
            )}
          />
          <CustomerDetails order={order} />
        </div>
      </div>
    </>
  );
}

/**
 * One status control (docs/orders.md § The admin order page): only the statuses the order may move
 * to now, the tracking fields for «تم الشحن», an optional note. Posts through a fetcher: on success
 * a toast and the order updates in place. Before JavaScript loads it is a plain form (the tracking
 * fields always shown) and the action checks the same rules.
 */
function StatusForm({ order, posted }: { order: Order; posted: StatusResult | undefined }) {
  const fetcher = useFetcher<StatusResult>();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState('');
  const result = fetcher.data ?? posted;
  const failure = result && !result.ok ? result : undefined;
  const { errors, formProps } = useFormErrors(
    statusFields,
    (values) => {
      const refused = statusChoiceError(values.status, order.status);
      return refused ? { status: refused } : {};
    },
    failure?.fieldErrors,
  );
  const busy = fetcher.state !== 'idle';
  const choices = nextStatuses(order.status);

  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return;
    toast.success(answer.message);
    formProps.ref.current?.reset();
    setChosen('');
  });

  return (
    <Panel id="status-heading" title={ao.statusTitle}>
      <p className="mb-1 font-bold">{ao.current(ORDER_STATUS_NAMES[order.status])}</p>
      <p className="mb-4 text-sm text-slate-600">{ao.paymentNow(PAYMENT_STATUS_NAMES[order.paymentStatus])}</p>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-600">{ao.noNextStatus}</p>
      ) : (
        <fetcher.Form method="post" className="flex flex-col gap-3" {...formProps}>
          <input type="hidden" name="intent" value="status" />
          {hydrated && <input type="hidden" name="js" value="1" />}
          {failure?.formError && !busy && <FormAlert className="">{failure.formError}</FormAlert>}
          <SelectField
            name="status"
            label={ao.statusLabel}
            defaultValue=""
            error={errors.status}
            hint={ao.statusIntro}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            <option value="">{ao.choose}</option>
            {choices.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_NAMES[status]}
              </option>
            ))}
          </SelectField>
          {(!hydrated || chosen === 'shipped') && (
            <>
              <FormField name="carrier" label={ao.carrier} defaultValue={order.carrier} error={errors.carrier} />
              <FormField
                name="trackingNumber"
                label={ao.trackingNumber}
                dir="ltr"
                defaultValue={order.trackingNumber}
                error={errors.trackingNumber}
              />
              <FormField
                name="trackingUrl"
                label={ao.trackingUrl}
                type="url"
                dir="ltr"
                defaultValue={order.trackingUrl}
                error={errors.trackingUrl}
                hint={ao.trackingHint}
              />
            </>
          )}
          <TextAreaField name="note" label={ao.note} rows={2} maxLength={500} error={errors.note} />
          <SubmitButton pending={busy} pendingText={ao.saving} className="w-full sm:w-auto sm:self-start sm:px-6">
            {ao.saveStatus}
          </SubmitButton>
        </fetcher.Form>
      )}
    </Panel>
  );
}

/** What one change did, in words. */
function eventText(event: OrderEvent, currency: string): string {
  switch (event.kind) {
    case 'created':
      return ao.events.created;
    case 'status':
      return ao.events.status(event.to ? ORDER_STATUS_NAMES[event.to] : '');
    case 'payment':
      return ao.events.payment(event.paymentStatus ? PAYMENT_STATUS_NAMES[event.paymentStatus] : '');
    case 'refund':
      return ao.events.refund(formatPrice(event.amount ?? 0, currency));
  }
}

/** The order's history, oldest first (docs/orders.md § History). */
function Timeline({ order, currency, timeZone }: { order: Order; currency: string; timeZone: string }) {
  return (
    <Panel id="timeline-heading" title={ao.timelineTitle}>
      <ol className="flex flex-col gap-3 border-s-2 border-slate-200 ps-4">
        {order.history.map((event, index) => (
          // The history only grows and is never reordered: its index is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex flex-col gap-0.5">
            <span className="font-bold">{eventText(event, currency)}</span>
            <span className="text-sm text-slate-600">
              <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time> ·{' '}
              {ao.by(event.byName ?? actorLabel(event.by))}
            </span>
            {(event.carrier || event.trackingNumber) && (
              <span className="text-sm">
                {[event.carrier, event.trackingNumber].filter(Boolean).map((part) => (
                  <bdi key={part} className="me-2">
                    {part}
                  </bdi>
                ))}
              </span>
            )}
            {event.trackingUrl && (
              <a
                href={event.trackingUrl}
                dir="ltr"
                rel="noopener noreferrer"
                target="_blank"
                className="text-sm text-brand-700 underline [overflow-wrap:anywhere]"
              >
                {event.trackingUrl}
              </a>
            )}
            {event.note && <bdi className="text-sm">{event.note}</bdi>}
            {event.creditNoteNumber !== undefined && (
              <span>
                <CreditNoteLink orderId={order.id} number={event.creditNoteNumber} />
              </span>
            )}
          </li>
        ))}
      </ol>
      {order.refundedAmount > 0 && (
        <p className="mt-3 font-bold">{ao.refundedSoFar(formatPrice(order.refundedAmount, currency))}</p>
      )}
    </Panel>
  );
}

function CustomerDetails({ order }: { order: Order }) {
  const { user, shippingAddress: address } = order;
  return (
    <>
      <Panel id="customer-heading" title={ao.customer}>
        <dl className="flex flex-col gap-3">
          <Detail Icon={UserRound} term={ao.customerName}>
            <bdi>{user.name}</bdi>
          </Detail>
          <Detail Icon={Phone} term={ao.customerPhone}>
            <bdi dir="ltr">{user.phone}</bdi>
          </Detail>
          <Detail Icon={Mail} term={ao.customerEmail}>
            <bdi dir="ltr" className="[overflow-wrap:anywhere]">
              {user.email}
            </bdi>
          </Detail>
        </dl>
        <Link to={`/admin/customers/${user.id}`} className="mt-3 inline-block font-bold text-brand-700 hover:underline">
          {customerText.openCustomer}
        </Link>
      </Panel>
      <Panel id="shipping-heading" title={ao.shippingAddress}>
        <dl className="flex flex-col gap-3">
          <Detail Icon={MapPin} term={ao.addressDetails}>
            <bdi>{address.details}</bdi>
          </Detail>
          <Detail term={ao.city}>
            <bdi>{address.city}</bdi>
            <UnrecognisedCity address={address} />
          </Detail>
          {address.postalCode && (
            <Detail term={ao.postalCode}>
              <bdi dir="ltr">{address.postalCode}</bdi>
            </Detail>
          )}
          <Detail Icon={Phone} term={ao.customerPhone}>
            <bdi dir="ltr">{address.phone}</bdi>
          </Detail>
        </dl>
      </Panel>
    </>
  );
}
