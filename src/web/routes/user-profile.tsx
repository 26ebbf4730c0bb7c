import { KeyRound, Mail, Pencil, Phone, UserRound } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { data, Form, type ShouldRevalidateFunctionArgs, useNavigate } from 'react-router';
import type { User } from '../../contract/types';
import { DialogCancel, DialogOpener, FormDialog } from '../components/dialog';
import { FormAlert } from '../components/form-alert';
import { FormField, NewPasswordFields } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { at } from '../i18n/account';
import { authText } from '../i18n/auth';
import { isPasswordChanged, type PasswordChanged, unlessPasswordChanged } from '../lib/account';
import {
  type PasswordField,
  type ProfileField,
  passwordFields,
  profileBody,
  profileFields,
  profileWording,
} from '../lib/account-form';
import { validateChangePassword, validateProfile } from '../lib/account-validation';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../lib/form';
import { showPhone } from '../lib/format-phone';
import { pageMeta } from '../lib/meta';
import { clearSessionCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import { toast } from '../lib/toasts';
import { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { useUrlDialog } from '../lib/use-url-dialog';
import type { Route } from './+types/user-profile';

const PATH = '/user/user-profile';
/** docs/specification.md (States and transitions; Limits and page sizes): after a password change, the sign-in page follows 2 seconds later. */
const REDIRECT_DELAY_MS = 2000;

type ProfileResult =
  | { intent: 'profile'; ok: true }
  | ({ intent: 'profile'; ok: false; values: FormValues<ProfileField> } & FormFailure<ProfileField>);
// Passwords are never sent back into the page.
type PasswordResult = ({ intent: 'password'; ok: false } & FormFailure<PasswordField>) | PasswordChanged;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  const { shop } = context;
  return { shop, user: { ...user, phone: showPhone(user.phone, shop) } };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return unlessPasswordChanged(args);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, 'user');
  const form = await request.formData();
  const viaJs = form.get('js') === '1';
  const api = apiFor(request, context);
  const country = context.shop.phoneCountry;

  if (form.get('intent') === 'profile') {
    const values = formValues(form, profileFields);
    const fail = (failure: FormFailure<ProfileField>) =>
      data<ProfileResult>({ intent: 'profile', ok: false, ...failure, values }, { status: 400 });
    const fieldErrors = validateProfile(values, country);
    if (hasErrors(fieldErrors)) return fail({ fieldErrors });
    try {
      await api.users.updateMe(profileBody(values, user.email));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // docs/specification.md (Messages) words a taken e-mail here differently from the sign-up form.
      return fail(formFailureFromApi(error, profileFields, country, profileWording));
    }
    // The original specification reloaded the page; here the data revalidates in place (docs/decisions/0007-revalidate-instead-of-reload.md).
    if (viaJs) return data<ProfileResult>({ intent: 'profile', ok: true });
    return redirectWithToast(request, PATH, { type: 'success', text: at.profileUpdated });
  }

  const values = formValues(form, passwordFields);
  const fail = (failure: FormFailure<PasswordField>) =>
    data<PasswordResult>({ intent: 'password', ok: false, ...failure }, { status: 400 });
  const fieldErrors = validateChangePassword(values);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await api.users.changePassword(values);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, passwordFields, country));
  }
  // docs/specification.md (States and transitions): the stored session goes and the customer signs in again (the old token is dead anyway).
  const signOut = clearSessionCookie(request);
  if (viaJs) return data<PasswordResult>({ passwordChanged: true }, { headers: { 'Set-Cookie': signOut } });
  return redirectWithToast(request, '/login', { type: 'success', text: at.passwordChanged }, [signOut]);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: at.profileTitle,
    description: at.profileDescription,
    path: PATH,
    noindex: true,
  });
}

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, shop } = loaderData;
  const navigate = useNavigate();
  const dialog = useUrlDialog('edit');
  const profile = actionData && 'intent' in actionData && actionData.intent === 'profile' ? actionData : undefined;
  const password = actionData && 'intent' in actionData && actionData.intent === 'password' ? actionData : undefined;
  const passwordChanged = isPasswordChanged(actionData);

  // Runs for each new answer of the action only (`dialog` is a new object on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!profile?.ok) return;
    toast.success(at.profileUpdated);
    dialog.close();
  }, [profile]);

  useEffect(() => {
    if (!passwordChanged) return;
    toast.success(at.passwordChanged);
    const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [passwordChanged, navigate]);

  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{at.profileTitle}</h1>

      <section
        aria-labelledby="details-heading"
        className="mb-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="details-heading" className="text-xl font-bold">
            {at.yourDetails}
          </h2>
          <DialogOpener
            href={dialog.href()}
            onOpen={() => dialog.open()}
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {at.editProfile}
          </DialogOpener>
        </div>
        <dl className="flex flex-wrap gap-x-12 gap-y-4">
          <Detail Icon={UserRound} term={authText.name}>
            <bdi>{user.name}</bdi>
          </Detail>
          <Detail Icon={Phone} term={authText.phone}>
            <bdi dir="ltr">{user.phone}</bdi>
          </Detail>
          <Detail Icon={Mail} term={authText.email}>
            <bdi dir="ltr" className="[overflow-wrap:anywhere]">
              {user.email}
            </bdi>
          </Detail>
        </dl>
      </section>

      <FormDialog
        open={dialog.openFor !== null}
        onOpenChange={(open) => !open && dialog.close()}
        title={at.editProfileTitle}
        description={at.editProfileIntro}
      >
        <ProfileForm
          user={user}
          phoneCountry={shop.phoneCountry}
          failure={profile && !profile.ok ? profile : undefined}
        />
      </FormDialog>

      <ChangePasswordForm failure={password && !('passwordChanged' in password) ? password : undefined} />
    </>
  );
}

function Detail({ Icon, term, children }: { Icon: typeof UserRound; term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="flex items-center gap-1.5 text-sm text-slate-600">
        <Icon aria-hidden="true" className="size-4" />
        {term}
      </dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}

type ProfileFormProps = {
  user: User;
  phoneCountry: string;
  failure: (FormFailure<ProfileField> & { values: FormValues<ProfileField> }) | undefined;
};

function ProfileForm({ user, phoneCountry, failure }: ProfileFormProps) {
  const { errors, formProps } = useFormErrors(
    profileFields,
    {
      load: () => import('../lib/account-validation'),
      validate: (v, values) => v.validateProfile(values, phoneCountry),
    },
    failure?.fieldErrors,
  );
  const hydrated = useHydrated();
  const values = failure?.values ?? { name: user.name, phone: user.phone, email: user.email };
  return (
    <>
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <input type="hidden" name="intent" value="profile" />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <FormField
          name="name"
          label={authText.name}
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
        />
        <FormField
          name="phone"
          label={authText.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <FormField
          name="email"
          label={authText.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={values.email}
          error={errors.email}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <DialogCancel to={PATH}>{at.cancel}</DialogCancel>
          <SubmitButton intent="profile" className="px-6">
            {at.saveChanges}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

function ChangePasswordForm({ failure }: { failure: FormFailure<PasswordField> | undefined }) {
  const { errors, formProps } = useFormErrors(
    passwordFields,
    { load: () => import('../lib/account-validation'), validate: (v, values) => v.validateChangePassword(values) },
    failure?.fieldErrors,
  );
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="password-heading" className="mb-1 flex items-center gap-2 text-xl font-bold">
        <KeyRound aria-hidden="true" className="size-5 text-brand-700" />
        {at.changePassword}
      </h2>
      <p className="mb-5 text-slate-600">{at.changePasswordIntro}</p>
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      <Form method="post" className="max-w-md space-y-5" {...formProps}>
        <input type="hidden" name="intent" value="password" />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <FormField
          name="currentPassword"
          label={at.currentPassword}
          type="password"
          autoComplete="current-password"
          dir="ltr"
          error={errors.currentPassword}
        />
        <NewPasswordFields
          label={at.newPassword}
          confirmLabel={at.newPasswordConfirm}
          hint={authText.passwordHint}
          errors={errors}
        />
        <SubmitButton intent="password" className="px-6">
          {at.savePassword}
        </SubmitButton>
      </Form>
    </section>
  );
}
