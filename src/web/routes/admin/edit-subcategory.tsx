import { data } from 'react-router';
import type { SaveResult } from '../../components/admin-save-form';
import { SubcategoryForm } from '../../components/subcategory-form';
import { ag } from '../../i18n/admin-groups';
import { groupPaths, type SubcategoryField, subcategoryBody, subcategoryFields } from '../../lib/admin-groups';
import { allCategories, goneToList, notFoundOnMissing } from '../../lib/admin-groups.server';
import { validateSubcategory } from '../../lib/admin-groups-validation';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/edit-subcategory';

/** /admin/editsubcategory/:id: the add form, prefilled; a sub-category may move to another category. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const api = apiFor(request, context);
  const [item, categories] = await Promise.all([
    api.subcategories.get(params.id).then((r) => r.data, notFoundOnMissing),
    allCategories(api),
  ]);
  return { shop: context.shop, item, categories: categories.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const form = await request.formData();
  const values = formValues(form, subcategoryFields);
  const fail = (failure: FormFailure<SubcategoryField>) =>
    data<SaveResult<SubcategoryField>>({ ok: false, values, ...failure }, { status: 400 });
  const fieldErrors = validateSubcategory(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await apiFor(request, context).subcategories.update(params.id, subcategoryBody(values));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Deleted since the page loaded (a validation failure is a 400, not this).
    if (error.status === 404) return goneToList(request, 'subcategory');
    return fail(formFailureFromApi(error, subcategoryFields, context.shop.phoneCountry));
  }
  return redirectWithToast(request, groupPaths.subcategory.add, { type: 'success', text: ag.subcategory.updated });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { shop, item } = loaderData;
  return pageMeta({
    shop,
    title: `${ag.subcategory.editTitle}: ${item.name}`,
    description: ag.subcategory.editDescription,
    path: groupPaths.subcategory.edit(item.id),
    noindex: true,
  });
}

export default function EditSubcategory({ loaderData, actionData }: Route.ComponentProps) {
  const { item, categories } = loaderData;
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">
        {ag.subcategory.editTitle}: <bdi>{item.name}</bdi>
      </h1>
      <SubcategoryForm categories={categories} item={item} fallback={actionData} />
    </>
  );
}
