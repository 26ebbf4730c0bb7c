import { type ReactNode, useEffect } from 'react';
import { Form, Link } from 'react-router';
import type { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

type AddEditFormProps = {
  /** Posted as `intent`: the list page adds, the edit page saves. */
  mode: 'add' | 'edit';
  formProps: ReturnType<typeof useFormErrors>['formProps'];
  formError: string | undefined;
  submitLabel: string;
  /** The edit page's way back to its list. */
  back: { to: string; label: string };
  /** A new value here (the answer of a successful add) empties the form for the next item. */
  resetOn: object | undefined;
  /** The fields. */
  children: ReactNode;
};

/**
 * The frame of an add and edit form posted to its page's action (coupons, shipping zones): the
 * form's own message, the fields, the button and, when editing, the way back. After an add it
 * empties itself and puts the caret in `name`, ready for the next one.
 */
export function AddEditForm({ mode, formProps, formError, submitLabel, back, resetOn, children }: AddEditFormProps) {
  const hydrated = useHydrated();
  const { ref } = formProps;

  useEffect(() => {
    if (!resetOn || !ref.current) return;
    ref.current.reset();
    const name = ref.current.elements.namedItem('name');
    if (name instanceof HTMLInputElement) name.focus();
  }, [resetOn, ref]);

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {formError && <FormAlert>{formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        <input type="hidden" name="intent" value={mode} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton intent={mode} className="px-6">
            {submitLabel}
          </SubmitButton>
          {mode === 'edit' && (
            <Link to={back.to} className="px-2 py-3 font-bold text-brand-700 hover:underline">
              {back.label}
            </Link>
          )}
        </div>
      </Form>
    </div>
  );
}
