import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldErrorText } from './field-error-text';

export type FieldProps = {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The control's id, when the same field name appears twice on a page (default `field-<name>`). */
  id?: string | undefined;
};

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & FieldProps;
type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> & FieldProps;
type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & FieldProps;

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 aria-invalid:bg-red-50';

/** Ids of a field's control and of the texts that describe it. */
export function fieldIds({ name, id, error, hint }: FieldProps) {
  const controlId = id ?? `field-${name}`;
  const labelId = `${controlId}-label`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, labelId, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

/** Label above, message and hint below: the frame every field shares. */
export function FieldFrame({
  field,
  className,
  children,
}: {
  field: FieldProps;
  className: string | undefined;
  children: ReactNode;
}) {
  const { controlId, labelId, hintId, errorId } = fieldIds(field);
  return (
    <div className={className}>
      <label id={labelId} htmlFor={controlId} className="mb-1.5 block font-bold text-slate-800">
        {field.label}
      </label>
      {children}
      <FieldErrorText id={errorId} message={field.error} />
      {field.hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {field.hint}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose message and hint are tied to it for screen readers. */
export function FormField({ name, label, error, hint, id, className, ...input }: FormFieldProps) {
  const field = { name, label, error, hint, id };
  const { controlId, describedBy } = fieldIds(field);
  return (
    <FieldFrame field={field} className={className}>
      <input
        id={controlId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass}
        {...input}
      />
    </FieldFrame>
  );
}

/** A labelled multi-line text box, tied to its message and hint like FormField. */
export function TextAreaField({ name, label, error, hint, id, className, ...textarea }: TextAreaFieldProps) {
  const field = { name, label, error, hint, id };
  const { controlId, describedBy } = fieldIds(field);
  return (
    <FieldFrame field={field} className={className}>
      <textarea
        id={controlId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass} min-h-28 resize-y leading-7`}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A labelled drop-down (its options as children), tied to its message and hint like FormField. */
export function SelectField({ name, label, error, hint, id, className, children, ...select }: SelectFieldProps) {
  const field = { name, label, error, hint, id };
  const { controlId, describedBy } = fieldIds(field);
  return (
    <FieldFrame field={field} className={className}>
      <select
        id={controlId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A labelled checkbox (posts 'on' when ticked). */
export function CheckboxField({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        className="mt-1 size-5 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
    </div>
  );
}

type NewPasswordFieldsProps = {
  /** The new password's field name (`password`, or `newPassword` in the reset). */
  name?: string;
  label: string;
  confirmLabel: string;
  /** The password rules, under the first field. */
  hint: ReactNode;
  errors: Partial<Record<string, string>>;
};

/** A new password and its confirmation: sign-up, reset, the profile, joining the staff. */
export function NewPasswordFields({ name = 'password', label, confirmLabel, hint, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        error={errors[name]}
        hint={hint}
      />
      <FormField
        name="passwordConfirm"
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        error={errors.passwordConfirm}
      />
    </>
  );
}
