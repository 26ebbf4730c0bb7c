import { data, Form, Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { NewPasswordFields } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { authText } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { type ResetPasswordField, resetPasswordFields } from '../lib/auth-form';
import { validateResetPassword } from '../lib/auth-validation';
import { mergeGuestBasket } from '../lib/basket.server';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { requireResetEmail } from '../lib/password-reset.server';
import { clearResetEmailCookie, clearResetProofCookie, readResetProof, setSessionCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors } from '../lib/use-form-errors';
import type { Route } from './+types/reset-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireResetEmail(request);
  return { shop: context.shop };
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = requireResetEmail(request);
  const values = formValues(await request.formData(), resetPasswordFields);
  const fail = (failure: FormFailure<ResetPasswordField>) => data(failure, { status: 400 });

  const fieldErrors = validateResetPassword(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  let token: string;
  try {
    const resetToken = readResetProof(request) ?? '';
    ({ token } = await apiFor(request, context).auth.resetPassword({
      email,
      newPassword: values.newPassword,
      resetToken,
    }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, resetPasswordFields, context.shop.phoneCountry));
  }
  // The new token signs the visitor in; the recovery is over, and a guest's basket comes into the
  // cart as at any sign-in (docs/decisions/0021-guest-basket.md).
  const merged = await mergeGuestBasket(request, context, token);
  return redirectWithToast(request, '/', merged.notice ?? { type: 'success', text: authText.passwordChanged }, [
    setSessionCookie(request, token),
    clearResetEmailCookie(request),
    clearResetProofCookie(request),
    ...merged.cookies,
  ]);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: authText.resetTitle,
    description: authText.resetDescription,
    path: '/user/reset-password',
    noindex: true,
  });
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFormErrors(
    resetPasswordFields,
    { load: () => import('../lib/auth-validation'), validate: (v, values) => v.validateResetPassword(values) },
    actionData?.fieldErrors,
  );
  return (
    <AuthCard title={authText.resetTitle} intro={authText.resetIntro}>
      {actionData?.formError && (
        <FormAlert>
          {actionData.formError}
          {actionData.formError === authText.resetCodeIncorrect && (
            <>
              {'، '}
              <Link to="/user/forgetPassword" className="underline">
                {authText.newCodeLink}
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <Form method="post" className="space-y-5" {...formProps}>
        <NewPasswordFields
          name="newPassword"
          label={authText.newPassword}
          confirmLabel={authText.newPasswordConfirm}
          hint={authText.passwordHint}
          errors={errors}
        />
        <SubmitButton>{authText.resetSubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
