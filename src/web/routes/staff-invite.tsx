import { data, Form } from 'react-router';
import { adminHome } from '../../contract/staff-roles';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormField, NewPasswordFields } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { staffText as s } from '../i18n/admin-staff';
import { authText } from '../i18n/auth';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { apiFor } from '../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { setSessionCookie } from '../lib/session.server';
import { type StaffAcceptField, staffAcceptFields } from '../lib/staff-form';
import { validateStaffAccept } from '../lib/staff-validation';
import { redirectWithToast } from '../lib/toast.server';
import { useFormErrors } from '../lib/use-form-errors';
import type { Route } from './+types/staff-invite';

/*
 * An invite's link (docs/staff.md § Invites): the invitee names themselves and chooses a password;
 * the account is made with the invite's role and signed in. An expired, revoked or used link says
 * so in Arabic when sent (the API is the one judge of the token).
 */

export function loader({ context }: Route.LoaderArgs) {
  return { shop: context.shop };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const values = formValues(await request.formData(), staffAcceptFields);
  const fail = (failure: FormFailure<StaffAcceptField>) => data(failure, { status: 400 });
  const fieldErrors = validateStaffAccept(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    const { data: user, token } = await apiFor(request, context).staff.accept({
      token: params.token,
      name: values.name,
      password: values.password,
    });
    return redirectWithToast(request, adminHome(user.role), { type: 'success', text: s.welcome(user.name) }, [
      setSessionCookie(request, token),
    ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, staffAcceptFields, context.shop.phoneCountry));
  }
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: s.acceptTitle,
    description: s.acceptIntro,
    path: `/staff/invite/${params.token}`,
    noindex: true,
  });
}

export default function StaffInvite({ actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFormErrors(
    staffAcceptFields,
    { load: () => import('../lib/staff-validation'), validate: (v, values) => v.validateStaffAccept(values) },
    actionData?.fieldErrors,
  );
  return (
    <AuthCard title={s.acceptTitle} intro={s.acceptIntro}>
      {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <FormField name="name" label={authText.name} autoComplete="name" error={errors.name} />
        <NewPasswordFields
          label={s.password}
          confirmLabel={s.passwordConfirm}
          hint={authText.passwordHint}
          errors={errors}
        />
        <SubmitButton>{s.acceptSubmit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
