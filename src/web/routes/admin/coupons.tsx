import { CalendarClock, TicketPercent } from 'lucide-react';
import { useRef } from 'react';
import { data, redirect } from 'react-router';
import { formatDate } from '../../../contract/dates';
import type { Coupon } from '../../../contract/types';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { CouponForm } from '../../components/coupon-form';
import { EmptyState } from '../../components/empty-state';
import { DeleteDialog, DeleteOpener, EditLink } from '../../components/item-actions';
import { Pagination } from '../../components/pagination';
import { ac } from '../../i18n/admin-orders';
import { type ApiClient, ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type CouponField, couponBody, couponFields, EMPTY_COUPON, isExpired } from '../../lib/coupon-form';
import { validateCoupon } from '../../lib/coupon-validation';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { formatPercent } from '../../lib/format';
import { answerDelete, answerSave } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import { useListToasts } from '../../lib/use-list-toasts';
import { useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/coupons';

const PATH = '/admin/addCoupon';
/** The spec sets no page size for coupons; a page of them stays short enough to scan. */
const COUPONS_PAGE_SIZE = 20;

type AddResult =
  | { intent: 'add'; ok: true; name: string }
  | ({ intent: 'add'; ok: false; values: FormValues<CouponField> } & FormFailure<CouponField>);
type DeleteResult = { intent: 'delete'; ok: true } | { intent: 'delete'; ok: false; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const coupons = await apiFor(request, context).coupons.list({ page, limit: COUPONS_PAGE_SIZE });
  // A page past the last one (an old link, the last coupon of a page deleted) shows the last page.
  const lastPage = Math.max(1, coupons.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  // 'Now' from the server, so its HTML and the browser's render agree on which coupons expired.
  return { shop: context.shop, coupons, now: Date.now() };
}

async function addCoupon(api: ApiClient, form: FormData, country: string): Promise<AddResult> {
  const values = formValues(form, couponFields);
  const fail = (failure: FormFailure<CouponField>): AddResult => ({ intent: 'add', ok: false, ...failure, values });
  const fieldErrors = validateCoupon(values, 'add');
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    const { data: coupon } = await api.coupons.add(couponBody(values));
    return { intent: 'add', ok: true, name: coupon.name };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, couponFields, country));
  }
}

async function deleteCoupon(api: ApiClient, id: string): Promise<DeleteResult> {
  try {
    await api.coupons.remove(id);
    return { intent: 'delete', ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A malformed id reads the same as a deleted one: not found.
    const gone = error.status === 404 || error.status === 400;
    return { intent: 'delete', ok: false, message: gone ? ac.couponGone : ac.deleteFailed };
  }
}

/** Adding (the form) and deleting (a card's confirmation); editing has its own page. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  const api = apiFor(request, context);
  // Back to the page the admin was on, without the dialog's ?delete=.
  const url = new URL(request.url);
  url.searchParams.delete('delete');
  const back = pageHref(url, pageFrom(url));

  if (form.get('intent') === 'add') {
    // The original specification reloaded the page; here the list revalidates in place (docs/decisions/0007-revalidate-instead-of-reload.md).
    const result = await addCoupon(api, form, context.shop.phoneCountry);
    return answerSave(request, form, result, back, (added) => ac.added(added.name));
  }
  if (form.get('intent') === 'delete') {
    return answerDelete(request, form, await deleteCoupon(api, String(form.get('id') ?? '')), back, ac.deleted);
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: ac.title,
    description: ac.description,
    path: PATH,
    noindex: true,
  });
}

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, coupons, now } = loaderData;
  const dialog = useUrlDialog('delete');
  const hrefFor = usePageHref();
  const busy = useLoadingHere();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const deleting = coupons.data.find((coupon) => coupon.id === dialog.openFor);
  const added = actionData?.intent === 'add' && actionData.ok ? actionData : undefined;
  const addFailure = actionData?.intent === 'add' && !actionData.ok ? actionData : undefined;

  useListToasts(actionData, dialog.close, { added: ac.added, deleted: ac.deleted });

  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{ac.addTitle}</h1>
      <CouponForm
        mode="add"
        values={addFailure?.values ?? EMPTY_COUPON}
        fieldErrors={addFailure?.fieldErrors}
        formError={addFailure?.formError}
        submitLabel={ac.add}
        resetOn={added}
      />

      <section aria-labelledby="coupons-heading" className="mt-8">
        <div className="mb-4 flex flex-wrap items-baseline gap-x-3">
          <h2 ref={listHeading} id="coupons-heading" tabIndex={-1} className="text-xl font-bold outline-none">
            {ac.listTitle}
          </h2>
          <p className="text-slate-600">({plural(coupons.results, ac.count)})</p>
        </div>
        {coupons.data.length === 0 ? (
          <EmptyState Icon={TicketPercent} title={ac.noCoupons} hint={ac.noCouponsHint} />
        ) : (
          <BusyRegion busy={busy}>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {coupons.data.map((coupon) => (
                <li key={coupon.id}>
                  <CouponCard
                    coupon={coupon}
                    expired={isExpired(coupon, now)}
                    timeZone={shop.timeZone}
                    onDelete={() => dialog.open(coupon.id)}
                    deleteHref={dialog.href(coupon.id)}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              currentPage={coupons.paginationResult.currentPage}
              numberOfPages={coupons.paginationResult.numberOfPages}
              hrefFor={hrefFor}
              label={ac.couponsPager}
            />
          </BusyRegion>
        )}
      </section>

      <DeleteDialog
        id={deleting?.id}
        onClose={dialog.close}
        title={ac.deleteTitle}
        description={deleting ? ac.deleteQuestion(deleting.name) : ''}
        cancelTo={hrefFor(coupons.paginationResult.currentPage)}
        cancelLabel={ac.cancel}
        confirmLabel={ac.confirmDelete}
        // The deleted card takes its delete button with it: keyboard users land on the list.
        fallbackFocus={listHeading}
      />
    </>
  );
}

function CouponCard({
  coupon,
  expired,
  timeZone,
  onDelete,
  deleteHref,
}: {
  coupon: Coupon;
  expired: boolean;
  timeZone: string;
  onDelete: () => void;
  deleteHref: string;
}) {
  const headingId = `coupon-${coupon.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
          <TicketPercent aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <bdi dir="ltr" className="[overflow-wrap:anywhere]">
            {coupon.name}
          </bdi>
        </h3>
        {expired && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-sm font-bold text-slate-800">{ac.expired}</span>
        )}
      </div>
      <p className="text-2xl font-bold text-brand-700">{ac.discountOf(formatPercent(coupon.discount / 100))}</p>
      <p className="flex items-center gap-1.5 text-slate-700">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        {expired ? ac.expiredOn : ac.expiresOn}:{' '}
        <time dateTime={coupon.expire} className="font-bold">
          {formatDate(coupon.expire, timeZone)}
        </time>
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <EditLink to={`/admin/edit-coupon/${coupon.id}`} label={ac.edit} name={ac.editNamed(coupon.name)} />
        <DeleteOpener href={deleteHref} onOpen={onDelete} label={ac.delete} name={ac.deleteNamed(coupon.name)} />
      </div>
    </article>
  );
}
