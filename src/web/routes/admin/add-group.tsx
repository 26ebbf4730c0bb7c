import { data } from 'react-router';
import { AdminGroupList } from '../../components/admin-group-list';
import type { SaveResult } from '../../components/admin-save-form';
import { NamedGroupForm } from '../../components/named-group-form';
import { ag } from '../../i18n/admin-groups';
import { c } from '../../i18n/catalog';
import { chosenFile, groupPaths, type NamedField, namedFields } from '../../lib/admin-groups';
import { deleteFromList, listPage, namedApi, namedBody, namedKindOf } from '../../lib/admin-groups.server';
import { validateNamed } from '../../lib/admin-groups-validation';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/add-group';

/*
 * /admin/addbrand and /admin/addcategory (docs/specification.md (Screens and routes: Staff screens)): the add form, and under it the existing ones
 * with edit and delete. Brands and categories are both a name and an image.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const kind = namedKindOf(request);
  const api = namedApi(apiFor(request, context), kind);
  const list = await listPage(request, api.list);
  return { shop: context.shop, kind, list };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Guard first: only staff get as far as the (possibly large) upload being read.
  await requireUser(request, context, 'staff');
  const kind = namedKindOf(request);
  const api = namedApi(apiFor(request, context), kind);
  const form = await request.formData();
  if (form.get('intent') === 'delete') return deleteFromList(request, form, kind, api.remove);

  const values = formValues(form, namedFields);
  const image = chosenFile(form, 'image');
  const fail = (failure: FormFailure<NamedField>) =>
    data<SaveResult<NamedField>>({ ok: false, values: { name: values.name }, ...failure }, { status: 400 });
  const fieldErrors = validateNamed(values, kind, { hasImage: image !== null });
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  let name: string;
  try {
    name = (await api.create(namedBody(values.name, image))).data.name;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, namedFields, context.shop.phoneCountry));
  }
  const message = ag[kind].added(name);
  // The page shows the message and empties the form a second later; without JavaScript it reloads.
  if (form.get('js') === '1') return data<SaveResult<NamedField>>({ ok: true, message });
  return redirectWithToast(request, groupPaths[kind].add, { type: 'success', text: message });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { shop, kind, list } = loaderData;
  return pageMeta({
    shop,
    title: c.withPage(ag[kind].addTitle, list.paginationResult.currentPage),
    description: ag[kind].addDescription,
    path: groupPaths[kind].add,
    noindex: true,
  });
}

export default function AddGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, list } = loaderData;
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{ag[kind].addTitle}</h1>
      <NamedGroupForm kind={kind} fallback={actionData && 'values' in actionData ? actionData : undefined} />
      <AdminGroupList
        kind={kind}
        rows={list.data.map(({ id, name, imageSizes }) => ({ id, name, image: imageSizes }))}
        pagination={list.paginationResult}
        total={list.results}
      />
    </>
  );
}
