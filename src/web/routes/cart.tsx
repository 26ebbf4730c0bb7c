import { ShoppingBag, ShoppingCart, TicketPercent, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useActionData, useFetcher } from 'react-router';
import { COUPON_NAME_MAX } from '../../contract/constants';
import { CartLineRow } from '../components/cart-line';
import { CartTotals } from '../components/cart-totals';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FieldErrorText } from '../components/field-error-text';
import { FormAlert } from '../components/form-alert';
import { cartText } from '../i18n/cart';
import { loginHref } from '../lib/add-to-cart';
import {
  availableFor,
  type CartActionResult,
  type CartIntent,
  canCheckout,
  MIN_CHECKOUT_TOTAL,
  readQuantity,
} from '../lib/cart';
import { cartErrorText, signInAgainOn401, visitorCart } from '../lib/cart.server';
import { apiFor } from '../lib/context.server';
import { formatNumber, formatPrice } from '../lib/format';
import { pageMeta } from '../lib/meta';
import { plural } from '../lib/plural';
import { useHydrated } from '../lib/use-hydrated';
import { useOutcomeToast } from '../lib/use-outcome-toast';
import type { Route } from './+types/cart';

const PATH = '/cart';
const CHECKOUT_PATH = '/order/paymethoud';
const CONFIRM_CLEAR = 'confirm';

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await visitorCart(request, context);
  return {
    shop: context.shop,
    cart: await visitor.get(),
    // A guest's basket (docs/decisions/0021-guest-basket.md): no coupon, and checkout signs in first.
    guest: visitor.guest,
    // Before JavaScript loads, 'clear the cart' asks for confirmation on the page itself.
    confirmClear: new URL(request.url).searchParams.get('clear') === CONFIRM_CLEAR,
  };
}

const INTENTS: readonly CartIntent[] = ['update', 'remove', 'clear', 'coupon'];

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await visitorCart(request, context);
  const api = apiFor(request, context);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  const intent = INTENTS.find((known) => known === field('intent'));
  if (!intent) throw data(null, { status: 400 });
  const itemId = field('itemId');
  const ok = (message: string, warning?: true) =>
    data<CartActionResult>(
      { ok: true, intent, message, itemId, warning },
      { headers: visitor.cookieAfter(intent === 'clear' ? 'clear' : 'change') },
    );
  const fail = (error: string, status = 400, extra: { couponName?: string } = {}) =>
    data<CartActionResult>({ ok: false, intent, error, itemId, ...extra }, { status });

  try {
    switch (intent) {
      case 'update': {
        // The same rules as the screen (docs/specification.md (Validation rules: Cart)), for a form posted before JavaScript loaded.
        const cart = await visitor.get();
        const line = cart.products.find((l) => l._id === itemId);
        if (!line) return fail(cartText.errors.itemGone, 404);
        const available = availableFor(line, cart.products);
        const quantity = readQuantity(field('count'), available);
        if (quantity.kind === 'ignore') {
          return fail(
            quantity.reason === 'belowOne' ? cartText.quantityBelowOne(formatNumber(1)) : cartText.quantityNotNumber,
          );
        }
        await visitor.update(itemId, quantity.count);
        if (!quantity.capped) return ok(cartText.updated);
        // Cut to the stock: said as a warning, never as a plain success.
        return ok(cartText.quantityCapped(plural(available, cartText.unitsLeft), formatNumber(quantity.count)), true);
      }
      case 'remove':
        await visitor.remove(itemId);
        return ok(cartText.removed);
      case 'clear':
        await visitor.clear();
        return ok(cartText.cleared);
      case 'coupon': {
        const couponName = field('couponName').trim();
        if (visitor.guest) return fail(cartText.couponForCustomers, 400, { couponName });
        // docs/specification.md (Validation rules: Cart): an empty code does nothing.
        if (!couponName) return redirect(PATH);
        // No coupon has a longer name; the API would refuse it as malformed.
        if (couponName.length > COUPON_NAME_MAX) return fail(cartText.errors.couponInvalid, 400, { couponName });
        const { data: cart } = await api.cart.applyCoupon(couponName);
        return ok(cartText.couponApplied(cart.coupon ?? couponName.toUpperCase()));
      }
    }
  } catch (error) {
    signInAgainOn401(error, PATH);
    return fail(cartErrorText(error), 400, intent === 'coupon' ? { couponName: field('couponName') } : {});
  }
}

/**
 * A refused change usually means the cart moved on (stock fell, a line went away in another tab):
 * reload it even then, so the page shows what is true now.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === PATH || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: cartText.title,
    description: cartText.description,
    path: PATH,
    noindex: true,
  });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { shop, cart, guest, confirmClear } = loaderData;
  const posted = useActionData<typeof action>();
  const lines = cart.products;
  const heading = useRef<HTMLHeadingElement>(null);
  const lineCount = useRef(lines.length);
  // A removed line (or a cleared cart) takes the focused button with it: keep keyboard users on the page.
  useEffect(() => {
    const removed = lines.length < lineCount.current;
    lineCount.current = lines.length;
    if (removed && (document.activeElement === document.body || !document.activeElement)) heading.current?.focus();
  }, [lines.length]);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {cartText.title}
        </h1>
        {lines.length > 0 && <p className="text-slate-600">({plural(lines.length, cartText.itemsCount)})</p>}
      </div>
      {/* The outcome of a form posted before JavaScript loaded; with it, toasts say the same. */}
      {posted && posted.intent !== 'coupon' && <PostedOutcome result={posted} />}

      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
          <section
            aria-labelledby="cart-items-heading"
            className="rounded-2xl border border-slate-200 bg-white px-4 sm:px-5 lg:col-span-2"
          >
            <h2 id="cart-items-heading" className="sr-only">
              {cartText.items}
            </h2>
            <ul>
              {lines.map((line) => (
                <CartLineRow key={line._id} line={line} lines={lines} currency={shop.currency} />
              ))}
            </ul>
            <div className="border-t border-slate-200 py-4">
              {confirmClear ? <ClearConfirmation /> : <ClearCartButton />}
            </div>
          </section>

          <div className="flex flex-col gap-4 lg:sticky lg:top-24">
            {!guest && <CouponForm posted={posted?.intent === 'coupon' ? posted : undefined} />}
            <CartTotals cart={cart} lineCount={lines.length} currency={shop.currency} headingId="cart-summary-heading">
              <CheckoutButton enabled={canCheckout(cart)} guest={guest} currency={shop.currency} />
            </CartTotals>
          </div>
        </div>
      )}
    </>
  );
}

function PostedOutcome({ result }: { result: CartActionResult }) {
  if (!result.ok) return <FormAlert>{result.error}</FormAlert>;
  return (
    <p
      role="status"
      className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 font-bold text-emerald-800"
    >
      {result.message}
    </p>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-4 py-16 text-center">
      <ShoppingCart aria-hidden="true" className="size-14 text-slate-400" />
      <p className="text-xl font-bold">{cartText.empty}</p>
      <p className="max-w-sm text-slate-600">{cartText.emptyHint}</p>
      <Link
        to="/products"
        className="flex items-center gap-2 rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-600"
      >
        <ShoppingBag aria-hidden="true" className="size-5" />
        {cartText.browse}
      </Link>
    </div>
  );
}

const clearButtonClass =
  'inline-flex items-center gap-2 rounded-lg border border-red-200 px-4 py-2 font-bold text-red-700 hover:bg-red-50';

/** docs/specification.md (Screens and routes: Cart page): clearing asks first. With JavaScript in a dialog; before it, on the page (?clear=confirm). */
function ClearCartButton() {
  const hydrated = useHydrated();
  const fetcher = useFetcher<CartActionResult>();
  useOutcomeToast(fetcher.data);
  const label = (
    <>
      <Trash2 aria-hidden="true" className="size-4" />
      {fetcher.state === 'idle' ? cartText.clear : cartText.working}
    </>
  );
  if (!hydrated) {
    return (
      <Link to={`${PATH}?clear=${CONFIRM_CLEAR}`} className={clearButtonClass}>
        {label}
      </Link>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={clearButtonClass} disabled={fetcher.state !== 'idle'}>
          {label}
        </button>
      }
      title={cartText.clearTitle}
      description={cartText.clearText}
      confirmLabel={cartText.clearConfirm}
      cancelLabel={cartText.cancel}
      onConfirm={() => fetcher.submit({ intent: 'clear' }, { method: 'post', action: PATH })}
    />
  );
}

function ClearConfirmation() {
  return (
    <section
      aria-labelledby="clear-heading"
      aria-describedby="clear-text"
      className="rounded-xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="clear-heading" className="mb-1 font-bold">
        {cartText.clearTitle}
      </h2>
      <p id="clear-text" className="mb-4 text-slate-700">
        {cartText.clearText}
      </p>
      <Form method="post" action={PATH} className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="clear" />
        <button type="submit" className="rounded-lg bg-red-700 px-4 py-2.5 font-bold text-white hover:bg-red-800">
          {cartText.clearConfirm}
        </button>
        <Link
          to={PATH}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-bold text-slate-800 hover:bg-slate-50"
        >
          {cartText.cancel}
        </Link>
      </Form>
    </section>
  );
}

/** The coupon box: an invalid or expired code is said under the field, and the code stays typed. */
function CouponForm({ posted }: { posted: CartActionResult | undefined }) {
  const fetcher = useFetcher<CartActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const result = fetcher.data ?? posted;
  // A message stays until the code is edited.
  const [edited, setEdited] = useState(false);
  const error = result && !result.ok && !edited ? result.error : undefined;
  const busy = fetcher.state !== 'idle';
  // Success is a toast (and the totals change); a wrong code is said at the field.
  useOutcomeToast(fetcher.data, { errors: false });
  useEffect(() => {
    setEdited(false);
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // docs/specification.md (Validation rules: Cart): an empty code does nothing.
    if (!input.current?.value.trim()) {
      event.preventDefault();
      input.current?.focus();
    }
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <fetcher.Form ref={formRef} method="post" action={PATH} onSubmit={onSubmit} noValidate>
        <input type="hidden" name="intent" value="coupon" />
        <label htmlFor="field-couponName" className="mb-3 flex items-center gap-2 text-lg font-bold">
          <TicketPercent aria-hidden="true" className="size-5 text-brand-700" />
          {cartText.coupon}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="field-couponName"
            name="couponName"
            dir="auto"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={COUPON_NAME_MAX}
            defaultValue={posted && !posted.ok ? posted.couponName : undefined}
            onChange={() => setEdited(true)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'coupon-error' : 'coupon-hint'}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base uppercase aria-invalid:border-red-600 aria-invalid:bg-red-50"
          />
          <button
            type="submit"
            disabled={busy}
            className="shrink-0 rounded-lg bg-slate-800 px-4 py-2.5 font-bold text-white hover:bg-slate-700 disabled:cursor-wait disabled:opacity-80"
          >
            {busy ? cartText.working : cartText.applyCoupon}
          </button>
        </div>
        {error ? (
          <FieldErrorText id="coupon-error" message={error} spacing="mt-2" alert />
        ) : (
          <p id="coupon-hint" className="mt-2 text-sm text-slate-600">
            {cartText.couponHint}
          </p>
        )}
      </fetcher.Form>
    </div>
  );
}

/**
 * To the payment page; a guest signs in (or up) on the way and comes back to it, their basket
 * merged (docs/decisions/0021-guest-basket.md).
 */
function CheckoutButton({ enabled, guest, currency }: { enabled: boolean; guest: boolean; currency: string }) {
  const className =
    'mt-5 flex w-full items-center justify-center gap-2 rounded-xl px-5 py-3 text-lg font-bold text-white';
  if (enabled) {
    return (
      <>
        <Link
          to={guest ? loginHref(CHECKOUT_PATH) : CHECKOUT_PATH}
          aria-describedby={guest ? 'checkout-sign-in' : undefined}
          className={`${className} bg-brand-700 hover:bg-brand-600`}
        >
          {cartText.checkout}
        </Link>
        {guest && (
          <p id="checkout-sign-in" className="mt-2 text-sm text-slate-600">
            {cartText.signInToCheckout}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <button type="button" disabled aria-describedby="checkout-minimum" className={`${className} bg-slate-400`}>
        {cartText.checkout}
      </button>
      <p id="checkout-minimum" className="mt-2 text-sm text-slate-600">
        {cartText.checkoutMinimum(formatPrice(MIN_CHECKOUT_TOTAL, currency))}
      </p>
    </>
  );
}
