import { useEffect } from 'react';
import { data, Form, Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { phoneCountryOf } from '../../contract/phone';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { authText, phoneExamples } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { requireAnonymous } from '../lib/auth.server';
import { type RegisterField, registerFields } from '../lib/auth-form';
import { validateRegister } from '../lib/auth-validation';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { safeRedirect, withRedirectTo } from '../lib/redirect';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors, useHydrated } from '../lib/use-form-errors';
import type { Route } from './+types/register';

/** docs/specification.md (States and transitions; Limits and page sizes): after signing up, the sign-in page follows 2 seconds later. */
const REDIRECT_DELAY_MS = 2000;

// Passwords are never sent back into the page.
type Kept = { name: string; email: string; phone: string };
type RegisterResult = { ok: true } | (FormFailure<RegisterField> & { values: Kept });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return { shop: context.shop, redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, registerFields);
  const kept: Kept = { name: values.name, email: values.email, phone: values.phone };
  const fail = (failure: FormFailure<RegisterField>) =>
    data<RegisterResult>({ ...failure, values: kept }, { status: 400 });

  const fieldErrors = validateRegister(values, context.shop.phoneCountry);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await apiFor(request, context).auth.signup({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      password: values.password,
      passwordConfirm: values.passwordConfirm,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, registerFields, context.shop.phoneCountry));
  }
  // The page shows the toast and moves on after the delay; without JavaScript it cannot, so redirect.
  if (form.get('js') === '1') return data<RegisterResult>({ ok: true });
  const loginHref = withRedirectTo('/login', safeRedirect(form.get('redirectTo')));
  return redirectWithToast(request, loginHref, { type: 'success', text: authText.registerSuccess });
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
  const failure = actionData && 'values' in actionData ? actionData : undefined;
  const success = actionData && 'ok' in actionData ? actionData : undefined;
  const { errors, formProps } = useFormErrors(
    registerFields,
    {
      load: () => import('../lib/auth-validation'),
      validate: (v, values) => v.validateRegister(values, shop.phoneCountry),
    },
    failure?.fieldErrors,
  );
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const loginHref = withRedirectTo('/login', redirectTo);

  useEffect(() => {
    if (!success) return;
    toast.success(authText.registerSuccess);
    formProps.ref.current?.reset();
    const timer = setTimeout(() => navigate(loginHref), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, loginHref, formProps.ref]);

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
        {hydrated && <input type="hidden" name="js" value="1" />}
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
        <FormField
          name="password"
          label={authText.password}
          type="password"
          autoComplete="new-password"
          dir="ltr"
          error={errors.password}
          hint={authText.passwordHint}
        />
        <FormField
          name="passwordConfirm"
          label={authText.passwordConfirm}
          type="password"
          autoComplete="new-password"
          dir="ltr"
          error={errors.passwordConfirm}
        />
        <SubmitButton>{authText.registerSubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
