import { data, Form, Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { authText } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { type ForgotPasswordField, forgotPasswordFields } from '../lib/auth-form';
import { validateForgotPassword } from '../lib/auth-validation';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { readResetEmail, setResetEmailCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors } from '../lib/use-form-errors';
import type { Route } from './+types/forget-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  // Coming back from the code step ('send a new code') keeps the address typed before.
  return { shop: context.shop, email: readResetEmail(request) ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData(), forgotPasswordFields);
  const fail = (failure: FormFailure<ForgotPasswordField>) =>
    data({ ...failure, email: values.email }, { status: 400 });

  const fieldErrors = validateForgotPassword(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  const email = values.email.trim().toLowerCase();
  try {
    await apiFor(request, context).auth.forgotPassword({ email });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, forgotPasswordFields, context.shop.phoneCountry));
  }
  return redirectWithToast(request, '/user/verify-code', { type: 'success', text: authText.codeSent }, [
    setResetEmailCookie(request, email),
  ]);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: authText.forgotTitle,
    description: authText.forgotDescription,
    path: '/user/forgetPassword',
    noindex: true,
  });
}

export default function ForgetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFormErrors(
    forgotPasswordFields,
    { load: () => import('../lib/auth-validation'), validate: (v, values) => v.validateForgotPassword(values) },
    actionData?.fieldErrors,
  );
  return (
    <AuthCard
      title={authText.forgotTitle}
      intro={authText.forgotIntro}
      footer={
        <Link to="/login" className="font-bold text-brand-700 hover:underline">
          {authText.backToLogin}
        </Link>
      }
    >
      {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <FormField
          name="email"
          label={authText.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={actionData?.email ?? loaderData.email}
          error={errors.email}
        />
        <SubmitButton>{authText.forgotSubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
