import { EyeOff, History, MessageSquareText } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { data, Form, Link, redirect, useFetcher } from 'react-router';
import { MODERATION_REASON_MAX } from '../../../contract/constants';
import { formatDateTime } from '../../../contract/dates';
import type { ModeratedReview } from '../../../contract/types';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { ConfirmDialog, DialogCancel, DialogOpener } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { SelectField, TextAreaField } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { StarRating } from '../../components/star-rating';
import { SubmitButton } from '../../components/submit-button';
import { rm } from '../../i18n/admin-reviews';
import { type ApiClient, ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import type { FormFailure } from '../../lib/form';
import { formatNumber } from '../../lib/format';
import { answerSave, urlWithoutDialog } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import { toast } from '../../lib/toasts';
import { useFetcherSettled } from '../../lib/use-fetcher-settled';
import { useFormErrors } from '../../lib/use-form-errors';
import { useHydrated } from '../../lib/use-hydrated';
import { type UrlDialog, useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/reviews';

/*
 * Review moderation (docs/reviews.md § Moderation): every product's reviews, newest first, by
 * whole stars and shown or hidden; hiding and deleting ask for a reason, kept in the log
 * (routes/admin/review-log.tsx).
 */

const PATH = '/admin/reviews';
const PAGE_SIZE = 20;
const reasonFields = ['reason'] as const;
type Intent = 'hide' | 'show' | 'delete';
type ModerationResult = { intent: Intent; ok: true } | ({ intent: Intent; ok: false } & FormFailure<'reason'>);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const filters = { status: url.searchParams.get('status') ?? '', rating: url.searchParams.get('rating') ?? '' };
  const api = apiFor(request, context);
  const reviews = await api.reviews.moderationList({ page, limit: PAGE_SIZE, ...filters }).catch((error: unknown) => {
    // A filter edited into something the API refuses: the unfiltered list rather than an error page.
    if (error instanceof ApiError && error.status === 400) throw redirect(PATH);
    throw error;
  });
  // A page past the last one (an old link, the last review of a page deleted) shows the last page.
  const lastPage = Math.max(1, reviews.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, reviews, filters };
}

async function moderate(api: ApiClient, intent: Intent, id: string, reason: string, phoneCountry: string) {
  if (intent !== 'show' && !reason) return { intent, ok: false, fieldErrors: { reason: rm.reasonRequired } } as const;
  try {
    if (intent === 'hide') await api.reviews.hide(id, reason);
    else if (intent === 'show') await api.reviews.show(id);
    else await api.reviews.removeWithReason(id, reason);
    return { intent, ok: true } as const;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A malformed id reads the same as a deleted review: gone.
    if (error.status === 404 || error.code === 'INVALID_ID') {
      return { intent, ok: false, fieldErrors: {}, formError: rm.gone } as const;
    }
    return { intent, ok: false, ...formFailureFromApi(error, reasonFields, phoneCountry) } as const;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'hide' && intent !== 'show' && intent !== 'delete') throw data(null, { status: 400 });
  const result: ModerationResult = await moderate(
    apiFor(request, context),
    intent,
    String(form.get('id') ?? ''),
    String(form.get('reason') ?? '').trim(),
    context.shop.phoneCountry,
  );
  const back = urlWithoutDialog(request, intent);
  return answerSave(request, form, result, back, () => doneText[intent]);
}

const doneText: Record<Intent, string> = { hide: rm.hiddenDone, show: rm.shownDone, delete: rm.deletedDone };

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ shop: loaderData?.shop, title: rm.title, description: rm.description, path: PATH, noindex: true });
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, reviews, filters } = loaderData;
  const hideDialog = useUrlDialog('hide');
  const deleteDialog = useUrlDialog('delete');
  const hrefFor = usePageHref();
  const busy = useLoadingHere();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const filtered = filters.status !== '' || filters.rating !== '';
  const hiding = reviews.data.find((review) => review.id === hideDialog.openFor);
  const deleting = reviews.data.find((review) => review.id === deleteDialog.openFor);
  const posted = actionData && !actionData.ok ? actionData : undefined;
  useShownToast();

  return (
    <>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
        <h1 ref={listHeading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {rm.title} <span className="text-base font-normal text-slate-600">({plural(reviews.results, rm.count)})</span>
        </h1>
        <Link
          to="/admin/reviews/log"
          className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
        >
          <History aria-hidden="true" className="size-4" />
          {rm.logLink}
        </Link>
      </div>

      <Form method="get" aria-label={rm.filters} className="mb-5 flex flex-wrap items-end gap-3">
        <SelectField name="status" label={rm.statusLabel} defaultValue={filters.status} className="w-40">
          <option value="">{rm.allStatuses}</option>
          <option value="visible">{rm.visible}</option>
          <option value="hidden">{rm.hidden}</option>
        </SelectField>
        <SelectField name="rating" label={rm.ratingLabel} defaultValue={filters.rating} className="w-40">
          <option value="">{rm.allRatings}</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {rm.stars(stars)}
            </option>
          ))}
        </SelectField>
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800 focus-visible:outline-2"
        >
          {rm.apply}
        </button>
      </Form>

      {reviews.data.length === 0 ? (
        <EmptyState
          Icon={MessageSquareText}
          title={filtered ? rm.noMatch : rm.noReviews}
          hint={filtered ? undefined : rm.noReviewsHint}
        />
      ) : (
        <BusyRegion busy={busy}>
          <ul className="grid gap-4">
            {reviews.data.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  review={review}
                  timeZone={shop.timeZone}
                  hideDialog={hideDialog}
                  deleteDialog={deleteDialog}
                />
              </li>
            ))}
          </ul>
          <Pagination
            currentPage={reviews.paginationResult.currentPage}
            numberOfPages={reviews.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={rm.pager}
          />
        </BusyRegion>
      )}

      <ReasonDialog
        intent="hide"
        review={hiding}
        dialog={hideDialog}
        cancelTo={hrefFor(reviews.paginationResult.currentPage)}
        posted={posted?.intent === 'hide' ? posted : undefined}
        fallbackFocus={listHeading}
      />
      <ReasonDialog
        intent="delete"
        review={deleting}
        dialog={deleteDialog}
        cancelTo={hrefFor(reviews.paginationResult.currentPage)}
        posted={posted?.intent === 'delete' ? posted : undefined}
        fallbackFocus={listHeading}
      />
    </>
  );
}

const actionClass =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-bold ring-1 ring-slate-300 hover:bg-slate-100';

function ReviewCard({
  review,
  timeZone,
  hideDialog,
  deleteDialog,
}: {
  review: ModeratedReview;
  timeZone: string;
  hideDialog: UrlDialog;
  deleteDialog: UrlDialog;
}) {
  const headingId = `review-${review.id}`;
  const author = review.user.name;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-5 ${review.hidden ? 'ring-amber-300' : 'ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold [overflow-wrap:anywhere]">
          <Link to={`/products/${review.product}`} className="hover:underline">
            {review.productTitle}
          </Link>
        </h2>
        {review.hidden && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-900">
            <EyeOff aria-hidden="true" className="size-4" />
            {rm.hiddenBadge}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
        <StarRating value={review.rating} label={rm.ratingOf(formatNumber(review.rating, 1))} />
        <span>
          {rm.by} <span className="font-bold">{author}</span>{' '}
          <bdi dir="ltr" className="text-sm text-slate-600 [overflow-wrap:anywhere]">
            {review.user.email}
          </bdi>
        </span>
        <time dateTime={review.createdAt} className="text-sm text-slate-600">
          {formatDateTime(review.createdAt, timeZone)}
        </time>
      </div>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.review}</p>
      {review.hidden && review.hiddenReason && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-bold">{rm.hiddenBecause}</span> {review.hiddenReason}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        {review.hidden ? (
          <ShowButton review={review} />
        ) : (
          <DialogOpener
            href={hideDialog.href(review.id)}
            onOpen={() => hideDialog.open(review.id)}
            aria-label={rm.hideNamed(author)}
            className={`${actionClass} text-slate-800`}
          >
            {rm.hide}
          </DialogOpener>
        )}
        <DialogOpener
          href={deleteDialog.href(review.id)}
          onOpen={() => deleteDialog.open(review.id)}
          aria-label={rm.deleteNamed(author)}
          className={`${actionClass} text-red-700`}
        >
          {rm.delete}
        </DialogOpener>
      </div>
    </article>
  );
}

/**
 * Showing a hidden review again asks nothing: it undoes a hide and can itself be undone. The
 * buttons share one fetcher with the page (SHOW_FETCHER), which says the outcome: a review shown
 * leaves a list of hidden ones, and its button with it, before the answer could be said there.
 */
const SHOW_FETCHER = 'show-review';

function useShownToast() {
  const fetcher = useFetcher<ModerationResult>({ key: SHOW_FETCHER });
  useFetcherSettled(fetcher, (answer) => {
    if (answer.ok) toast.success(rm.shownDone);
    else toast.error(answer.formError ?? rm.failed);
  });
}

function ShowButton({ review }: { review: ModeratedReview }) {
  const fetcher = useFetcher<ModerationResult>({ key: SHOW_FETCHER });
  const hydrated = useHydrated();
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('id') === review.id;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="show" />
      <input type="hidden" name="id" value={review.id} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-label={rm.showNamed(review.user.name)}
        aria-busy={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        className={`${actionClass} text-slate-800`}
      >
        {busy ? rm.saving : rm.show}
      </button>
    </fetcher.Form>
  );
}

/** Hiding or deleting: the question, with the reason the log keeps. */
function ReasonDialog({
  intent,
  review,
  dialog,
  cancelTo,
  posted,
  fallbackFocus,
}: {
  intent: 'hide' | 'delete';
  review: ModeratedReview | undefined;
  dialog: UrlDialog;
  cancelTo: string;
  posted: ModerationResult | undefined;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<ModerationResult>();
  const hydrated = useHydrated();
  const result = fetcher.data ?? posted;
  const failure = result && !result.ok ? result : undefined;
  const { errors, formProps } = useFormErrors(
    reasonFields,
    (values) => (values.reason.trim() ? {} : { reason: rm.reasonRequired }),
    failure?.fieldErrors,
  );
  const busy = fetcher.state !== 'idle';
  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return;
    toast.success(doneText[intent]);
    dialog.close();
  });
  const hide = intent === 'hide';
  const question = review ? (hide ? rm.hideQuestion : rm.deleteQuestion)(review.user.name, review.productTitle) : '';
  return (
    <ConfirmDialog
      open={review !== undefined}
      onOpenChange={(open) => !open && dialog.close()}
      title={hide ? rm.hideTitle : rm.deleteTitle}
      description={question}
      fallbackFocus={fallbackFocus}
    >
      <fetcher.Form key={review?.id ?? ''} method="post" className="flex flex-col gap-4" {...formProps}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={review?.id ?? ''} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        {failure?.formError && !busy && <FormAlert className="">{failure.formError}</FormAlert>}
        <TextAreaField
          name="reason"
          label={rm.reasonLabel}
          rows={2}
          maxLength={MODERATION_REASON_MAX}
          error={errors.reason}
          hint={rm.reasonHint}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <DialogCancel to={cancelTo} alert>
            {rm.keep}
          </DialogCancel>
          <SubmitButton pending={busy} pendingText={rm.saving} tone={hide ? 'primary' : 'danger'} className="px-5">
            {hide ? rm.confirmHide : rm.confirmDelete}
          </SubmitButton>
        </div>
      </fetcher.Form>
    </ConfirmDialog>
  );
}
