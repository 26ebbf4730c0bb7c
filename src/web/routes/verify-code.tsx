import { data, Form, Link } from 'react-router';
import { toAsciiDigits } from '../../contract/digits';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { authText } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { type VerifyCodeField, verifyCodeFields } from '../lib/auth-form';
import { validateVerifyCode } from '../lib/auth-validation';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { requireResetEmail } from '../lib/password-reset.server';
import { setResetProofCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors } from '../lib/use-form-errors';
import type { Route } from './+types/verify-code';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { shop: context.shop, email: requireResetEmail(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = requireResetEmail(request);
  const values = formValues(await request.formData(), verifyCodeFields);
  const fail = (failure: FormFailure<VerifyCodeField>) => data(failure, { status: 400 });

  const fieldErrors = validateVerifyCode(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  let resetToken: string;
  try {
    // With the e-mail, wrong tries count against this account only (SECURITY.md, section 5).
    const resetCode = toAsciiDigits(values.resetCode).replace(/\s/g, '');
    ({ resetToken } = await apiFor(request, context).auth.verifyResetCode({ resetCode, email }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, verifyCodeFields, context.shop.phoneCountry));
  }
  return redirectWithToast(request, '/user/reset-password', { type: 'success', text: authText.codeConfirmed }, [
    setResetProofCookie(request, resetToken),
  ]);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: authText.verifyTitle,
    description: authText.verifyDescription,
    path: '/user/verify-code',
    noindex: true,
  });
}

export default function VerifyCode({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFormErrors(
    verifyCodeFields,
    { load: () => import('../lib/auth-validation'), validate: (v, values) => v.validateVerifyCode(values) },
    actionData?.fieldErrors,
  );
  return (
    <AuthCard
      title={authText.verifyTitle}
      intro={
        <>
          {authText.verifySentTo} <bdi className="font-bold">{loaderData.email}</bdi>
        </>
      }
      footer={
        <Link to="/user/forgetPassword" className="font-bold text-brand-700 hover:underline">
          {authText.requestNewCode}
        </Link>
      }
    >
      {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <FormField
          name="resetCode"
          label={authText.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={12}
          className="[&_input]:text-center [&_input]:text-xl [&_input]:tracking-[0.4em]"
          error={errors.resetCode}
        />
        <SubmitButton>{authText.verifySubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
