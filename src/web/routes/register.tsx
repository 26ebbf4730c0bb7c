import { data, Form, Link } from 'react-router';
import { phoneCountryOf } from '../../contract/phone';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormField, NewPasswordFields } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { authText, phoneExamples } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { requireAnonymous } from '../lib/auth.server';
import { type RegisterField, registerFields } from '../lib/auth-form';
import { validateRegister } from '../lib/auth-validation';
import { mergeGuestBasket } from '../lib/basket.server';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { safeRedirect, withRedirectTo } from '../lib/redirect';
import { setSessionCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors } from '../lib/use-form-errors';
import type { Route } from './+types/register';

// Passwords are never sent back into the page.
type Kept = { name: string; email: string; phone: string };
type RegisterFailure = FormFailure<RegisterField> & { values: Kept };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return { shop: context.shop, redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')) };
}

/**
 * The new customer is signed in at once and goes back where they were, their guest basket in the
 * cart (docs/decisions/0020-sign-in-after-sign-up.md, 0021-guest-basket.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, registerFields);
  const kept: Kept = { name: values.name, email: values.email, phone: values.phone };
  const fail = (failure: FormFailure<RegisterField>) =>
    data<RegisterFailure>({ ...failure, values: kept }, { status: 400 });

  const fieldErrors = validateRegister(values, context.shop.phoneCountry);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  let token: string;
  try {
    ({ token } = await apiFor(request, context).auth.signup({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      password: values.password,
      passwordConfirm: values.passwordConfirm,
    }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, registerFields, context.shop.phoneCountry));
  }
  const merged = await mergeGuestBasket(request, context, token);
  return redirectWithToast(
    request,
    safeRedirect(form.get('redirectTo')),
    merged.notice ?? { type: 'success', text: authText.registerSuccess },
    [setSessionCookie(request, token), ...merged.cookies],
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: authText.registerTitle,
    description: authText.registerDescription,
    path: '/register',
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, redirectTo } = loaderData;
  const failure = actionData;
  const { errors, formProps } = useFormErrors(
    registerFields,
    {
      load: () => import('../lib/auth-validation'),
      validate: (v, values) => v.validateRegister(values, shop.phoneCountry),
    },
    failure?.fieldErrors,
  );
  const loginHref = withRedirectTo('/login', redirectTo);

  const phoneExample = phoneExamples[phoneCountryOf(shop.phoneCountry)];
  return (
    <AuthCard
      title={authText.registerTitle}
      intro={authText.registerIntro}
      footer={
        <>
          {authText.haveAccount}{' '}
          <Link to={loginHref} className="font-bold text-brand-700 hover:underline">
            {authText.loginLink}
          </Link>
        </>
      }
    >
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField
          name="name"
          label={authText.name}
          autoComplete="name"
          defaultValue={failure?.values.name}
          error={errors.name}
        />
        <FormField
          name="email"
          label={authText.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={failure?.values.email}
          error={errors.email}
        />
        <FormField
          name="phone"
          label={authText.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          defaultValue={failure?.values.phone}
          error={errors.phone}
          hint={
            <>
              {authText.phoneExample} <bdi dir="ltr">{phoneExample}</bdi>
            </>
          }
        />
        <NewPasswordFields
          label={authText.password}
          confirmLabel={authText.passwordConfirm}
          hint={authText.passwordHint}
          errors={errors}
        />
        <SubmitButton>{authText.registerSubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
