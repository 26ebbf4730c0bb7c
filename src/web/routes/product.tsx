import { CircleCheck, CircleX, ShoppingCart } from 'lucide-react';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  data,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useFetcher,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
import { pageSizes } from '../../contract/constants';
import type { Product, Variant } from '../../contract/types';
import { UNLESS_REVIEWED_HEADER } from '../../contract/web';
import { Breadcrumbs } from '../components/breadcrumbs';
import { ColorSwatches } from '../components/color-swatches';
import { FavoriteButton } from '../components/favorite-button';
import { JsonLd } from '../components/json-ld';
import { ProductGallery } from '../components/product-gallery';
import { Section } from '../components/section';
import { StarRating } from '../components/star-rating';
import { VariantPicker } from '../components/variant-picker';
import { unitsLeft } from '../i18n/basket';
import { type CartProblem, pt } from '../i18n/product';
import { cartProblemOf, checkAddToCart, loginHref, stockOfChoice } from '../lib/add-to-cart';
import { ApiError } from '../lib/api';
import { readBasketKey, setBasketCookie } from '../lib/basket.server';
import { belowTheFold, Later } from '../lib/below-the-fold';
import { apiFor } from '../lib/context.server';
import { formatNumber, formatPercent, formatPrice } from '../lib/format';
import { pageMeta } from '../lib/meta';
import { pageFrom, pageHref } from '../lib/page-href';
import { plural } from '../lib/plural';
import { toCard } from '../lib/product-cards';
import { isReviewIntent, REVIEWS_PAGE_PARAM } from '../lib/product-reviews';
import { publicPageHeaders } from '../lib/public-page';
import { ownReviewOf, reviewAction } from '../lib/reviews.server';
import { breadcrumbJsonLd, excerpt, payablePrice, picturesOf, productJsonLd, productOpenGraph } from '../lib/seo';
import { readSessionToken } from '../lib/session.server';
import { useShownVisitor } from '../lib/shown-visitor';
import { toast } from '../lib/toasts';
import { useHydrated } from '../lib/use-hydrated';
import {
  type Choice,
  choiceFromSearch,
  chosenVariant,
  firstUnchosenOption,
  priceForChoice,
  searchWithChoice,
  stockNote,
} from '../lib/variant-choice';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/product';

/** The reviews and the products you may like: below the fold, so not among the page's first files. */
const reviewsSection = belowTheFold(() =>
  import('../components/reviews-section').then(({ ReviewsSection }) => ReviewsSection),
);
const relatedProducts = belowTheFold(() => import('../components/product-card').then(({ ProductGrid }) => ProductGrid));

const categoryHref = (id: string) => `/products/allCategory/${id}`;
const brandHref = (id: string) => `/products/allBrand/${id}`;

/** An unknown or malformed id is a missing page (404), not a failure. */
function notFoundOnBadId(error: unknown): never {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
  throw error;
}

// The same for every guest, and for every customer who has not reviewed the product (docs/caching.md).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(publicPageHeaders());
  for (const [name, value] of loaderHeaders) headers.set(name, value);
  return headers;
};

/**
 * What a page rendered to be kept for customers says of them: their own review makes it theirs
 * alone; without one it may go to every customer who has none either.
 */
const keptForCustomers = (
  context: Route.LoaderArgs['context'],
  productId: string,
  myReview: unknown,
): Record<string, string> | undefined =>
  !context.sharedVisitor
    ? undefined
    : myReview
      ? { 'Cache-Control': 'private, no-store' }
      : { [UNLESS_REVIEWED_HEADER]: productId };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const reviewsPage = pageFrom(url, REVIEWS_PAGE_PARAM);
  const product = await api.products.get(params.id).then((r) => r.data, notFoundOnBadId);
  const [category, brand, reviews, myReview, related] = await Promise.all([
    api.categories.get(product.category).then((r) => r.data),
    product.brand ? api.brands.get(product.brand).then((r) => r.data) : null,
    api.products.reviews(product.id, { page: reviewsPage, limit: pageSizes.reviews }),
    ownReviewOf(request, api, product.id),
    // One more than needed, since this product is among its category's.
    api.products.list({ 'category[in][]': product.category, limit: pageSizes.relatedProducts + 1 }),
  ]);
  // A reviews page past the last one (an old link after reviews were deleted) shows the last page.
  const lastReviewsPage = Math.max(1, reviews.paginationResult.numberOfPages);
  if (reviewsPage > lastReviewsPage) throw redirect(`${pageHref(url, lastReviewsPage, REVIEWS_PAGE_PARAM)}#reviews`);
  return data(
    {
      shop: context.shop,
      product,
      category,
      brand,
      reviews,
      myReview,
      related: related.data
        .filter((p) => p.id !== product.id)
        .slice(0, pageSizes.relatedProducts)
        .map(toCard),
    },
    { headers: keptForCustomers(context, product.id, myReview) },
  );
}

type CartResult =
  | { intent: 'addToCart'; ok: true }
  | { intent: 'addToCart'; ok: false; problem: CartProblem; color: string; left?: number };

/** Why adding failed, in Arabic; NOT_ENOUGH_STOCK says how many are left (docs/specification.md (Validation rules: Cart)). */
function cartResultText(problem: Exclude<CartProblem, 'chooseOption'>, left: number | undefined): string {
  if (problem === 'notEnoughStock' && left !== undefined) return pt.allLeftInCart(plural(left, unitsLeft));
  return pt.cartErrors[problem];
}

/** Adds to the cart, or (by `intent`) adds, edits or deletes the visitor's review. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const productPath = `/products/${params.id}`;
  const signedIn = readSessionToken(request) !== undefined;
  const api = apiFor(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (isReviewIntent(intent)) {
    if (!signedIn) throw redirect(loginHref(productPath));
    return reviewAction({
      api,
      intent,
      form,
      productId: params.id,
      loginPath: loginHref(productPath),
      phoneCountry: context.shop.phoneCountry,
    });
  }

  const color = String(form.get('color') ?? '').trim();
  const variantId = String(form.get('variantId') ?? '').trim();
  const product = await api.products.get(params.id).then((r) => r.data, notFoundOnBadId);
  const fail = (problem: CartProblem, status: number, left?: number) =>
    data<CartResult>({ intent: 'addToCart', ok: false, problem, color, left }, { status });

  const problem = checkAddToCart(product, { variantId, color });
  if (problem) return fail(problem, 400);
  // A product with options: the variant picked; without: the swatch, and the API its default variant.
  const line = {
    productId: product.id,
    ...(product.options.length > 0 ? { variantId } : product.availableColors.length > 0 ? { color } : {}),
  };
  try {
    if (signedIn) {
      await api.cart.add(line);
      return data<CartResult>({ intent: 'addToCart', ok: true });
    }
    // A guest's basket (docs/decisions/0021-guest-basket.md): its first line makes it and sets its
    // cookie; every later one gives it 30 more days, on the server and in the cookie.
    const held = readBasketKey(request);
    const { basketKey } = await api.basket.add(held, line);
    const key = basketKey ?? held;
    const headers: HeadersInit = key ? { 'Set-Cookie': setBasketCookie(request, key) } : {};
    return data<CartResult>({ intent: 'addToCart', ok: true }, { headers });
  } catch (error) {
    // An expired or revoked session: sign in again and come back.
    if (error instanceof ApiError && error.status === 401) throw redirect(loginHref(productPath));
    const problem = cartProblemOf(error);
    const left = problem === 'notEnoughStock' ? stockOfChoice(product, { variantId, color }) : undefined;
    return fail(problem, error instanceof ApiError ? error.status : 500, left);
  }
}

/**
 * Picking an option only changes the URL's search (docs/specification.md (Product page)): the page
 * reads the choice from it, so the loader, which does not depend on it, is not asked again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const sameProductAndReviews =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get(REVIEWS_PAGE_PARAM) === nextUrl.searchParams.get(REVIEWS_PAGE_PARAM);
  return formMethod === undefined && sameProductAndReviews ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { shop, product } = loaderData;
  const path = `/products/${product.id}`;
  const reviewsPage = pageFrom({ searchParams: new URLSearchParams(location.search) }, REVIEWS_PAGE_PARAM);
  const description = excerpt(product.description);
  return [
    ...pageMeta({
      shop,
      title: reviewsPage > 1 ? `${product.title}، ${pt.reviewsPageTitle(formatNumber(reviewsPage))}` : product.title,
      description,
      // Every reviews page is the same product: one canonical URL.
      path,
    }),
    ...productOpenGraph({
      product,
      url: `${shop.publicUrl}${path}`,
      description,
      currency: shop.currency,
      shopName: shop.name,
    }),
  ];
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, product, category, brand, reviews, myReview, related } = loaderData;
  const { user } = useShownVisitor(useRouteLoaderData<typeof rootLoader>('root'));
  const url = `${shop.publicUrl}/products/${product.id}`;
  const rating = formatNumber(product.ratingsAverage, 1);
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = useMemo(() => choiceFromSearch(product.options, searchParams), [product.options, searchParams]);
  const variant = chosenVariant(product, choice);
  const unchosen = firstUnchosenOption(product.options, choice)?.name;
  // Every option picked but no variant of that combination (an old or edited link): not for sale.
  const inStock = variant
    ? variant.quantity > 0
    : product.quantity > 0 && (product.options.length === 0 || unchosen !== undefined);
  const choose = (optionName: string, value: string) =>
    setSearchParams((current) => searchWithChoice(product.options, { ...choice, [optionName]: value }, current), {
      replace: true,
      preventScrollReset: true,
    });

  return (
    <>
      <JsonLd
        data={productJsonLd({
          product,
          url,
          currency: shop.currency,
          brandName: brand?.name,
          categoryName: category.name,
          reviews: reviews.data,
        })}
      />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: pt.home, url: `${shop.publicUrl}/` },
          { name: category.name, url: `${shop.publicUrl}${categoryHref(category.id)}` },
          { name: product.title, url },
        ])}
      />
      <Breadcrumbs
        items={[
          { name: pt.home, to: '/' },
          { name: category.name, to: categoryHref(category.id) },
        ]}
        current={product.title}
      />

      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <ProductGallery key={product.id} images={picturesOf(product)} title={product.title} />

        <div className="flex min-w-0 flex-col gap-4">
          <Link to={categoryHref(category.id)} className="self-start text-sm font-bold text-brand-700 hover:underline">
            {category.name}
          </Link>
          <h1 className="text-2xl font-bold leading-10 sm:text-3xl sm:leading-[3rem]">{product.title}</h1>

          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {/* No reviews yet: no empty stars and no «0» (docs/catalogue.md). */}
            {product.ratingsQuantity > 0 && (
              <>
                <StarRating value={product.ratingsAverage} label={pt.rating(rating)} className="size-5" />
                <span aria-hidden="true">{rating}</span>
              </>
            )}
            <a href="#reviews" className="text-brand-700 hover:underline">
              {plural(product.ratingsQuantity, pt.ratingsCount)}
            </a>
          </p>

          {brand && (
            <p className="text-slate-700">
              {pt.brand}:{' '}
              <Link to={brandHref(brand.id)} className="font-bold text-brand-700 hover:underline">
                {brand.name}
              </Link>
            </p>
          )}

          <PriceTag {...priceForChoice(product, choice)} currency={shop.currency} />
          {variant ? (
            <VariantStock variant={variant} />
          ) : (
            <Availability inStock={inStock} sku={product.options.length === 0 ? product.variants[0]?.sku : undefined} />
          )}
          <AddToCartForm
            key={product.id}
            product={product}
            choice={choice}
            variant={variant}
            unchosen={unchosen}
            inStock={inStock}
            onChoose={choose}
            currency={shop.currency}
          />
          <FavoriteButton product={product} placement="page" />

          <section aria-labelledby="description-heading" className="mt-2 border-t border-slate-200 pt-4">
            <h2 id="description-heading" className="mb-2 text-lg font-bold">
              {pt.descriptionHeading}
            </h2>
            <p className="whitespace-pre-line leading-8 text-slate-800">{product.description}</p>
          </section>
        </div>
      </div>

      {/* One product's review forms never carry over to the next product's page (typed text, editing). */}
      <Later
        key={product.id}
        part={reviewsSection}
        props={{
          productId: product.id,
          reviews,
          mine: myReview,
          timeZone: shop.timeZone,
          user,
          posted: actionData && actionData.intent !== 'addToCart' ? actionData : undefined,
        }}
      />

      {related.length > 0 && (
        <Section id="related-products" title={pt.related} moreHref={categoryHref(category.id)}>
          <Later part={relatedProducts} props={{ products: related, currency: shop.currency }} />
        </Section>
      )}
    </>
  );
}

type PriceTagProps = Pick<Product, 'price' | 'priceAfterDiscount'> & {
  /** The options left open differ in price: this is the lowest. */
  from: boolean;
  currency: string;
};

function PriceTag({ from, currency, ...product }: PriceTagProps) {
  const price = payablePrice(product);
  const discounted = price < product.price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      {from && <span className="text-slate-700">{pt.priceFrom}</span>}
      <span className="text-3xl font-bold text-brand-700">{formatPrice(price, currency)}</span>
      {discounted && (
        <>
          <s className="text-lg text-slate-500">
            <span className="sr-only">{pt.priceBefore}: </span>
            {formatPrice(product.price, currency)}
          </s>
          <span className="rounded-md bg-red-100 px-2 py-0.5 text-sm font-bold text-red-800">
            {pt.discount(formatPercent(1 - price / product.price))}
          </span>
        </>
      )}
    </p>
  );
}

/** In stock or not, and the SKU of a product without options (its default variant's). */
function Availability({ inStock, sku }: { inStock: boolean; sku: string | undefined }) {
  const Icon = inStock ? CircleCheck : CircleX;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
      <p className={`flex items-center gap-1.5 font-bold ${inStock ? 'text-emerald-700' : 'text-red-700'}`}>
        <Icon aria-hidden="true" className="size-5" />
        {inStock ? pt.inStock : pt.outOfStock}
      </p>
      {sku && <SkuLine sku={sku} />}
    </div>
  );
}

function SkuLine({ sku }: { sku: string }) {
  return (
    <p className="text-sm text-slate-700">
      {pt.sku}: <bdi dir="ltr">{sku}</bdi>
    </p>
  );
}

/** The chosen variant's stock («متبقٍ 3 فقط», «نفد») and its SKU. */
function VariantStock({ variant }: { variant: Variant }) {
  const note = stockNote(variant.quantity);
  const Icon = note.kind === 'soldOut' ? CircleX : CircleCheck;
  const text =
    note.kind === 'soldOut' ? pt.soldOut : note.kind === 'fewLeft' ? plural(note.left, unitsLeft) : pt.inStock;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
      <p
        role="status"
        className={`flex items-center gap-1.5 font-bold ${note.kind === 'inStock' ? 'text-emerald-700' : note.kind === 'fewLeft' ? 'text-amber-800' : 'text-red-700'}`}
      >
        <Icon aria-hidden="true" className="size-5" />
        {text}
      </p>
      <SkuLine sku={variant.sku} />
    </div>
  );
}

/**
 * The options (or the colour of a product without options) and the add-to-cart button. With JavaScript the form posts through a fetcher and
 * the outcome is a toast; without it the page comes back with the outcome written under the button.
 */
type AddToCartFormProps = {
  product: Product;
  choice: Choice;
  /** The variant every option's value names (a product with options), once all are picked. */
  variant: Variant | undefined;
  /** The first option not picked yet: what adding asks for. */
  unchosen: string | undefined;
  inStock: boolean;
  onChoose: (optionName: string, value: string) => void;
  currency: string;
};

/** Problems shown at the choice itself (the swatches or the option's group), not as a toast. */
const isChoiceProblem = (problem: CartProblem): problem is 'chooseColor' | 'chooseOption' =>
  problem === 'chooseColor' || problem === 'chooseOption';

function AddToCartForm({ product, choice, variant, unchosen, inStock, onChoose, currency }: AddToCartFormProps) {
  const fetcher = useFetcher<CartResult>();
  // Set only after a plain form post (before JavaScript loaded): the fetcher's result is separate.
  const actionData = useActionData<typeof action>();
  const posted = actionData?.intent === 'addToCart' ? actionData : undefined;
  const hydrated = useHydrated();
  const hasOptions = product.options.length > 0;
  const [color, setColor] = useState(posted && !posted.ok ? posted.color : '');
  const [choiceError, setChoiceError] = useState(posted !== undefined && !posted.ok && isChoiceProblem(posted.problem));
  // The first swatch, or the first open value of the option still to pick.
  const firstChoice = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== 'idle';
  const formId = useId();
  const mainButton = useRef<HTMLButtonElement>(null);
  const scrolledPastMainButton = useScrolledPast(mainButton);
  const buttonText = busy ? pt.adding : inStock ? pt.addToCart : pt.outOfStock;
  // A missing choice shows at the choice; any other outcome of a plain post, under the button.
  const postedMessage = !posted
    ? null
    : posted.ok
      ? pt.addedToCart
      : isChoiceProblem(posted.problem)
        ? null
        : cartResultText(posted.problem, posted.left);

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) {
      toast.success(pt.addedToCart);
    } else if (isChoiceProblem(result.problem)) {
      setChoiceError(true);
      firstChoice.current?.focus();
    } else {
      toast.error(cartResultText(result.problem, result.left));
    }
  }, [fetcher.data]);

  return (
    <>
      {hasOptions && (
        <VariantPicker
          product={product}
          choice={choice}
          onChoose={(optionName, value) => {
            onChoose(optionName, value);
            setChoiceError(false);
          }}
          unchosen={unchosen}
          error={choiceError && unchosen ? pt.chooseOption(unchosen) : undefined}
          unchosenRef={firstChoice}
          hydrated={hydrated}
        />
      )}
      <fetcher.Form id={formId} method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="addToCart" />
        {hasOptions && <input type="hidden" name="variantId" value={variant?.id ?? ''} />}
        {!hasOptions && product.availableColors.length > 0 && (
          <ColorSwatches
            colors={product.availableColors}
            value={color}
            onChange={(next) => {
              setColor(next);
              setChoiceError(false);
            }}
            error={choiceError ? pt.cartErrors.chooseColor : undefined}
            firstRef={firstChoice}
          />
        )}
        <button
          ref={mainButton}
          type="submit"
          disabled={!inStock || busy}
          className="flex items-center justify-center gap-2 self-stretch rounded-xl bg-brand-600 px-6 py-3 text-lg font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 sm:self-start"
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          {buttonText}
        </button>
        {postedMessage && (
          <p role="status" className={`font-bold ${posted?.ok ? 'text-emerald-700' : 'text-red-700'}`}>
            {postedMessage}
          </p>
        )}
      </fetcher.Form>
      {/* Without JavaScript nothing tells when the main button is out of sight: no bar. */}
      {hydrated && scrolledPastMainButton && (
        <StickyCartBar
          formId={formId}
          price={priceForChoice(product, choice)}
          currency={currency}
          disabled={!inStock || busy}
          buttonText={buttonText}
        />
      )}
    </>
  );
}

/**
 * Whether the element has scrolled up out of sight (not while it is on screen or still below it).
 * Two observers, since a jump (the End key, a link to #reviews) may pass the screen without ever
 * touching it: one sees the screen, the other the screen and everything above it.
 */
function useScrolledPast(element: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  const [belowScreen, setBelowScreen] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const watch = (rootMargin: string, report: (intersecting: boolean) => void) => {
      const observer = new IntersectionObserver(([entry]) => entry && report(entry.isIntersecting), { rootMargin });
      observer.observe(target);
      return observer;
    };
    const observers = [
      watch('0px', setOnScreen),
      watch('100000px 0px 0px 0px', (atOrAbove) => setBelowScreen(!atOrAbove)),
    ];
    return () => {
      for (const observer of observers) observer.disconnect();
    };
  }, [element]);
  return !onScreen && !belowScreen;
}

type StickyCartBarProps = {
  /** The add-to-cart form the bar's button submits: same action, same choice. */
  formId: string;
  price: ReturnType<typeof priceForChoice>;
  currency: string;
  disabled: boolean;
  buttonText: string;
};

/**
 * On phones, once the main add-to-cart button has scrolled out of sight, a bar fixed at the bottom
 * with the chosen variant's price and a button that submits the same form (docs/variants.md (Screens)).
 * The page keeps room below its last content for it (app.css, [data-sticky-cart]).
 */
function StickyCartBar({ formId, price, currency, disabled, buttonText }: StickyCartBarProps) {
  return (
    <section
      data-sticky-cart
      aria-label={pt.stickyCartBar}
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:hidden"
    >
      <p className="flex items-baseline gap-2">
        {price.from && <span className="text-sm text-slate-700">{pt.priceFrom}</span>}
        <span className="text-xl font-bold text-brand-700">{formatPrice(payablePrice(price), currency)}</span>
      </p>
      <button
        type="submit"
        form={formId}
        disabled={disabled}
        className="flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {buttonText}
      </button>
    </section>
  );
}
