import { data, Form, Link } from 'react-router';
import { isStorePageSlug, PAGE_BODY_MAX, PAGE_TITLE_MAX } from '../../../contract/shop-pages';
import { FormAlert } from '../../components/form-alert';
import { FormField, TextAreaField } from '../../components/form-field';
import { PageText } from '../../components/page-text';
import { SubmitButton } from '../../components/submit-button';
import { sp } from '../../i18n/store-pages';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { type PageField, pageFields } from '../../lib/page-form';
import { validatePage } from '../../lib/page-validation';
import { redirectWithToast } from '../../lib/toast.server';
import { useFormErrors } from '../../lib/use-form-errors';
import type { Route } from './+types/edit-page';

type Failure = FormFailure<PageField> & { values: FormValues<PageField> };

/** Only the store's own pages have an editor (docs/store-pages.md). */
function slugOf(slug: string) {
  if (!isStorePageSlug(slug)) throw data(null, { status: 404 });
  return slug;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const { data: page } = await apiFor(request, context).pages.get(slugOf(params.slug));
  return { shop: context.shop, page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const slug = slugOf(params.slug);
  const values = formValues(await request.formData(), pageFields);
  const fail = (failure: FormFailure<PageField>) => data<Failure>({ ...failure, values }, { status: 400 });
  const fieldErrors = validatePage(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await apiFor(request, context).pages.update(slug, values);
    return redirectWithToast(request, `/admin/pages/${slug}`, { type: 'success', text: sp.saved });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, pageFields, context.shop.phoneCountry));
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { shop, page } = loaderData;
  return pageMeta({
    shop,
    title: sp.editTitle(sp.pageNames[page.slug]),
    description: sp.adminDescription,
    path: `/admin/pages/${page.slug}`,
    noindex: true,
  });
}

/** A page's title and Markdown text, with a short guide to the formatting and the saved text as customers see it. */
export default function EditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const values = actionData?.values ?? { title: page.title, body: page.body };
  const { errors, formProps } = useFormErrors(
    pageFields,
    { load: () => import('../../lib/page-validation'), validate: (v, typed) => v.validatePage(typed) },
    actionData?.fieldErrors,
  );
  return (
    <>
      <p className="mb-3">
        <Link to="/admin/pages" className="font-bold text-brand-800 underline">
          {sp.backToPages}
        </Link>
      </p>
      <h1 className="mb-5 text-2xl font-bold">{sp.editTitle(sp.pageNames[page.slug])}</h1>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
        <Form method="post" className="space-y-5" {...formProps}>
          <FormField
            name="title"
            label={sp.title}
            maxLength={PAGE_TITLE_MAX}
            defaultValue={values.title}
            error={errors.title}
          />
          <TextAreaField
            name="body"
            label={sp.body}
            rows={16}
            maxLength={PAGE_BODY_MAX}
            defaultValue={values.body}
            error={errors.body}
            hint={sp.formattingHelp}
          />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton className="px-6">{sp.save}</SubmitButton>
            <Link to={`/pages/${page.slug}`} className="font-bold text-brand-800 underline">
              {sp.view}
            </Link>
          </div>
        </Form>
      </div>
      <section aria-labelledby="page-preview" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        <h2 id="page-preview" className="mb-4 text-lg font-bold text-slate-700">
          {sp.preview}
        </h2>
        <h3 className="mb-4 text-2xl font-bold">{page.title}</h3>
        <PageText html={page.html} />
      </section>
    </>
  );
}
