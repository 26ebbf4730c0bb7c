import { data } from 'react-router';
import { CouponForm } from '../../components/coupon-form';
import { ac } from '../../i18n/admin-orders';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type CouponField, couponBody, couponDefaults, couponFields } from '../../lib/coupon-form';
import { validateCoupon } from '../../lib/coupon-validation';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/edit-coupon';

type EditFailure = FormFailure<CouponField> & { values: FormValues<CouponField> };

/** A malformed id reads the same as an unknown one: not found. */
function notFoundOnMissing(error: unknown): never {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
  throw error;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const coupon = await apiFor(request, context)
    .coupons.get(params.id)
    .then((r) => r.data, notFoundOnMissing);
  return { shop: context.shop, coupon, values: couponDefaults(coupon, context.shop.timeZone) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const values = formValues(await request.formData(), couponFields);
  const fail = (failure: FormFailure<CouponField>) => data<EditFailure>({ ...failure, values }, { status: 400 });
  // docs/specification.md (Limits and page sizes): an edit may set the discount to 0.
  const fieldErrors = validateCoupon(values, 'edit');
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    const { data: coupon } = await apiFor(request, context).coupons.update(params.id, couponBody(values));
    // docs/specification.md (States and transitions): after editing, back to the coupon screen.
    return redirectWithToast(request, '/admin/addCoupon', { type: 'success', text: ac.updated(coupon.name) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, couponFields, context.shop.phoneCountry));
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    shop: loaderData.shop,
    title: `${ac.editTitle}: ${loaderData.coupon.name}`,
    description: ac.editDescription,
    path: `/admin/edit-coupon/${loaderData.coupon.id}`,
    noindex: true,
  });
}

export default function EditCoupon({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">
        {ac.editTitle}: <bdi dir="ltr">{loaderData.coupon.name}</bdi>
      </h1>
      <CouponForm
        mode="edit"
        values={actionData?.values ?? loaderData.values}
        fieldErrors={actionData?.fieldErrors}
        formError={actionData?.formError}
        submitLabel={ac.saveChanges}
      />
    </>
  );
}
