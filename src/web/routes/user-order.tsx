import { ArrowRight, CircleCheck, ExternalLink, MapPin, Truck, XCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { formatDateTime } from '../../contract/dates';
import type { Order } from '../../contract/types';
import { ConfirmDialog, DialogCancel, DialogOpener } from '../components/dialog';
import { TextAreaField } from '../components/form-field';
import { CreditNoteLink, OrderCard } from '../components/order-card';
import { SubmitButton } from '../components/submit-button';
import { at } from '../i18n/account';
import { actorLabels, co, eventTitle } from '../i18n/customer-orders';
import { type ApiClient, ApiError } from '../lib/api';
import { errorText } from '../lib/api-errors';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { formatCode, formatPrice } from '../lib/format';
import { showPhone } from '../lib/format-phone';
import { answerDelete } from '../lib/list-action.server';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toasts';
import { useHydrated } from '../lib/use-hydrated';
import { useUrlDialog } from '../lib/use-url-dialog';
import type { Route } from './+types/user-order';

/** The longest reason the API takes (docs/orders.md § Cancel). */
const REASON_MAX = 500;

/** Another customer's order, an unknown one and a malformed id all read the same: not found. */
function notFoundOnMissing(error: unknown): never {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
  throw error;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'user');
  const order = await apiFor(request, context)
    .orders.get(params.id)
    .then((r) => r.data, notFoundOnMissing);
  const { shop } = context;
  // ?placed=1: the order was just made (the payment screen and the card's return lead here).
  const placed = new URL(request.url).searchParams.get('placed') === '1';
  return {
    shop,
    placed,
    order: {
      ...order,
      shippingAddress: { ...order.shippingAddress, phone: showPhone(order.shippingAddress.phone, shop) },
    },
  };
}

type CancelResult = { ok: true } | { ok: false; message: string };

async function cancelOrder(api: ApiClient, id: string, reason: string, phoneCountry: string): Promise<CancelResult> {
  try {
    await api.orders.cancel(id, reason.trim() || undefined);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // The one code → Arabic table (src/web/i18n/api-errors.ts): ORDER_NOT_CANCELLABLE, ORDER_NOTE_TOO_LONG…
    return { ok: false, message: errorText(error.code, { phoneCountry }) ?? co.cancelFailed };
  }
}

/** The customer's cancel (docs/orders.md § Cancel): a page form, so it works before JavaScript loads too. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const form = await request.formData();
  if (form.get('intent') !== 'cancel') throw data(null, { status: 400 });
  const api = apiFor(request, context);
  const reason = String(form.get('reason') ?? '');
  const result = await cancelOrder(api, params.id, reason, context.shop.phoneCountry);
  return answerDelete(request, form, result, `/user/orders/${encodeURIComponent(params.id)}`, co.cancelled);
}

/** A refused cancel (a 400) still reloads the order: the shop may have moved it meanwhile, and the page shows it as it is now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { order, shop } = loaderData;
  return pageMeta({
    shop,
    title: `${co.detailTitle}: ${at.orderNumber(formatCode(order.number))}`,
    description: co.detailDescription,
    path: `/user/orders/${order.id}`,
    noindex: true,
  });
}

export default function UserOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, order, placed } = loaderData;
  const dialog = useUrlDialog('cancel');
  const number = formatCode(order.number);

  // Runs for each new answer of the action only (`dialog` is a new object on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(co.cancelled);
    else toast.error(actionData.message);
    dialog.close();
  }, [actionData]);

  return (
    <>
      {placed && order.status !== 'cancelled' && <Thanks order={order} />}
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{co.detailTitle}</h1>
        <Link
          to="/user/allOrders"
          className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
        >
          <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
          {co.backToOrders}
        </Link>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
        {/* The card says the status and the payment state beside the method. */}
        <OrderCard order={order} currency={shop.currency} timeZone={shop.timeZone}>
          {order.status === 'pending' && (
            <p className="mt-3">
              <DialogOpener
                href={dialog.href()}
                onOpen={() => dialog.open()}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-bold text-red-700 ring-1 ring-slate-300 hover:bg-slate-100"
              >
                <XCircle aria-hidden="true" className="size-4" />
                {co.cancelOrder}
              </DialogOpener>
            </p>
          )}
        </OrderCard>
        <div className="flex flex-col gap-4">
          <Panel id="address-heading" title={co.shippingAddress} Icon={MapPin}>
            <p className="leading-7">
              <bdi>{order.shippingAddress.city}</bdi>، <bdi>{order.shippingAddress.details}</bdi>
            </p>
            <p dir="ltr" className="text-end">
              {order.shippingAddress.phone}
            </p>
          </Panel>
          <Tracking order={order} />
          <Timeline order={order} currency={shop.currency} timeZone={shop.timeZone} />
        </div>
      </div>
      <ConfirmDialog
        open={order.status === 'pending' && dialog.openFor !== null}
        onOpenChange={(open) => !open && dialog.close()}
        title={co.cancelTitle}
        description={co.cancelQuestion(number)}
      >
        <CancelForm cancelTo={`/user/orders/${order.id}`} />
      </ConfirmDialog>
    </>
  );
}

function CancelForm({ cancelTo }: { cancelTo: string }) {
  const hydrated = useHydrated();
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="cancel" />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <TextAreaField name="reason" label={co.cancelReason} hint={co.cancelReasonHint} maxLength={REASON_MAX} />
      <div className="flex flex-wrap justify-end gap-3">
        <DialogCancel to={cancelTo} alert>
          {co.keepOrder}
        </DialogCancel>
        <SubmitButton intent="cancel" tone="danger" className="px-5">
          {co.confirmCancel}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** After placing an order: its number and what happens next. */
function Thanks({ order }: { order: Order }) {
  return (
    <section
      aria-labelledby="thanks-heading"
      className="mb-6 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 sm:p-5"
    >
      <h2 id="thanks-heading" className="flex items-center gap-2 text-xl font-bold">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
        {co.thanksTitle}
      </h2>
      <p className="mt-1 font-bold">{co.thanksNumber(formatCode(order.number))}</p>
      <h3 className="mt-3 font-bold">{co.nextTitle}</h3>
      <ul className="mt-1 list-disc space-y-1 ps-5">
        <li>{co.nextPrepare}</li>
        <li>{co.nextEmail}</li>
        <li>{order.paymentMethodType === 'cash' ? co.nextCash : co.nextCard}</li>
      </ul>
    </section>
  );
}

function Tracking({ order }: { order: Order }) {
  const { carrier, trackingNumber, trackingUrl } = order;
  if (!carrier && !trackingNumber && !trackingUrl) return null;
  return (
    <Panel id="tracking-heading" title={co.tracking} Icon={Truck}>
      <dl className="space-y-1">
        {carrier && (
          <div>
            <dt className="inline text-slate-600">{co.carrier}: </dt>
            <dd className="inline font-bold">
              <bdi>{carrier}</bdi>
            </dd>
          </div>
        )}
        {trackingNumber && (
          <div>
            <dt className="inline text-slate-600">{co.trackingNumber}: </dt>
            <dd className="inline font-bold" dir="ltr">
              {trackingNumber}
            </dd>
          </div>
        )}
      </dl>
      {trackingUrl && (
        // The API takes http(s) addresses only (docs/orders.md § Statuses), so the link is safe to follow.
        <a
          href={trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex items-center gap-1 font-bold text-brand-700 underline"
        >
          {co.trackParcel}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">{co.opensInNewTab}</span>
        </a>
      )}
    </Panel>
  );
}

/** The order's history, oldest first as the API gives it: the newest change is last. */
function Timeline({ order, currency, timeZone }: { order: Order; currency: string; timeZone: string }) {
  return (
    <Panel id="history-heading" title={co.historyTitle}>
      <p className="mb-3 text-sm text-slate-600">{co.historyHint}</p>
      <ol aria-label={co.historyTitle} className="relative space-y-4 border-s-2 border-slate-200 ps-4">
        {order.history.map((event, index) => (
          // Events have no id; the history only ever grows at its end, so the index is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="relative">
            <span aria-hidden="true" className="absolute -start-[1.4rem] top-1.5 size-3 rounded-full bg-brand-700" />
            <p className="font-bold">{eventTitle(event, formatPrice(event.amount ?? 0, currency))}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time> · {co.by} {actorLabels[event.by]}
            </p>
            {event.note && (
              <p className="mt-1 text-sm">
                {event.to === 'cancelled' || event.kind === 'refund' ? co.reason : co.note}: <bdi>{event.note}</bdi>
              </p>
            )}
            {event.creditNoteNumber !== undefined && (
              <p className="mt-1">
                <CreditNoteLink orderId={order.id} number={event.creditNoteNumber} />
              </p>
            )}
            {(event.carrier || event.trackingNumber) && (
              <p className="mt-1 text-sm">
                {event.carrier && <bdi>{event.carrier}</bdi>}{' '}
                {event.trackingNumber && <bdi dir="ltr">{event.trackingNumber}</bdi>}
              </p>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function Panel({
  id,
  title,
  Icon,
  children,
}: {
  id: string;
  title: string;
  Icon?: typeof MapPin;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-bold">
        {Icon && <Icon aria-hidden="true" className="size-5 text-brand-700" />}
        {title}
      </h2>
      {children}
    </section>
  );
}
