import { useEffect } from 'react';
import { data, Form } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import type { StaffInviteView, StaffMember } from '../../../contract/types';
import { DenseHeading, DenseTable, denseCell } from '../../components/dense-table';
import { ConfirmDialog, DialogCancel, DialogOpener } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { FormField, SelectField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { staffText as s } from '../../i18n/admin-staff';
import { ApiError } from '../../lib/api';
import { errorText, formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { type StaffInviteField, staffInviteFields } from '../../lib/staff-form';
import { validateStaffInvite } from '../../lib/staff-validation';
import { redirectWithToast } from '../../lib/toast.server';
import { toast } from '../../lib/toasts';
import { useFormErrors } from '../../lib/use-form-errors';
import { useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/staff';

/* The owner's team (docs/staff.md): members, their roles and state, invites out, a new invite. */

const PATH = '/admin/staff';
const ROLES = ['staff', 'admin'] as const;

type InviteFailure = { intent: 'invite'; values: FormValues<StaffInviteField> } & FormFailure<StaffInviteField>;
type ChangeFailure = { intent: 'change'; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context, 'admin');
  const { data: team } = await apiFor(request, context).staff.list();
  return { shop: context.shop, team, me: me.id, now: Date.now() };
}

/** Each intent answers a redirect with a toast when done; a failure stays on the page. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  const api = apiFor(request, context);
  const country = context.shop.phoneCountry;
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const name = String(form.get('name') ?? '');
  const done = (text: string) => redirectWithToast(request, PATH, { type: 'success', text });
  try {
    if (intent === 'invite') {
      const values = formValues(form, staffInviteFields);
      const fieldErrors = validateStaffInvite(values);
      if (hasErrors(fieldErrors)) return data<InviteFailure>({ intent, values, fieldErrors }, { status: 400 });
      try {
        const { data: invite } = await api.staff.invite({
          email: values.email,
          role: values.role as 'admin' | 'staff',
        });
        return done(s.invited(invite.email));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const failure = formFailureFromApi(error, staffInviteFields, country);
        return data<InviteFailure>({ intent, values, ...failure }, { status: 400 });
      }
    }
    if (intent === 'role') {
      await api.staff.change(id, { role: form.get('role') === 'admin' ? 'admin' : 'staff' });
      return done(s.roleChanged(name));
    }
    if (intent === 'disable' || intent === 'enable') {
      await api.staff.change(id, { disabled: intent === 'disable' });
      return done(intent === 'disable' ? s.disabledDone(name) : s.enabledDone(name));
    }
    if (intent === 'revoke') {
      await api.staff.revokeInvite(id);
      return done(s.revoked);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = errorText(error.code, { phoneCountry: country }) ?? s.inviteUnusable;
    return data<ChangeFailure>({ intent: 'change', message }, { status: 400 });
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ shop: loaderData?.shop, title: s.title, description: s.description, path: PATH, noindex: true });
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { team, shop, me, now } = loaderData;
  const dialog = useUrlDialog('confirm');
  // The dialog's value: `<intent>:<id>` (disable, enable or revoke).
  const [asked, askedId] = (dialog.openFor ?? '').split(':');
  const member = team.members.find((one) => one.id === askedId);
  const invite = team.invites.find((one) => one.id === askedId);
  const inviteFailure = actionData?.intent === 'invite' ? actionData : undefined;
  // Asked only while it still makes sense: once done (the invite gone, the member's state changed), it closes.
  const question =
    asked === 'revoke' && invite
      ? { title: s.revokeTitle, text: s.revokeQuestion(invite.email), confirm: s.revoke, name: invite.email }
      : asked === 'disable' && member && !member.disabled
        ? { title: s.disableTitle, text: s.disableQuestion(member.name), confirm: s.disable, name: member.name }
        : asked === 'enable' && member?.disabled
          ? { title: s.enableTitle, text: s.enableQuestion(member.name), confirm: s.enable, name: member.name }
          : undefined;

  // A refused change is said in a toast, and its dialog closes (once per answer).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dialog` is new on every render
  useEffect(() => {
    if (actionData?.intent !== 'change') return;
    toast.error(actionData.message);
    dialog.close();
  }, [actionData]);

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{s.title}</h1>
      <p className="mb-5 text-slate-700">{s.intro}</p>

      <section aria-labelledby="members-heading" className="mb-8">
        <h2 id="members-heading" className="mb-4 text-xl font-bold">
          {s.membersHeading}
        </h2>
        <DenseTable
          id="members-caption"
          caption={s.membersCaption}
          minWidthClass="min-w-[52rem]"
          head={[s.name, s.email, s.role, s.state, s.lastSignIn, s.actions].map((heading) => (
            <DenseHeading key={heading}>{heading}</DenseHeading>
          ))}
        >
          {team.members.map((one) => (
            <MemberRow
              key={one.id}
              member={one}
              self={one.id === me}
              timeZone={shop.timeZone}
              askHref={(intent) => dialog.href(`${intent}:${one.id}`)}
              ask={(intent) => dialog.open(`${intent}:${one.id}`)}
            />
          ))}
        </DenseTable>
      </section>

      <section aria-labelledby="invites-heading" className="mb-8">
        <h2 id="invites-heading" className="mb-4 text-xl font-bold">
          {s.invitesHeading}
        </h2>
        {team.invites.length === 0 ? (
          <p className="text-slate-700">{s.noInvites}</p>
        ) : (
          <DenseTable
            id="invites-caption"
            caption={s.invitesCaption}
            minWidthClass="min-w-[36rem]"
            head={[s.email, s.role, s.expires, s.actions].map((heading) => (
              <DenseHeading key={heading}>{heading}</DenseHeading>
            ))}
          >
            {team.invites.map((one) => (
              <InviteRow
                key={one.id}
                invite={one}
                now={now}
                timeZone={shop.timeZone}
                askHref={dialog.href(`revoke:${one.id}`)}
                ask={() => dialog.open(`revoke:${one.id}`)}
              />
            ))}
          </DenseTable>
        )}
      </section>

      <InviteForm failure={inviteFailure} />

      <ConfirmDialog
        open={question !== undefined}
        onOpenChange={(open) => !open && dialog.close()}
        title={question?.title ?? ''}
        description={question?.text ?? ''}
      >
        <Form method="post" className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value={asked} />
          <input type="hidden" name="id" value={askedId ?? ''} />
          <input type="hidden" name="name" value={question?.name ?? ''} />
          <DialogCancel to={PATH} alert>
            {s.cancel}
          </DialogCancel>
          <SubmitButton intent={asked} tone={asked === 'enable' ? 'primary' : 'danger'} className="px-5">
            {question?.confirm ?? ''}
          </SubmitButton>
        </Form>
      </ConfirmDialog>
    </>
  );
}

const actionClass =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-bold ring-1 ring-slate-300 hover:bg-slate-100';

function MemberRow({
  member,
  self,
  timeZone,
  askHref,
  ask,
}: {
  member: StaffMember;
  self: boolean;
  timeZone: string;
  askHref: (intent: 'disable' | 'enable') => string;
  ask: (intent: 'disable' | 'enable') => void;
}) {
  const stateIntent = member.disabled ? 'enable' : 'disable';
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className={`${denseCell} text-start font-bold`}>
        <bdi>{member.name}</bdi> {self && <span className="font-normal text-slate-600">{s.you}</span>}
      </th>
      <td className={`${denseCell} [overflow-wrap:anywhere]`}>
        <bdi dir="ltr">{member.email}</bdi>
      </td>
      <td className={denseCell}>
        {self ? (
          s.roles[member.role]
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={member.id} />
            <input type="hidden" name="name" value={member.name} />
            <label className="sr-only" htmlFor={`role-${member.id}`}>
              {s.roleOf(member.name)}
            </label>
            <select
              id={`role-${member.id}`}
              name="role"
              defaultValue={member.role}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {s.roles[role]}
                </option>
              ))}
            </select>
            <button type="submit" className={actionClass} aria-label={`${s.changeRole}: ${member.name}`}>
              {s.changeRole}
            </button>
          </Form>
        )}
      </td>
      <td className={denseCell}>
        <span
          className={`rounded-full px-2 py-0.5 font-bold ${member.disabled ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800'}`}
        >
          {member.disabled ? s.disabled : s.active}
        </span>
      </td>
      <td className={`${denseCell} whitespace-nowrap`}>
        {member.lastSignInAt ? formatDateTime(member.lastSignInAt, timeZone) : s.never}
      </td>
      <td className={denseCell}>
        {!self && (
          <DialogOpener
            href={askHref(stateIntent)}
            onOpen={() => ask(stateIntent)}
            aria-label={`${member.disabled ? s.enable : s.disable}: ${member.name}`}
            className={`${actionClass} ${member.disabled ? 'text-slate-800' : 'text-red-700'}`}
          >
            {member.disabled ? s.enable : s.disable}
          </DialogOpener>
        )}
      </td>
    </tr>
  );
}

function InviteRow({
  invite,
  now,
  timeZone,
  askHref,
  ask,
}: {
  invite: StaffInviteView;
  now: number;
  timeZone: string;
  askHref: string;
  ask: () => void;
}) {
  const expired = new Date(invite.expiresAt).getTime() <= now;
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className={`${denseCell} text-start font-bold [overflow-wrap:anywhere]`}>
        <bdi dir="ltr">{invite.email}</bdi>
      </th>
      <td className={denseCell}>{s.roles[invite.role]}</td>
      <td className={`${denseCell} whitespace-nowrap`}>
        {expired ? s.expired : formatDateTime(invite.expiresAt, timeZone)}
      </td>
      <td className={denseCell}>
        <DialogOpener
          href={askHref}
          onOpen={ask}
          aria-label={`${s.revoke}: ${invite.email}`}
          className={`${actionClass} text-red-700`}
        >
          {s.revoke}
        </DialogOpener>
      </td>
    </tr>
  );
}

function InviteForm({ failure }: { failure: InviteFailure | undefined }) {
  const { errors, formProps } = useFormErrors(
    staffInviteFields,
    { load: () => import('../../lib/staff-validation'), validate: (v, values) => v.validateStaffInvite(values) },
    failure?.fieldErrors,
  );
  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="invite-heading" className="mb-2 text-xl font-bold">
        {s.inviteHeading}
      </h2>
      <p className="mb-4 text-slate-700">{s.inviteHint}</p>
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      <Form method="post" className="grid gap-4 sm:grid-cols-2" {...formProps}>
        <input type="hidden" name="intent" value="invite" />
        <FormField
          name="email"
          label={s.email}
          type="email"
          dir="ltr"
          autoComplete="off"
          defaultValue={failure?.values.email}
          error={errors.email}
        />
        <SelectField name="role" label={s.role} defaultValue={failure?.values.role ?? 'staff'} error={errors.role}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {s.roles[role]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <SubmitButton intent="invite" className="px-6">
            {s.invite}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
