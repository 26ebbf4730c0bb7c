import { Banknote, ChevronRight, CreditCard, ExternalLink, LoaderCircle, MapPinPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Address } from '../../contract/types';
import { FormAlert } from '../components/form-alert';
import { FieldErrorText } from '../components/form-field';
import { MoneyLines } from '../components/money-lines';
import { SubmitButton } from '../components/submit-button';
import { VariantFacts } from '../components/variant-facts';
import { cartText } from '../i18n/cart';
import { requireUser } from '../lib/auth.server';
import { goodsValue, lineTotal } from '../lib/cart';
import { signInAgainOn401 } from '../lib/cart.server';
import {
  type CheckoutField,
  checkoutFailure,
  checkoutFields,
  type PaymentMethod,
  validateCheckout,
} from '../lib/checkout';
import { apiFor } from '../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../lib/form';
import { formatNumber, formatPrice, showPhone } from '../lib/format';
import { pageMeta } from '../lib/meta';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors, useHydrated } from '../lib/use-form-errors';
import type { Route } from './+types/payment';
import type { QuoteAnswer } from './order-quote';

const PATH = '/order/paymethoud';
/** After a cash order: its page, thanking for it (docs/orders.md § The customer's screens). */
const placedPath = (orderId: string) => `/user/orders/${encodeURIComponent(orderId)}?placed=1`;
const ADD_ADDRESS_PATH = '/user/add-address';
/** docs/specification.md (States and transitions; Limits and page sizes): after a cash order its page follows, and the card page opens, 1 s later. */
const NEXT_STEP_DELAY_MS = 1000;
/** Set by the browser once JavaScript runs: the action then answers with data instead of redirecting. */
const CLIENT_FIELD = 'client';

type ActionResult =
  | { ok: true; method: 'cash'; href: string }
  | { ok: true; method: 'card'; url: string }
  | ({ ok: false; values: FormValues<CheckoutField> } & FormFailure<CheckoutField>);

const emptyCart = (request: Request) => redirectWithToast(request, '/cart', { type: 'error', text: cartText.empty });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'user');
  const api = apiFor(request, context);
  const [cart, addresses] = await Promise.all([api.cart.get(), api.addresses.list()]);
  // docs/specification.md (Validation rules: Checkout): nothing to pay for → 'the cart is empty', on the cart page.
  if (cart.numOfCartItems === 0) throw emptyCart(request);
  const { shop } = context;
  const shown = addresses.data.map((address) => ({ ...address, phone: showPhone(address.phone, shop) }));
  return { shop, cart: cart.data, addresses: shown };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const api = apiFor(request, context);
  const form = await request.formData();
  const values = formValues(form, checkoutFields);
  const withScript = form.get(CLIENT_FIELD) === 'js';
  const fail = (failure: FormFailure<CheckoutField>, status = 400) =>
    data<ActionResult>({ ok: false, values, ...failure }, { status });

  try {
    const { data: cart, numOfCartItems } = await api.cart.get();
    if (numOfCartItems === 0) return emptyCart(request);
    const fieldErrors = validateCheckout(values);
    if (hasErrors(fieldErrors)) return fail({ fieldErrors });

    if (values.paymentMethod === 'cash') {
      const address = (await api.addresses.list()).data.find((a) => a._id === values.addressId);
      if (!address) return fail({ fieldErrors: { addressId: cartText.addressGone } });
      const { details, phone, city, postalCode } = address;
      const { data: order } = await api.orders.createCash(cart._id, { details, phone, city, postalCode });
      const href = placedPath(order.id);
      if (withScript) return data<ActionResult>({ ok: true, method: 'cash', href });
      return redirectWithToast(request, href, { type: 'success', text: cartText.orderPlaced });
    }

    // Card: the order is made only when the provider confirms payment (docs/decisions/0015-card-order-on-confirmed-payment.md).
    const { session } = await api.orders.checkoutSession(cart._id, { addressId: values.addressId });
    if (withScript) return data<ActionResult>({ ok: true, method: 'card', url: session.url });
    return redirect(session.url);
  } catch (error) {
    signInAgainOn401(error, PATH);
    const outcome = checkoutFailure(error);
    if (outcome.emptyCart) return emptyCart(request);
    const { emptyCart: _, ...failure } = outcome;
    return fail(failure);
  }
}

/** After an order the cart is empty: reloading this page's data would bounce to the cart page. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ActionResult | undefined)?.ok) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: cartText.payTitle,
    description: cartText.payDescription,
    path: PATH,
    noindex: true,
  });
}

/** Opens the provider's page in a new tab; where a browser blocks that, this tab goes there instead. */
function openPaymentPage(url: string) {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, cart, addresses } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { errors, formProps } = useFormErrors(checkoutFields, validateCheckout, failure?.fieldErrors);
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const done = actionData?.ok === true;
  const handled = useRef<ActionResult>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // docs/specification.md (States and transitions): a toast now, the next step a second later; each answer is acted on once.
  useEffect(() => {
    if (!actionData?.ok || handled.current === actionData) return;
    handled.current = actionData;
    if (actionData.method === 'cash') {
      toast.success(cartText.orderPlaced);
      const { href } = actionData;
      timer.current = setTimeout(() => navigate(href), NEXT_STEP_DELAY_MS);
      return;
    }
    const { url } = actionData;
    toast.success(cartText.goingToPayment);
    timer.current = setTimeout(() => {
      openPaymentPage(url);
      setPaymentUrl(url);
    }, NEXT_STEP_DELAY_MS);
  }, [actionData, navigate]);

  const methodError = errors.paymentMethod;
  const addressError = errors.addressId;
  const chosenMethod = failure?.values.paymentMethod;
  const quote = useQuote(failure?.values.addressId ?? '', chosenMethod ?? (shop.cardPayments ? '' : 'cash'));

  return (
    <>
      <Link to="/cart" className="mb-4 inline-flex items-center gap-1 text-sm font-bold text-brand-700 hover:underline">
        <ChevronRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
        {cartText.backToCart}
      </Link>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{cartText.payTitle}</h1>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 lg:col-span-2">
          {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
          {paymentUrl && (
            <p
              role="status"
              className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-emerald-900"
            >
              {cartText.paymentOpened}{' '}
              <a
                href={paymentUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-bold underline"
              >
                {cartText.openPayment}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">{cartText.opensInNewTab}</span>
              </a>
            </p>
          )}
          <Form
            method="post"
            className="space-y-6"
            {...formProps}
            onChange={(event) => {
              formProps.onChange(event);
              quote.follow(event);
            }}
          >
            {hydrated && <input type="hidden" name={CLIENT_FIELD} value="js" />}

            <fieldset aria-describedby={methodError ? 'method-error' : undefined}>
              <legend className="mb-3 text-lg font-bold">{cartText.method}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <MethodChoice
                  value="card"
                  label={cartText.card}
                  hint={shop.cardPayments ? cartText.cardHint : cartText.cardUnavailable}
                  Icon={CreditCard}
                  invalid={Boolean(methodError)}
                  defaultChecked={shop.cardPayments && chosenMethod === 'card'}
                  disabled={!shop.cardPayments}
                />
                <MethodChoice
                  value="cash"
                  label={cartText.cash}
                  hint={cartText.cashHint}
                  Icon={Banknote}
                  invalid={Boolean(methodError)}
                  defaultChecked={chosenMethod === 'cash' || !shop.cardPayments}
                />
              </div>
              {shop.testPayments && (
                <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  {cartText.testPaymentsNotice}
                </p>
              )}
              <FieldErrorText id="method-error" message={methodError} spacing="mt-2" />
            </fieldset>

            <AddressSelect addresses={addresses} error={addressError} defaultValue={failure?.values.addressId} />

            <section
              aria-labelledby="bill-heading"
              aria-busy={quote.loading || undefined}
              className="rounded-xl bg-slate-50 p-4"
            >
              <h2 id="bill-heading" className="mb-2 font-bold">
                {cartText.bill}
              </h2>
              {/* Polite: the lines change as the address and the method are chosen. */}
              <div aria-live="polite">
                {quote.answer?.ok ? (
                  <MoneyLines money={quote.answer.quote} currency={quote.answer.quote.currency} />
                ) : (
                  // Until the quote comes, only the goods are known: named as such, never «الإجمالي».
                  <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                    <span className="text-slate-700">
                      {cart.totalAfterDiscount === undefined ? cartText.goods : cartText.goodsAfterDiscount}
                    </span>
                    <span className="font-bold">{formatPrice(goodsValue(cart), shop.currency)}</span>
                  </p>
                )}
                {quote.answer && !quote.answer.ok && <FieldErrorText message={quote.answer.message} spacing="mt-2" />}
                {!quote.answer && !quote.loading && (
                  <p className="mt-2 text-sm text-slate-600">{cartText.chooseForTotal}</p>
                )}
                {quote.loading && (
                  <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-700">
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                    {cartText.quoting}
                  </p>
                )}
              </div>
            </section>
            <SubmitButton done={done}>{cartText.complete}</SubmitButton>
          </Form>
        </div>

        <div className="flex flex-col gap-4">
          <section
            aria-labelledby="order-items-heading"
            className="rounded-2xl border border-slate-200 bg-white px-4 pt-4 sm:px-5"
          >
            <h2 id="order-items-heading" className="text-lg font-bold">
              {cartText.orderItems}
            </h2>
            <ul className="divide-y divide-slate-200">
              {cart.products.map((line) => (
                <li key={line._id} className="flex items-start justify-between gap-3 py-3 text-sm">
                  <span className="min-w-0">
                    <span className="block font-bold leading-6">{line.product.title}</span>
                    <span className="flex flex-wrap gap-x-3 text-slate-600">
                      <VariantFacts options={line.variant.options} />
                    </span>
                    <span className="text-slate-600">
                      {cartText.quantity}: {formatNumber(line.count)}
                    </span>
                  </span>
                  <span className="shrink-0 font-bold">
                    {formatPrice(lineTotal(line, shop.currency), shop.currency)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

type MethodChoiceProps = {
  value: PaymentMethod;
  label: string;
  hint: string;
  Icon: typeof CreditCard;
  invalid: boolean;
  defaultChecked: boolean;
  /** A method this shop does not offer: shown, with the reason as its hint, but not choosable. */
  disabled?: boolean;
};

function MethodChoice({ value, label, hint, Icon, invalid, defaultChecked, disabled = false }: MethodChoiceProps) {
  const id = `method-${value}`;
  return (
    <label
      htmlFor={id}
      className={`flex items-start gap-3 rounded-xl border p-4 ${disabled ? 'cursor-not-allowed bg-slate-50 opacity-75' : 'cursor-pointer'} ${invalid ? 'border-red-600 bg-red-50' : 'border-slate-300'} has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600`}
    >
      <input
        id={id}
        type="radio"
        name="paymentMethod"
        value={value}
        disabled={disabled}
        defaultChecked={defaultChecked}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 accent-brand-700"
      />
      <span className="flex flex-col gap-0.5">
        <span className="flex items-center gap-2 font-bold">
          <Icon aria-hidden="true" className="size-5 text-brand-700" />
          {label}
        </span>
        <span id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A saved address as one line of a <select>; the phone number is isolated (FSI…PDI) so its digits keep their order. */
const addressLabel = (address: Address) =>
  `${address.alias} — ${address.details}، ${address.city} — \u2068${address.phone}\u2069`;

function AddressSelect({
  addresses,
  error,
  defaultValue,
}: {
  addresses: Address[];
  error: string | undefined;
  defaultValue: string | undefined;
}) {
  const describedBy = [error ? 'address-error' : null, addresses.length === 0 ? 'address-none' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor="field-addressId" className="mb-2 block text-lg font-bold">
        {cartText.address}
      </label>
      <select
        id="field-addressId"
        name="addressId"
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base aria-invalid:border-red-600 aria-invalid:bg-red-50"
      >
        <option value="">{cartText.chooseAddress}</option>
        {addresses.map((address) => (
          <option key={address._id} value={address._id}>
            {addressLabel(address)}
          </option>
        ))}
      </select>
      <FieldErrorText id="address-error" message={error} spacing="mt-2" />
      {addresses.length === 0 && (
        <p id="address-none" className="mt-2 text-sm text-slate-600">
          {cartText.noAddresses}
        </p>
      )}
      <Link
        to={ADD_ADDRESS_PATH}
        className="mt-2 inline-flex items-center gap-1.5 text-sm font-bold text-brand-700 hover:underline"
      >
        <MapPinPlus aria-hidden="true" className="size-4" />
        {cartText.addAddress}
      </Link>
    </div>
  );
}

/**
 * The server's quote for the chosen address and method (the `/order/quote` data route), loaded
 * again whenever either changes; nothing is computed in the browser (docs/pricing.md). The answer
 * shown is always the one for the current choice: an older one is not shown while a newer loads.
 */
function useQuote(initialAddress: string, initialMethod: string) {
  const fetcher = useFetcher<QuoteAnswer>();
  const [choice, setChoice] = useState({ addressId: initialAddress, method: initialMethod });
  const { load } = fetcher;

  useEffect(() => {
    if (!choice.addressId || !choice.method) return;
    load(`/order/quote?${new URLSearchParams(choice)}`);
  }, [choice, load]);

  function follow(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const next = { addressId: String(form.get('addressId') ?? ''), method: String(form.get('paymentMethod') ?? '') };
    setChoice((current) => (current.addressId === next.addressId && current.method === next.method ? current : next));
  }

  const data = fetcher.data;
  const current = data && data.addressId === choice.addressId && data.method === choice.method ? data : undefined;
  const chosen = Boolean(choice.addressId && choice.method);
  return { answer: chosen ? current : undefined, loading: chosen && fetcher.state === 'loading', follow };
}
