import { Banknote, ChevronRight, CreditCard, LoaderCircle, MapPinPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigate,
  useSearchParams,
} from 'react-router';
import type { Address } from '../../contract/types';
import { cardReturnPaths } from '../../contract/web';
import { AddressForm } from '../components/address-form';
import { DialogCancel, DialogOpener, FormDialog } from '../components/dialog';
import { FieldErrorText } from '../components/field-error-text';
import { FormAlert } from '../components/form-alert';
import { MoneyLines } from '../components/money-lines';
import { SubmitButton } from '../components/submit-button';
import { VariantFacts } from '../components/variant-facts';
import { at } from '../i18n/account';
import { cartText } from '../i18n/cart';
import type { AddressField } from '../lib/account-form';
import { type AddAddressFailure, addPostedAddress, newAddressValues } from '../lib/address.server';
import { requireUser } from '../lib/auth.server';
import { goodsValue, lineTotal } from '../lib/cart';
import { signInAgainOn401 } from '../lib/cart.server';
import { type CheckoutField, checkoutFields, type PaymentMethod, validateCheckout } from '../lib/checkout';
import { checkoutFailure } from '../lib/checkout.server';
import { apiFor } from '../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../lib/form';
import { formatNumber, formatPrice } from '../lib/format';
import { showPhone } from '../lib/format-phone';
import { pageMeta } from '../lib/meta';
import { ownCheckout } from '../lib/own-checkout.server';
import { redirectWithToast } from '../lib/toast.server';
import { toast } from '../lib/toasts';
import { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { type UrlDialog, useUrlDialog } from '../lib/use-url-dialog';
import type { Route } from './+types/payment';
import type { QuoteAnswer } from './order-quote';

const PATH = '/order/paymethoud';
/** After a cash order: its page, thanking for it (docs/orders.md § The customer's screens). */
const placedPath = (orderId: string) => `/user/orders/${encodeURIComponent(orderId)}?placed=1`;
/** docs/specification.md (States and transitions; Limits and page sizes): after a cash order its page follows 1 s later. */
const NEXT_STEP_DELAY_MS = 1000;
/** Set by the browser once JavaScript runs: the action then answers with data instead of redirecting. */
const CLIENT_FIELD = 'client';
/** The page's two forms: placing the order, and adding an address in the dialog (docs/orders.md § The customer's screens). */
const CHECKOUT_INTENT = 'checkout';
const ADDRESS_INTENT = 'add-address';
/** `?address=new` opens the add-address dialog (so its opener is a link before JavaScript loads). */
const ADDRESS_DIALOG_PARAM = 'address';
/** `?addressId=<id>`: the address to select, the one just added. */
const SELECTED_PARAM = 'addressId';

type CheckoutResult =
  | { ok: true; method: 'cash'; href: string }
  | { ok: true; method: 'card'; url: string }
  | ({ ok: false; values: FormValues<CheckoutField> } & FormFailure<CheckoutField>);
type ActionResult =
  | ({ intent: typeof CHECKOUT_INTENT } & CheckoutResult)
  | ({ intent: typeof ADDRESS_INTENT } & AddAddressFailure);

const emptyCart = (request: Request) => redirectWithToast(request, '/cart', { type: 'error', text: cartText.empty });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  const api = apiFor(request, context);
  const search = new URL(request.url).searchParams;
  const paymentCancelled = await cancelledPayment(api, search);
  const [cart, addresses] = await Promise.all([api.cart.get(), api.addresses.list()]);
  // docs/specification.md (Validation rules: Checkout): nothing to pay for → 'the cart is empty', on the cart page.
  if (cart.numOfCartItems === 0) throw emptyCart(request);
  const { shop } = context;
  const shown = addresses.data.map((address) => ({ ...address, phone: showPhone(address.phone, shop) }));
  // The address just added, else the only one saved: chosen already (docs/orders.md § The customer's screens).
  const wanted = shown.find((address) => address._id === search.get(SELECTED_PARAM));
  const selectedAddressId = wanted?._id ?? (shown.length === 1 ? shown[0]?._id : undefined) ?? '';
  return {
    shop,
    cart: cart.data,
    addresses: shown,
    selectedAddressId,
    newAddress: newAddressValues(context, user),
    paymentCancelled,
  };
}

/**
 * Back from the provider's page without paying (docs/payments.md, step 4): said only of this
 * customer's checkout that is not paid. One paid since (a late confirmation, another tab) goes to
 * its thank-you page instead, so nobody is invited to pay twice by an old address or a link.
 */
async function cancelledPayment(api: ReturnType<typeof apiFor>, search: URLSearchParams): Promise<boolean> {
  if (search.get('payment') !== 'cancelled') return false;
  const checkoutId = search.get('checkout');
  const checkout = await ownCheckout(api, checkoutId);
  if (checkout?.status === 'completed' && checkoutId) throw redirect(cardReturnPaths.paid(checkoutId));
  return checkout !== null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const api = apiFor(request, context);
  const form = await request.formData();
  if (form.get('intent') === ADDRESS_INTENT) {
    const added = await addPostedAddress(request, context, form);
    if (!added.ok) return data<ActionResult>({ intent: ADDRESS_INTENT, ...added }, { status: 400 });
    // This page again, the dialog closed and the new address selected (with or without JavaScript).
    const next = `${PATH}?${new URLSearchParams({ [SELECTED_PARAM]: added.address._id })}`;
    return redirectWithToast(request, next, { type: 'success', text: at.addressAdded });
  }
  const values = formValues(form, checkoutFields);
  const withScript = form.get(CLIENT_FIELD) === 'js';
  const answer = (result: CheckoutResult, status = 200) =>
    data<ActionResult>({ intent: CHECKOUT_INTENT, ...result }, { status });
  const fail = (failure: FormFailure<CheckoutField>, status = 400) => answer({ ok: false, values, ...failure }, status);

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
      if (withScript) return answer({ ok: true, method: 'cash', href });
      return redirectWithToast(request, href, { type: 'success', text: cartText.orderPlaced });
    }

    // Card: the order is made only when the provider confirms payment (docs/decisions/0015-card-order-on-confirmed-payment.md).
    const { session } = await api.orders.checkoutSession(cart._id, { addressId: values.addressId });
    if (withScript) return answer({ ok: true, method: 'card', url: session.url });
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
  const result = actionResult as ActionResult | undefined;
  if (result?.intent === CHECKOUT_INTENT && result.ok) return false;
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

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, cart, addresses, selectedAddressId, paymentCancelled } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const checkout = actionData?.intent === CHECKOUT_INTENT ? actionData : undefined;
  const failure = checkout && !checkout.ok ? checkout : undefined;
  const { errors, formProps } = useFormErrors(checkoutFields, validateCheckout, failure?.fieldErrors);
  const done = checkout?.ok === true;
  const handled = useRef<ActionResult>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useReloadWhenRestored();
  const addressDialog = useUrlDialog(ADDRESS_DIALOG_PARAM);

  // docs/specification.md (States and transitions): a toast now, a cash order's page a second
  // later; the card provider's page at once, in this tab (docs/decisions/0022-card-payment-same-tab.md).
  // Each answer is acted on once.
  useEffect(() => {
    if (!checkout?.ok || handled.current === checkout) return;
    handled.current = checkout;
    if (checkout.method === 'cash') {
      toast.success(cartText.orderPlaced);
      const { href } = checkout;
      timer.current = setTimeout(() => navigate(href), NEXT_STEP_DELAY_MS);
      return;
    }
    window.location.assign(checkout.url);
  }, [checkout, navigate]);

  const methodError = errors.paymentMethod;
  const addressError = errors.addressId;
  // Back from a cancelled card payment, card stays chosen for the next try.
  const chosenMethod = failure?.values.paymentMethod ?? (paymentCancelled && shop.cardPayments ? 'card' : undefined);
  const chosenAddress = failure?.values.addressId ?? selectedAddressId;
  const quote = useQuote(chosenAddress, chosenMethod ?? (shop.cardPayments ? '' : 'cash'));

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
          {paymentCancelled && !checkout && <FormAlert>{cartText.paymentCancelled}</FormAlert>}
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
            <input type="hidden" name="intent" value={CHECKOUT_INTENT} />

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

            <AddressSelect addresses={addresses} error={addressError} selected={chosenAddress} dialog={addressDialog} />

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
            <SubmitButton done={done} intent={CHECKOUT_INTENT}>
              {cartText.complete}
            </SubmitButton>
          </Form>
          <AddAddressDialog
            dialog={addressDialog}
            values={actionData?.intent === ADDRESS_INTENT ? actionData : undefined}
            initial={loaderData.newAddress}
            phoneCountry={shop.phoneCountry}
            cities={shop.cities}
          />
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
  selected,
  dialog,
}: {
  addresses: Address[];
  error: string | undefined;
  /** The address chosen for the customer: the one just added, the only one, or the one last posted. */
  selected: string;
  /** The add-address dialog, which «أضف عنواناً جديداً» opens. */
  dialog: UrlDialog;
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
        // A new choice from the server (an address just added) replaces what the list showed.
        key={selected}
        id="field-addressId"
        name="addressId"
        defaultValue={selected}
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
      <DialogOpener
        href={dialog.href('new')}
        onOpen={() => dialog.open('new')}
        className="mt-2 inline-flex items-center gap-1.5 text-sm font-bold text-brand-700 hover:underline"
      >
        <MapPinPlus aria-hidden="true" className="size-4" />
        {cartText.addAddress}
      </DialogOpener>
    </div>
  );
}

/**
 * Adding an address without leaving the payment page: the address book's own form in a dialog,
 * posted to this page's action, which saves it and comes back here with it selected. Before
 * JavaScript loads, the dialog is this page with `?address=new`, a plain form post.
 */
function AddAddressDialog({
  dialog,
  values,
  initial,
  phoneCountry,
  cities,
}: {
  dialog: UrlDialog;
  /** The refused post: what was typed, and why. */
  values: AddAddressFailure | undefined;
  initial: FormValues<AddressField>;
  phoneCountry: string;
  cities: readonly string[];
}) {
  const [searchParams] = useSearchParams();
  const added = searchParams.get(SELECTED_PARAM);
  // The address was saved: the page is back without `?address=` but an opened-in-place dialog is
  // state. Only a new save closes it: opened before JavaScript ran (`?address=new` beside an
  // earlier `?addressId=`), it stays open while the customer types.
  const shownAdded = useRef(added);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dialog` is a new object on every render
  useEffect(() => {
    if (added && added !== shownAdded.current) dialog.close();
    shownAdded.current = added;
  }, [added]);
  // «إلغاء» without JavaScript: this page as it was, without the dialog.
  const withoutDialog = new URLSearchParams(searchParams);
  withoutDialog.delete(dialog.param);
  const cancelHref = withoutDialog.size > 0 ? `${PATH}?${withoutDialog}` : PATH;
  return (
    <FormDialog
      open={dialog.openFor !== null}
      onOpenChange={(open) => !open && dialog.close()}
      title={at.addAddressTitle}
      description={cartText.addAddressHint}
    >
      <AddressForm
        values={values?.values ?? initial}
        fieldErrors={values?.fieldErrors}
        formError={values?.formError}
        phoneCountry={phoneCountry}
        cities={cities}
        submitLabel={at.saveAddress}
        inDialog={{ intent: ADDRESS_INTENT, cancel: <DialogCancel to={cancelHref}>{at.cancel}</DialogCancel> }}
      />
    </FormDialog>
  );
}

/**
 * Back from the provider's page with the browser's back button, a page restored from the
 * back-forward cache would still show its button pressed: load it afresh instead.
 */
function useReloadWhenRestored() {
  useEffect(() => {
    const reload = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', reload);
    return () => window.removeEventListener('pageshow', reload);
  }, []);
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
  // An address chosen by the server (one just added) is the choice now, the method kept.
  useEffect(
    () =>
      setChoice((current) =>
        current.addressId === initialAddress ? current : { ...current, addressId: initialAddress },
      ),
    [initialAddress],
  );

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
