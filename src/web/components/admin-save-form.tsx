import { CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { ag } from '../i18n/admin-groups';
import type { FieldErrors, FormFailure, FormValues } from '../lib/form';
import { type FormValidator, useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { useOnline } from '../lib/use-online';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

/** What a save action answers: a success message, or the messages and what was typed. */
export type SaveResult<F extends string> =
  | { ok: true; message: string }
  | ({ ok: false; values: Partial<FormValues<F>> } & FormFailure<F>);

/** docs/specification.md (Screens and routes: Staff screens; Limits and page sizes): an add form resets about a second after the success message shows. */
const RESET_DELAY_MS = 1000;

type AdminSaveFormProps<F extends string, M> = {
  fields: readonly F[];
  validator: FormValidator<F, M>;
  /** The action's answer to a plain post (before JavaScript loads); fetcher answers take over after. */
  fallback: SaveResult<F> | undefined;
  /** Add forms empty themselves after a success; edit actions move on to the list instead. */
  resetAfterSave: boolean;
  /** Forms with a file input post multipart. */
  multipart?: boolean;
  submitLabel: string;
  /** The edit forms' way back to their list. */
  back?: { to: string; label: string };
  /** The fields, given their messages and what to put back in them after a refused save. */
  children: (state: { errors: FieldErrors<F>; values: Partial<FormValues<F>> | undefined }) => ReactNode;
};

/**
 * The add and edit forms of the admin screens. The browser checks the form first and sends
 * nothing offline (docs/specification.md (Validation rules: Brands, categories and sub-categories) for sub-categories; any form here would lose its post); while the post
 * is on its way a progress message shows, then the outcome, both in a live region.
 */
export function AdminSaveForm<F extends string, M>({
  fields,
  validator,
  fallback,
  resetAfterSave,
  multipart = false,
  submitLabel,
  back,
  children,
}: AdminSaveFormProps<F, M>) {
  const fetcher = useFetcher<SaveResult<F>>();
  const result = fetcher.data ?? fallback;
  const failure = result && !result.ok ? result : undefined;
  const { errors, formProps } = useFormErrors(fields, validator, failure?.fieldErrors);
  const hydrated = useHydrated();
  const online = useOnline();
  const [triedOffline, setTriedOffline] = useState(false);
  const busy = fetcher.state !== 'idle';
  const saved = !busy && fetcher.data?.ok ? fetcher.data : undefined;
  const form = formProps.ref;

  useEffect(() => {
    if (!saved || !resetAfterSave) return;
    const timer = setTimeout(() => form.current?.reset(), RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, resetAfterSave, form]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    const offline = !event.defaultPrevented && !navigator.onLine;
    if (offline) event.preventDefault();
    setTriedOffline(offline);
  }

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      {!online && <FormAlert>{triedOffline ? ag.offlineNotSent : ag.offline}</FormAlert>}
      <fetcher.Form
        method="post"
        encType={multipart ? 'multipart/form-data' : undefined}
        className="space-y-5"
        {...formProps}
        onSubmit={onSubmit}
      >
        {hydrated && <input type="hidden" name="js" value="1" />}
        {children({ errors, values: failure?.values })}
        <div className="flex flex-wrap items-center gap-3 pt-1">
          <SubmitButton pending={busy} pendingText={ag.saving} className="px-6">
            {submitLabel}
          </SubmitButton>
          {back && (
            <Link to={back.to} className="px-2 py-3 font-bold text-brand-700 hover:underline">
              {back.label}
            </Link>
          )}
        </div>
        <SaveStatus busy={busy} message={saved?.message} />
      </fetcher.Form>
    </div>
  );
}

/** docs/specification.md (Screens and routes: Staff screens): a progress message while saving, then the success message; polite, so typing goes on. */
function SaveStatus({ busy, message }: { busy: boolean; message: string | undefined }) {
  const box = 'flex items-start gap-2 rounded-lg border px-3 py-2.5 font-bold';
  return (
    <div role="status">
      {busy ? (
        <p className={`${box} border-sky-200 bg-sky-50 text-sky-900`}>
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin motion-reduce:animate-none" />
          {ag.saving}
        </p>
      ) : (
        message && (
          <p className={`${box} border-emerald-200 bg-emerald-50 text-emerald-900`}>
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {message}
          </p>
        )
      )}
    </div>
  );
}
