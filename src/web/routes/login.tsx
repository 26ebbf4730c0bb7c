import { data, Form, Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { authText } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { requireAnonymous } from '../lib/auth.server';
import { type LoginField, loginFields } from '../lib/auth-form';
import { validateLogin } from '../lib/auth-validation';
import { mergeGuestBasket } from '../lib/basket.server';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { landingAfterSignIn, safeRedirect, withRedirectTo } from '../lib/redirect';
import { clearSessionCookie, setSessionCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors } from '../lib/use-form-errors';
import type { Route } from './+types/login';

type LoginFailure = FormFailure<LoginField> & { email: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return { shop: context.shop, redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, loginFields);
  const fail = (failure: FormFailure<LoginField>, init?: ResponseInit) =>
    data<LoginFailure>({ ...failure, email: values.email }, { status: 400, ...init });

  const fieldErrors = validateLogin(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    const { token, data: user } = await apiFor(request, context).auth.login({
      email: values.email.trim(),
      password: values.password,
    });
    // docs/specification.md (States and transitions): an answer without a token signs the visitor out rather than in.
    if (!token) {
      return fail(
        { fieldErrors: {}, formError: authText.loginIncorrect },
        { headers: { 'Set-Cookie': clearSessionCookie(request) } },
      );
    }
    // A guest's basket comes into the cart (docs/decisions/0021-guest-basket.md).
    const merged = await mergeGuestBasket(request, context, token);
    return redirectWithToast(
      request,
      landingAfterSignIn(form.get('redirectTo'), user.role),
      merged.notice ?? { type: 'success', text: authText.loginSuccess },
      [setSessionCookie(request, token), ...merged.cookies],
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // docs/specification.md (Messages): any failed sign-in reads 'email or password is incorrect'; only throttling differs.
    return fail({ fieldErrors: {}, formError: signInFailureText(error) });
  }
}

function signInFailureText(error: ApiError): string {
  if (error.status !== 429) return authText.loginIncorrect;
  return error.code === 'LOGIN_LOCKED' ? authText.loginLocked : authText.tooManyRequests;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: authText.loginTitle,
    description: authText.loginDescription,
    path: '/login',
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { errors, formProps } = useFormErrors(
    loginFields,
    { load: () => import('../lib/auth-validation'), validate: (v, values) => v.validateLogin(values) },
    actionData?.fieldErrors,
  );
  return (
    <AuthCard
      title={authText.loginTitle}
      intro={authText.loginIntro}
      footer={
        <>
          {authText.noAccount}{' '}
          <Link to={withRedirectTo('/register', redirectTo)} className="font-bold text-brand-700 hover:underline">
            {authText.registerLink}
          </Link>
        </>
      }
    >
      {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField
          name="email"
          label={authText.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={actionData?.email}
          error={errors.email}
        />
        <div>
          <FormField
            name="password"
            label={authText.password}
            type="password"
            autoComplete="current-password"
            dir="ltr"
            error={errors.password}
          />
          <Link
            to="/user/forgetPassword"
            className="mt-2 inline-block text-sm font-bold text-brand-700 hover:underline"
          >
            {authText.forgotPasswordLink}
          </Link>
        </div>
        <SubmitButton>{authText.loginSubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
