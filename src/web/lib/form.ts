/** Messages per field of a form, Arabic, only for the fields that failed. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FormValues<F extends string> = Record<F, string>;

/** What an action answers when a form fails: the messages and what to put back in the fields. */
export type FormFailure<F extends string> = { fieldErrors: FieldErrors<F>; formError?: string };

/** The named text fields of a submitted form; a missing or file field reads as ''. */
export function formValues<F extends string>(form: FormData, fields: readonly F[]): FormValues<F> {
  const values = {} as FormValues<F>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

export const hasErrors = (errors: Partial<Record<string, string>>) => Object.values(errors).some(Boolean);
