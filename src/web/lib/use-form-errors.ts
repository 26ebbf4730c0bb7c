import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type FieldErrors, type FormValues, formValues, hasErrors } from './form';

function focusFirstError<F extends string>(form: HTMLFormElement, fields: readonly F[], errors: FieldErrors<F>) {
  const first = fields.find((field) => errors[field]);
  const input = first ? form.elements.namedItem(first) : null;
  // A group of radio buttons answers as a list: focus its chosen one, else its first.
  const target =
    input instanceof RadioNodeList
      ? (Array.from(input).find((r) => (r as HTMLInputElement).checked) ?? input[0])
      : input;
  if (target instanceof HTMLElement) target.focus();
}

/**
 * Field messages of a form: the browser checks the same rules as the action before sending
 * (an invalid form is not sent, docs/decisions/0005-invalid-forms-not-sent.md); the action's answer replaces them, and
 * a message goes away as soon as its field is edited.
 */
export function useFormErrors<F extends string>(
  fields: readonly F[],
  /** `form` for what `values` cannot hold, such as a chosen file. */
  validate: (values: FormValues<F>, form: FormData) => FieldErrors<F>,
  serverErrors: FieldErrors<F> | undefined,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>(serverErrors ?? {});

  useEffect(() => {
    setErrors(serverErrors ?? {});
    if (serverErrors && formRef.current) focusFirstError(formRef.current, fields, serverErrors);
  }, [serverErrors, fields]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const found = validate(formValues(form, fields), form);
    setErrors(found);
    if (!hasErrors(found)) return;
    event.preventDefault();
    focusFirstError(event.currentTarget, fields, found);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (errors[name as F]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  return { errors, formProps: { ref: formRef, onSubmit, onChange, noValidate: true } };
}

const noSubscription = () => () => {};

/** False while the page is server HTML only, true once React runs in the browser. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
