import { ArrowRight, Mail, MapPin, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { Order } from '../../../contract/types';
import { FormAlert } from '../../components/form-alert';
import { SelectField } from '../../components/form-field';
import { OrderCard } from '../../components/order-card';
import { SubmitButton } from '../../components/submit-button';
import { at } from '../../i18n/account';
import { ao } from '../../i18n/admin-orders';
import { type ApiClient, ApiError } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import type { FormFailure } from '../../lib/form';
import { formatCode, showPhone } from '../../lib/format';
import { answerSave } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import {
  flagChoiceError,
  flagLabel,
  flagSavedText,
  type OrderFlag,
  orderFlags,
  readFlagChoice,
} from '../../lib/order-status';
import { useFetcherSettled } from '../../lib/use-fetcher-settled';
import { useFormErrors, useHydrated } from '../../lib/use-form-errors';
import type { Route } from './+types/order';

type FlagResult =
  | { flag: OrderFlag; ok: true; message: string }
  | ({ flag: OrderFlag; ok: false } & FormFailure<OrderFlag>);

/** A malformed id reads the same as an unknown one: not found. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 404);

function notFoundOnMissing(error: unknown): never {
  if (isMissing(error)) throw data(null, { status: 404 });
  throw error;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const order = await apiFor(request, context)
    .orders.get(params.id)
    .then((r) => r.data, notFoundOnMissing);
  const { shop } = context;
  const { user, shippingAddress } = order;
  return {
    shop,
    order: {
      ...order,
      user: { ...user, phone: showPhone(user.phone, shop) },
      shippingAddress: { ...shippingAddress, phone: showPhone(shippingAddress.phone, shop) },
    },
  };
}

/** Sets one flag; the placeholder and the state the order already has send nothing (docs/specification.md (Validation rules: Order states)). */
async function saveFlag(api: ApiClient, id: string, flag: OrderFlag, raw: string): Promise<FlagResult> {
  const fail = (failure: FormFailure<OrderFlag>): FlagResult => ({ flag, ok: false, ...failure });
  const choice = readFlagChoice(raw);
  if (choice === null) return fail({ fieldErrors: { [flag]: ao.chooseFirst } });
  try {
    const { data: order } = await api.orders.get(id);
    const refused = flagChoiceError(flag, raw, order[flag]);
    if (refused) return fail({ fieldErrors: { [flag]: refused } });
    await (flag === 'isPaid' ? api.orders.setPaid(id, choice) : api.orders.setDelivered(id, choice));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail({ fieldErrors: {}, formError: isMissing(error) ? ao.orderGone : ao.saveFailed });
  }
  return { flag, ok: true, message: flagSavedText(flag, choice) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  // Each select posts its own form: the field it carries says which flag.
  const flag = orderFlags.find((name) => form.has(name));
  if (!flag) throw data(null, { status: 400 });
  const result = await saveFlag(apiFor(request, context), params.id, flag, String(form.get(flag)));
  // The original specification reloaded the page; here the order revalidates in place (docs/decisions/0007-revalidate-instead-of-reload.md).
  return answerSave(request, form, result, `/admin/orders/${params.id}`, (saved) => saved.message);
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
  const { shop, order } = loaderData;
  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{ao.detailTitle}</h1>
        <Link
          to="/admin/allorders"
          className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
        >
          <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
          {ao.backToOrders}
        </Link>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
        <OrderCard order={order} currency={shop.currency} />
        <div className="flex flex-col gap-4">
          <StatusForms order={order} posted={actionData} />
          <CustomerDetails order={order} />
        </div>
      </div>
    </>
  );
}

function StatusForms({ order, posted }: { order: Order; posted: FlagResult | undefined }) {
  return (
    <Panel id="status-heading" title={ao.statusTitle}>
      <p className="mb-4 text-sm text-slate-600">{ao.statusIntro}</p>
      <div className="flex flex-col gap-5">
        {orderFlags.map((flag) => (
          <FlagForm key={flag} flag={flag} current={order[flag]} posted={posted?.flag === flag ? posted : undefined} />
        ))}
      </div>
    </Panel>
  );
}

/** One field each: stable arrays, since useFormErrors watches them. */
const flagFields: Record<OrderFlag, readonly OrderFlag[]> = { isPaid: ['isPaid'], isDelivered: ['isDelivered'] };
const flagTexts: Record<OrderFlag, { label: string; save: string }> = {
  isPaid: { label: ao.paidLabel, save: ao.savePaid },
  isDelivered: { label: ao.deliveredLabel, save: ao.saveDelivered },
};

/**
 * A select with its own save (docs/specification.md (Screens and routes: Staff screens)). Posts through a fetcher: on success a toast, the order's
 * flags update in place and the select goes back to its placeholder. Before JavaScript loads it is
 * a plain form and the action checks the same rules.
 */
function FlagForm({ flag, current, posted }: { flag: OrderFlag; current: boolean; posted: FlagResult | undefined }) {
  const fetcher = useFetcher<FlagResult>();
  const hydrated = useHydrated();
  const result = fetcher.data ?? posted;
  const failure = result && !result.ok ? result : undefined;
  const { errors, formProps } = useFormErrors(
    flagFields[flag],
    (values) => {
      const refused = flagChoiceError(flag, values[flag], current);
      return refused ? { [flag]: refused } : {};
    },
    failure?.fieldErrors,
  );
  const busy = fetcher.state !== 'idle';

  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return;
    toast.success(answer.message);
    formProps.ref.current?.reset();
  });

  return (
    <fetcher.Form method="post" className="flex flex-col gap-3" {...formProps}>
      {hydrated && <input type="hidden" name="js" value="1" />}
      {failure?.formError && !busy && <FormAlert className="">{failure.formError}</FormAlert>}
      <SelectField
        name={flag}
        label={flagTexts[flag].label}
        defaultValue=""
        error={errors[flag]}
        hint={ao.current(flagLabel(flag, current))}
      >
        <option value="">{ao.choose}</option>
        <option value="true">{flagLabel(flag, true)}</option>
        <option value="false">{flagLabel(flag, false)}</option>
      </SelectField>
      <SubmitButton pending={busy} pendingText={ao.saving} className="w-full sm:w-auto sm:self-start sm:px-6">
        {flagTexts[flag].save}
      </SubmitButton>
    </fetcher.Form>
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
      </Panel>
      <Panel id="shipping-heading" title={ao.shippingAddress}>
        <dl className="flex flex-col gap-3">
          <Detail Icon={MapPin} term={ao.addressDetails}>
            <bdi>{address.details}</bdi>
          </Detail>
          <Detail term={ao.city}>
            <bdi>{address.city}</bdi>
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

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ Icon, term, children }: { Icon?: typeof UserRound; term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-sm text-slate-600">
        {Icon && <Icon aria-hidden="true" className="size-4" />}
        {term}
      </dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}
