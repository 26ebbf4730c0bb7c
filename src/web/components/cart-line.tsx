import { CircleAlert, LoaderCircle, Minus, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { CartLine } from '../../contract/types';
import { cartText } from '../i18n/cart';
import { pt } from '../i18n/product';
import { availableFor, type CartActionResult, lineTotal, readQuantity } from '../lib/cart';
import { colorLabels } from '../lib/color-name';
import { formatNumber, formatPrice, imageSrcSet } from '../lib/format';
import { plural } from '../lib/plural';
import { useHydrated } from '../lib/use-hydrated';
import { useOutcomeToast } from '../lib/use-outcome-toast';
import { StarRating } from './star-rating';
import { VariantFacts } from './variant-facts';

const CART_PATH = '/cart';
// Typing '12' should send 12, not 1 and then 12.
const TYPING_PAUSE_MS = 500;

type CartLineRowProps = { line: CartLine; lines: readonly CartLine[]; currency: string };

/** One line of the cart: the product, its colour, a quantity control, the line price and remove. */
export function CartLineRow({ line, lines, currency }: CartLineRowProps) {
  const { product } = line;
  const remover = useFetcher<CartActionResult>();
  const updater = useFetcher<CartActionResult>();
  const removing = remover.state !== 'idle';
  const available = availableFor(line, lines);
  const rating = formatNumber(product.ratingsAverage, 1);
  const busy = removing || updater.state !== 'idle';
  useOutcomeToast(remover.data);

  return (
    <li
      aria-busy={busy || undefined}
      className={`flex gap-3 border-b border-slate-200 py-4 last:border-b-0 sm:gap-4 ${removing ? 'opacity-50' : ''}`}
    >
      <img
        src={product.imageCover ?? '/placeholder.svg'}
        srcSet={imageSrcSet(product.imageCoverSizes)}
        sizes="96px"
        width={96}
        height={96}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-lg border border-slate-100 bg-white object-contain sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="font-bold leading-7">
          <Link to={`/products/${product._id}`} className="hover:text-brand-700 hover:underline">
            {product.title}
          </Link>
        </h3>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <VariantFacts options={line.variant.options} />
          <span>
            {cartText.category}:{' '}
            <Link
              to={`/products/allCategory/${product.category._id}`}
              className="text-brand-700 underline underline-offset-4 hover:text-brand-600"
            >
              {product.category.name}
            </Link>
          </span>
          {product.brand && (
            <span>
              {cartText.brand}:{' '}
              <Link
                to={`/products/allBrand/${product.brand._id}`}
                className="text-brand-700 underline underline-offset-4 hover:text-brand-600"
              >
                {product.brand.name}
              </Link>
            </span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
          {product.ratingsQuantity > 0 && (
            <>
              <StarRating value={product.ratingsAverage} label={pt.rating(rating)} />
              <span aria-hidden="true">{rating}</span>
            </>
          )}
          <span>({plural(product.ratingsQuantity, pt.ratingsCount)})</span>
        </p>
        {line.color && <ColorTag color={line.color} choices={product.availableColors} />}

        <div className="mt-1 flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
          <QuantityControl line={line} available={available} fetcher={updater} />
          <p className="flex flex-col items-end">
            <span className="text-lg font-bold text-brand-700">{formatPrice(lineTotal(line, currency), currency)}</span>
            {line.count > 1 && (
              <span className="text-xs text-slate-600">{cartText.unitPrice(formatPrice(line.price, currency))}</span>
            )}
          </p>
        </div>
        {line.count > available && (
          <p className="flex items-start gap-1.5 text-sm font-bold text-amber-800">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {available === 0 ? cartText.soldOut : cartText.stockLow(formatNumber(available))}
          </p>
        )}
        <remover.Form method="post" action={CART_PATH} className="self-end">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={line._id} />
          <button
            type="submit"
            disabled={removing}
            aria-label={cartText.removeItem(product.title)}
            className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-bold text-red-700 hover:bg-red-50 disabled:cursor-wait"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {cartText.remove}
          </button>
        </remover.Form>
      </div>
    </li>
  );
}

function ColorTag({ color, choices }: { color: string; choices: readonly string[] }) {
  // The same name the product page gave this swatch (duplicates there are numbered).
  const index = choices.indexOf(color);
  const name = (index >= 0 ? colorLabels(choices)[index] : colorLabels([color])[0]) ?? color;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <span
        aria-hidden="true"
        style={{ backgroundColor: color }}
        className="inline-block size-5 rounded-full border border-slate-300 shadow-inner"
      />
      {cartText.color(name)}
    </p>
  );
}

type QuantityControlProps = {
  line: CartLine;
  available: number;
  fetcher: ReturnType<typeof useFetcher<CartActionResult>>;
};

/**
 * The quantity of a line. With JavaScript a change is sent by itself (after a pause in typing, or
 * at once with − / + or Enter); before it loads, the form has its own update button. Values below 1
 * are ignored and larger ones capped to what is in stock (docs/specification.md (Validation rules: Cart)), with a message saying so.
 */
function QuantityControl({ line, available, fetcher }: QuantityControlProps) {
  const hydrated = useHydrated();
  const id = useId();
  const [draft, setDraft] = useState(String(line.count));
  const [hint, setHint] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const title = line.product.title;
  const max = Math.max(1, available);
  const current = Number(draft) || line.count;
  const hintId = `${id}-hint`;
  useOutcomeToast(fetcher.data);

  // The server's count wins once a change has been saved (or refused).
  useEffect(() => {
    setDraft(String(line.count));
  }, [line.count]);
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) setDraft(String(line.count));
  }, [fetcher.data, line.count]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /**
   * Saves `count`. A count cut to the stock posts what was `typed`, so the action cuts it again
   * and its toast says how many are left rather than a plain success.
   */
  function send(count: number, typed = String(count)) {
    clearTimeout(timer.current);
    if (count === line.count) return;
    fetcher.submit({ intent: 'update', itemId: line._id, count: typed }, { method: 'post', action: CART_PATH });
  }

  /** Reads what was typed: the count to send, or null when it is ignored. */
  function read(value: string): number | null {
    const quantity = readQuantity(value, available);
    if (quantity.kind === 'ignore') {
      setHint(
        value.trim() === ''
          ? null
          : quantity.reason === 'belowOne'
            ? cartText.quantityBelowOne(formatNumber(1))
            : cartText.quantityNotNumber,
      );
      return null;
    }
    setHint(quantity.capped ? plural(available, cartText.unitsLeft) : null);
    if (quantity.capped) setDraft(String(quantity.count));
    return quantity.count;
  }

  function step(by: number) {
    const next = Math.min(max, Math.max(1, current + by));
    setHint(current + by > max ? plural(available, cartText.unitsLeft) : null);
    setDraft(String(next));
    send(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const count = read(draft);
    if (count !== null) send(count, draft);
  }

  return (
    <fetcher.Form method="post" action={CART_PATH} onSubmit={hydrated ? onSubmit : undefined}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="itemId" value={line._id} />
      <label htmlFor={id} className="mb-1 block text-sm font-bold text-slate-700">
        {cartText.quantity}
        <span className="sr-only">: {title}</span>
      </label>
      <div className="flex items-center gap-1">
        {hydrated && (
          <button
            type="button"
            onClick={() => step(1)}
            disabled={current >= max}
            aria-label={cartText.increase(title)}
            className="grid size-9 place-items-center rounded-lg border border-slate-300 bg-white hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        )}
        <input
          id={id}
          name="count"
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          onChange={(event) => {
            const value = event.target.value;
            setDraft(value);
            clearTimeout(timer.current);
            const count = read(value);
            if (count !== null) timer.current = setTimeout(() => send(count, value), TYPING_PAUSE_MS);
          }}
          onBlur={() => {
            // An ignored value leaves the saved count in place.
            if (readQuantity(draft, available).kind === 'ignore') setDraft(String(line.count));
          }}
          aria-describedby={hint ? hintId : undefined}
          className="h-9 w-16 rounded-lg border border-slate-300 bg-white text-center text-base tabular-nums"
        />
        {hydrated && (
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={current <= 1}
            aria-label={cartText.decrease(title)}
            className="grid size-9 place-items-center rounded-lg border border-slate-300 bg-white hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
        )}
        {!hydrated && (
          <button
            type="submit"
            className="ms-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-bold hover:bg-slate-50"
          >
            {cartText.updateQuantity}
          </button>
        )}
        {fetcher.state !== 'idle' && (
          <LoaderCircle
            aria-hidden="true"
            className="ms-1 size-5 animate-spin text-brand-600 motion-reduce:animate-none"
          />
        )}
      </div>
      <p id={hintId} role="status" className="mt-1 min-h-0 text-sm font-bold text-amber-800 empty:hidden">
        {hint}
      </p>
    </fetcher.Form>
  );
}
