import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type FormValues, formValues, hasErrors } from './form';

/** A form's check of its values; `form` for what `values` cannot hold, such as a chosen file. */
export type Validate<F extends string> = (values: FormValues<F>, form: FormData) => FieldErrors<F>;

/**
 * A check that runs the contract's schemas, so zod: its module (a `*-validation.ts` of src/web/lib)
 * is loaded when the form is first used, not with the page (docs/architecture.md, "Choices").
 */
export type LazyValidate<M, F extends string> = {
  load: () => Promise<M>;
  validate: (loaded: M, values: FormValues<F>, form: FormData) => FieldErrors<F>;
};

/** What a form checks before sending: at once, or with a module loaded on first use. */
export type FormValidator<F extends string, M = never> = Validate<F> | LazyValidate<M, F>;

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

/** The button a submit came from, when it can submit the form again (its name and value go with it). */
function submitterOf(event: FormEvent<HTMLFormElement>): HTMLButtonElement | HTMLInputElement | undefined {
  const { submitter } = event.nativeEvent as SubmitEvent;
  const button =
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined;
  return button?.form === event.currentTarget ? button : undefined;
}

/**
 * Field messages of a form: the browser checks the same rules as the action before sending
 * (an invalid form is not sent, docs/decisions/0005-invalid-forms-not-sent.md); the action's answer replaces them, and
 * a message goes away as soon as its field is edited.
 *
 * A lazy check starts loading when the form is first focused, touched or typed in, so it is
 * normally ready by the submit. A submit before that is held: once the check has loaded, the form
 * is submitted again and checked then, so an invalid form is still not sent. Should the module
 * fail to load (a deploy replaced it, the network dropped), the form is sent unchecked once: the
 * action runs the same check and answers with the same messages.
 */
export function useFormErrors<F extends string, M = never>(
  fields: readonly F[],
  validator: FormValidator<F, M>,
  serverErrors: FieldErrors<F> | undefined,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>(serverErrors ?? {});
  const loading = useRef<Promise<M> | undefined>(undefined);
  const loaded = useRef<{ module: M } | undefined>(undefined);
  const held = useRef(false);
  const sendUnchecked = useRef(false);

  useEffect(() => {
    setErrors(serverErrors ?? {});
    if (serverErrors && formRef.current) focusFirstError(formRef.current, fields, serverErrors);
  }, [serverErrors, fields]);

  function load(lazy: LazyValidate<M, F>): Promise<M> {
    loading.current ??= lazy.load().then(
      (module) => {
        loaded.current = { module };
        return module;
      },
      (error: unknown) => {
        // The next use tries again.
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }

  function prepare() {
    // A failure here is retried by the submit.
    if (typeof validator !== 'function') load(validator).catch(() => {});
  }

  function check(event: FormEvent<HTMLFormElement>, validate: Validate<F>) {
    const form = new FormData(event.currentTarget);
    const found = validate(formValues(form, fields), form);
    setErrors(found);
    if (!hasErrors(found)) return;
    event.preventDefault();
    focusFirstError(event.currentTarget, fields, found);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sendUnchecked.current) {
      sendUnchecked.current = false;
      return;
    }
    if (typeof validator === 'function') return check(event, validator);
    const ready = loaded.current;
    if (ready) return check(event, (values, form) => validator.validate(ready.module, values, form));

    event.preventDefault();
    if (held.current) return;
    held.current = true;
    const form = event.currentTarget;
    const submitter = submitterOf(event);
    load(validator).then(
      () => submitAgain(form, submitter, { checked: true }),
      () => submitAgain(form, submitter, { checked: false }),
    );
  }

  function submitAgain(form: HTMLFormElement, submitter: HTMLElement | undefined, { checked }: { checked: boolean }) {
    held.current = false;
    if (!form.isConnected) return;
    // The submit event is dispatched within requestSubmit, so the flag serves that one submit only.
    sendUnchecked.current = !checked;
    form.requestSubmit(submitter);
    sendUnchecked.current = false;
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    prepare();
    const { name } = event.target as HTMLInputElement;
    if (errors[name as F]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  return {
    errors,
    formProps: { ref: formRef, onSubmit, onChange, onFocus: prepare, onPointerDown: prepare, noValidate: true },
  };
}
