import { data } from 'react-router';
import type { SaveResult } from '../../components/admin-save-form';
import { NamedGroupForm } from '../../components/named-group-form';
import { ag } from '../../i18n/admin-groups';
import { chosenFile, groupPaths, type NamedField, namedFields } from '../../lib/admin-groups';
import {
  goneToList,
  namedApi,
  namedBody,
  namedKindOf,
  notFoundOnMissing,
  nullIfMissing,
} from '../../lib/admin-groups.server';
import { validateNamed } from '../../lib/admin-groups-validation';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/edit-group';

/** /admin/editbrand/:id and /admin/editcategory/:id: the add form, prefilled; the image stays unless replaced. */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const kind = namedKindOf(request);
  const item = await namedApi(apiFor(request, context), kind)
    .get(params.id)
    .then((r) => r.data, notFoundOnMissing);
  return { shop: context.shop, kind, item };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const kind = namedKindOf(request);
  const api = namedApi(apiFor(request, context), kind);
  const current = await api.get(params.id).then((r) => r.data, nullIfMissing);
  if (!current) return goneToList(request, kind);

  const form = await request.formData();
  const values = formValues(form, namedFields);
  const image = chosenFile(form, 'image');
  const fail = (failure: FormFailure<NamedField>) =>
    data<SaveResult<NamedField>>({ ok: false, values: { name: values.name }, ...failure }, { status: 400 });
  const fieldErrors = validateNamed(values, kind, { hasImage: image !== null || current.image !== null });
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await api.update(params.id, namedBody(values.name, image));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Deleted since the page loaded (a validation failure is a 400, not this).
    if (error.status === 404) return goneToList(request, kind);
    return fail(formFailureFromApi(error, namedFields, context.shop.phoneCountry));
  }
  return redirectWithToast(request, groupPaths[kind].add, { type: 'success', text: ag[kind].updated });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { shop, kind, item } = loaderData;
  return pageMeta({
    shop,
    title: `${ag[kind].editTitle}: ${item.name}`,
    description: ag[kind].editDescription,
    path: groupPaths[kind].edit(item.id),
    noindex: true,
  });
}

export default function EditGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, item } = loaderData;
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">
        {ag[kind].editTitle}: <bdi>{item.name}</bdi>
      </h1>
      <NamedGroupForm kind={kind} item={item} fallback={actionData} />
    </>
  );
}
