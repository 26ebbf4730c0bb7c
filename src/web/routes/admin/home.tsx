import { ArrowDown, ArrowUp, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { Form, Link, useFetcher } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import {
  HOME_FEATURED_CATEGORIES_MAX,
  HOME_FEATURED_PRODUCTS_MAX,
  HOME_SLIDES_MAX,
} from '../../../contract/home-values';
import type { HomeFeaturedBody, HomeSlide } from '../../../contract/types';
import { Panel } from '../../components/admin-panel';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { hp } from '../../i18n/home-page';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/home';

/*
 * /admin/home (docs/home-page.md): the home page's slides (add, edit, order, delete) and the
 * categories and products it features (search, add, order, remove). Every change is saved at once.
 */

type FeaturedKind = 'category' | 'product';
/** Each kind's search parameter in the page's address. */
const searchParam = { category: 'cq', product: 'pq' } as const satisfies Record<FeaturedKind, string>;
const RESULTS = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const categoryQuery = url.searchParams.get(searchParam.category)?.trim() ?? '';
  const productQuery = url.searchParams.get(searchParam.product)?.trim() ?? '';
  const [slides, featured, categories, products] = await Promise.all([
    api.home.slides(),
    api.home.featured(),
    categoryQuery ? api.categories.list({ limit: 100 }) : undefined,
    productQuery ? api.products.list({ keyword: productQuery, limit: RESULTS, status: 'all' }) : undefined,
  ]);
  const matching = (name: string) => name.toLocaleLowerCase('ar').includes(categoryQuery.toLocaleLowerCase('ar'));
  return {
    shop: context.shop,
    slides: slides.data,
    featured: featured.data,
    categoryQuery,
    productQuery,
    categoryResults: categories?.data.filter((category) => matching(category.name)).slice(0, RESULTS),
    productResults: products?.data,
  };
}

/** `ids` after an add, a removal or a move of `id`. */
function changed(ids: readonly string[], id: string, op: string): string[] {
  const at = ids.indexOf(id);
  if (op === 'add') return at === -1 ? [...ids, id] : [...ids];
  if (at === -1) return [...ids];
  if (op === 'remove') return ids.filter((item) => item !== id);
  const to = op === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[at], moved[to]] = [moved[to] as string, moved[at] as string];
  return moved;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const api = apiFor(request, context).home;
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const intent = text('intent');
  const id = text('id');
  try {
    if (intent === 'delete-slide') {
      await api.deleteSlide(id);
      return redirectWithToast(request, back, { type: 'success', text: hp.deleted });
    }
    if (intent === 'move-slide') {
      const { data: slides } = await api.slides();
      await api.orderSlides(
        changed(
          slides.map((slide) => slide.id),
          id,
          text('op'),
        ),
      );
      return redirectWithToast(request, back, { type: 'success', text: hp.moved });
    }
    if (intent === 'featured') {
      const { data: current } = await api.featured();
      const choice: HomeFeaturedBody = {
        categoryIds: current.categories.map((category) => category.id),
        productIds: current.products.map((product) => product.id),
      };
      if (text('kind') === 'category') choice.categoryIds = changed(choice.categoryIds, id, text('op'));
      else choice.productIds = changed(choice.productIds, id, text('op'));
      await api.saveFeatured(choice);
      return redirectWithToast(request, back, { type: 'success', text: hp.featuredSaved });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = errorText(error.code, { phoneCountry: context.shop.phoneCountry }) ?? hp.gone;
    return redirectWithToast(request, back, { type: 'error', text: message });
  }
  return redirectWithToast(request, back, { type: 'error', text: hp.gone });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    shop: loaderData.shop,
    title: hp.title,
    description: hp.description,
    path: '/admin/home',
    noindex: true,
  });
}

const smallButton =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-bold text-slate-800 hover:bg-slate-50 disabled:opacity-40';

/** A post of one change: a button (its own name for screen readers) with hidden fields. */
function ChangeButton({
  fields,
  label,
  name,
  Icon,
  disabled = false,
}: {
  fields: Record<string, string>;
  label: string;
  name: string;
  Icon: typeof ArrowUp;
  disabled?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button type="submit" className={smallButton} aria-label={name} disabled={disabled}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </button>
    </Form>
  );
}

type SlideState = keyof typeof hp.states;

function slideState(slide: HomeSlide, now: number): SlideState {
  if (!slide.active) return 'hidden';
  if (slide.activeFrom && Date.parse(slide.activeFrom) > now) return 'scheduled';
  if (slide.activeUntil && Date.parse(slide.activeUntil) <= now) return 'ended';
  return 'shown';
}

const stateClass: Record<SlideState, string> = {
  shown: 'bg-emerald-100 text-emerald-900',
  hidden: 'bg-slate-200 text-slate-800',
  scheduled: 'bg-sky-100 text-sky-900',
  ended: 'bg-amber-100 text-amber-900',
};

function SlideList({ slides, timeZone }: { slides: HomeSlide[]; timeZone: string }) {
  const fetcher = useFetcher();
  const now = Date.now();
  const when = (instant: string) => formatDateTime(instant, timeZone);
  if (slides.length === 0) return <p className="text-slate-700">{hp.noSlides}</p>;
  return (
    <ol className="divide-y divide-slate-200">
      {slides.map((slide, index) => {
        const state = slideState(slide, now);
        return (
          <li key={slide.id} className="flex flex-wrap items-center gap-3 py-3">
            <img
              src={slide.image.small}
              width={64}
              height={64}
              alt=""
              loading="lazy"
              className="size-16 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
            />
            <div className="min-w-0 flex-1">
              <p className="font-bold break-words">
                <bdi>{slide.title}</bdi>
              </p>
              <p className="text-sm text-slate-700">
                {slide.activeFrom || slide.activeUntil
                  ? [
                      slide.activeFrom && hp.from(when(slide.activeFrom)),
                      slide.activeUntil && hp.until(when(slide.activeUntil)),
                    ]
                      .filter(Boolean)
                      .join(' ')
                  : hp.always}
              </p>
              <span className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-sm font-bold ${stateClass[state]}`}>
                {hp.states[state]}
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link
                to={`/admin/home/slides/${slide.id}`}
                className={smallButton}
                aria-label={hp.editNamed(slide.title)}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {hp.edit}
              </Link>
              <ChangeButton
                fields={{ intent: 'move-slide', id: slide.id, op: 'up' }}
                label={hp.moveUp}
                name={hp.moveUpNamed(slide.title)}
                Icon={ArrowUp}
                disabled={index === 0}
              />
              <ChangeButton
                fields={{ intent: 'move-slide', id: slide.id, op: 'down' }}
                label={hp.moveDown}
                name={hp.moveDownNamed(slide.title)}
                Icon={ArrowDown}
                disabled={index === slides.length - 1}
              />
              <ConfirmDialog
                trigger={
                  <button type="button" className={smallButton} aria-label={hp.removeNamed(slide.title)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    {hp.remove}
                  </button>
                }
                title={hp.deleteTitle}
                description={hp.deleteQuestion(slide.title)}
                confirmLabel={hp.confirmDelete}
                cancelLabel={hp.cancel}
                onConfirm={() => fetcher.submit({ intent: 'delete-slide', id: slide.id }, { method: 'post' })}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

type PickerItem = { id: string; name: string; note?: string | undefined };

/** One kind's featured list (ordered, with moves and removal) and its search for more. */
function FeaturedPicker({
  kind,
  title,
  empty,
  searchLabel,
  chosen,
  query,
  results,
  max,
  keep,
}: {
  kind: FeaturedKind;
  title: string;
  empty: string;
  searchLabel: string;
  chosen: PickerItem[];
  query: string;
  results: PickerItem[] | undefined;
  max: number;
  /** The page's other search, kept when this one is sent. */
  keep: Record<string, string>;
}) {
  const chosenIds = new Set(chosen.map((item) => item.id));
  const offered = results?.filter((item) => !chosenIds.has(item.id));
  const full = chosen.length >= max;
  const searchId = `featured-${kind}-search`;
  const change = (id: string, op: string) => ({ intent: 'featured', kind, id, op });
  return (
    <Panel id={`featured-${kind}`} title={title}>
      {chosen.length === 0 ? (
        <p className="mb-4 text-slate-700">{empty}</p>
      ) : (
        <ol className="mb-4 divide-y divide-slate-200">
          {chosen.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-bold break-words">
                  <bdi>{item.name}</bdi>
                </p>
                {item.note && <p className="text-sm text-amber-900">{item.note}</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <ChangeButton
                  fields={change(item.id, 'up')}
                  label={hp.moveUp}
                  name={hp.moveUpNamed(item.name)}
                  Icon={ArrowUp}
                  disabled={index === 0}
                />
                <ChangeButton
                  fields={change(item.id, 'down')}
                  label={hp.moveDown}
                  name={hp.moveDownNamed(item.name)}
                  Icon={ArrowDown}
                  disabled={index === chosen.length - 1}
                />
                <ChangeButton
                  fields={change(item.id, 'remove')}
                  label={hp.remove}
                  name={hp.removeFeatured(item.name)}
                  Icon={Trash2}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Form method="get" role="search" aria-label={searchLabel} className="flex flex-wrap items-end gap-2">
        {/* The other kind's search stays as it was. */}
        {Object.entries(keep).map(([param, value]) =>
          value ? <input key={param} type="hidden" name={param} value={value} /> : null,
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="mb-1.5 block font-bold">
            {searchLabel}
          </label>
          <input
            id={searchId}
            name={searchParam[kind]}
            type="search"
            defaultValue={query}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
          />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-brand-700 px-4 font-bold text-white hover:bg-brand-600"
        >
          <Search aria-hidden="true" className="size-4" />
          {hp.search}
        </button>
      </Form>
      {offered && (
        <section aria-label={hp.results(query)} className="mt-3">
          {full && <p className="mb-2 font-bold text-amber-900">{hp.featuredFull}</p>}
          {offered.length === 0 ? (
            <p className="text-slate-700">{hp.noResults}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {offered.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <bdi>{item.name}</bdi>
                    {item.note && <p className="text-sm text-amber-900">{item.note}</p>}
                  </div>
                  <ChangeButton
                    fields={change(item.id, 'add')}
                    label={hp.add}
                    name={hp.addNamed(item.name)}
                    Icon={Plus}
                    disabled={full}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Panel>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { shop, slides, featured, categoryQuery, productQuery, categoryResults, productResults } = loaderData;
  const productItem = (product: { id: string; title: string; status: string }): PickerItem => ({
    id: product.id,
    name: product.title,
    note: product.status === 'draft' ? hp.draft : undefined,
  });
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{hp.title}</h1>
      <p className="mb-4 max-w-prose text-slate-700">{hp.intro}</p>
      <p className="mb-5">
        <Link to="/" className="font-bold text-brand-800 underline">
          {hp.viewHome}
        </Link>
      </p>
      <div className="space-y-6">
        <Panel id="home-slides" title={hp.slides}>
          <div className="mb-3">
            {slides.length < HOME_SLIDES_MAX ? (
              <Link
                to="/admin/home/slides/new"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-brand-700 px-4 font-bold text-white hover:bg-brand-600"
              >
                <Plus aria-hidden="true" className="size-4" />
                {hp.addSlide}
              </Link>
            ) : (
              <p className="font-bold text-amber-900">{hp.slidesFull(HOME_SLIDES_MAX)}</p>
            )}
          </div>
          <SlideList slides={slides} timeZone={shop.timeZone} />
        </Panel>
        <FeaturedPicker
          kind="category"
          title={hp.featuredCategories}
          empty={hp.noFeaturedCategories}
          searchLabel={hp.searchCategories}
          chosen={featured.categories.map((category) => ({ id: category.id, name: category.name }))}
          query={categoryQuery}
          results={categoryResults?.map((category) => ({ id: category.id, name: category.name }))}
          max={HOME_FEATURED_CATEGORIES_MAX}
          keep={{ [searchParam.product]: productQuery }}
        />
        <FeaturedPicker
          kind="product"
          title={hp.featuredProducts}
          empty={hp.noFeaturedProducts}
          searchLabel={hp.searchProducts}
          chosen={featured.products.map(productItem)}
          query={productQuery}
          results={productResults?.map(productItem)}
          max={HOME_FEATURED_PRODUCTS_MAX}
          keep={{ [searchParam.category]: categoryQuery }}
        />
      </div>
    </>
  );
}
