import { data } from 'react-router';
import { AdminGroupList } from '../../components/admin-group-list';
import type { SaveResult } from '../../components/admin-save-form';
import { SubcategoryForm } from '../../components/subcategory-form';
import { ag } from '../../i18n/admin-groups';
import { c } from '../../i18n/catalog';
import { groupPaths, type SubcategoryField, subcategoryBody, subcategoryFields } from '../../lib/admin-groups';
import { allCategories, deleteFromList, listPage } from '../../lib/admin-groups.server';
import { validateSubcategory } from '../../lib/admin-groups-validation';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/add-subcategory';

const PATH = groupPaths.subcategory.add;

/** /admin/addsubcategory (docs/specification.md (Screens and routes: Staff screens)): the add form, and under it the existing ones with their parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const api = apiFor(request, context);
  const [categories, list] = await Promise.all([allCategories(api), listPage(request, api.subcategories.list)]);
  return { shop: context.shop, categories: categories.map(({ id, name }) => ({ id, name })), list };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const api = apiFor(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'delete') return deleteFromList(request, form, 'subcategory', api.subcategories.remove);

  const values = formValues(form, subcategoryFields);
  const fail = (failure: FormFailure<SubcategoryField>) =>
    data<SaveResult<SubcategoryField>>({ ok: false, values, ...failure }, { status: 400 });
  const fieldErrors = validateSubcategory(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  let name: string;
  try {
    name = (await api.subcategories.create(subcategoryBody(values))).data.name;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, subcategoryFields, context.shop.phoneCountry));
  }
  const message = ag.subcategory.added(name);
  if (form.get('js') === '1') return data<SaveResult<SubcategoryField>>({ ok: true, message });
  return redirectWithToast(request, PATH, { type: 'success', text: message });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: c.withPage(ag.subcategory.addTitle, loaderData?.list.paginationResult.currentPage ?? 1),
    description: ag.subcategory.addDescription,
    path: PATH,
    noindex: true,
  });
}

export default function AddSubcategory({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, list } = loaderData;
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{ag.subcategory.addTitle}</h1>
      <SubcategoryForm
        categories={categories}
        fallback={actionData && 'values' in actionData ? actionData : undefined}
      />
      <AdminGroupList
        kind="subcategory"
        rows={list.data.map(({ id, name, category }) => ({
          id,
          name,
          note: ag.inCategory(categoryName.get(category) ?? ''),
        }))}
        pagination={list.paginationResult}
        total={list.results}
      />
    </>
  );
}
