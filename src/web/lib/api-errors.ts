import type { z } from 'zod';
import { type FailureBody, fieldFailuresOf, isApiErrorCode } from '../../contract/errors';
import type { ApiErrorCode } from '../../contract/messages';
import { apiErrorTexts, type ErrorText } from '../i18n/api-errors';
import { authText } from '../i18n/auth';
import type { FieldErrors, FormFailure } from './form';

/** A screen's own wording for some codes, where the spec words them differently there. */
export type ErrorTextOverrides = Partial<Record<ApiErrorCode, string>>;

/** Anything the API can answer on failure, as the web client's ApiError exposes it. */
export type ApiFailure = { status: number; body: FailureBody | undefined };

function translationOf(code: unknown, overrides: ErrorTextOverrides): ErrorText | undefined {
  if (!isApiErrorCode(code)) return undefined;
  const own = overrides[code];
  return own ? { text: own } : apiErrorTexts[code];
}

const say = (translation: ErrorText, phoneCountry: string, details: Record<string, unknown> = {}) =>
  typeof translation.text === 'string' ? translation.text : translation.text({ phoneCountry, details });

/** A failure's code in Arabic (the code table, or the screen's own words), or undefined for an unknown code. */
export function errorText(
  code: unknown,
  context: { phoneCountry: string; details?: Record<string, unknown> },
  overrides: ErrorTextOverrides = {},
): string | undefined {
  const translation = translationOf(code, overrides);
  return translation && say(translation, context.phoneCountry, context.details);
}

/**
 * Turns an API failure into Arabic messages on the form's own fields, or one message for the whole
 * form, by its codes. Field names of our forms are the API's body fields, so `param` finds the field.
 */
export function formFailureFromApi<F extends string>(
  failure: ApiFailure,
  fields: readonly F[],
  phoneCountry: string,
  overrides: ErrorTextOverrides = {},
): FormFailure<F> {
  const isField = (name: string | undefined): name is F => name !== undefined && fields.includes(name as F);
  const fieldErrors: FieldErrors<F> = {};
  let formError: string | undefined;
  const { body } = failure;
  const place = (field: string | undefined, code: unknown, details?: Record<string, unknown>) => {
    const translation = translationOf(code, overrides);
    const target = field ?? translation?.field;
    const text = translation && say(translation, phoneCountry, details);
    if (isField(target)) fieldErrors[target] ??= text ?? authText.invalidValue;
    else formError ??= text ?? authText.somethingWentWrong;
  };

  // Throttling reads the same everywhere, unless the API named which limit it was (field or form).
  if (failure.status === 429 && !(body && 'code' in body && translationOf(body.code, overrides))) {
    formError = authText.tooManyRequests;
  } else if (!body || (failure.status >= 500 && !('code' in body && translationOf(body.code, overrides)))) {
    // A server failure says what happened when the API named it (a provider or ZATCA unavailable).
    formError = authText.somethingWentWrong;
  } else if ('errors' in body) for (const error of body.errors) place(error.param, error.code);
  else {
    const { status: _status, message: _message, code, ...details } = body;
    place(undefined, code, details);
  }

  if (!formError && !Object.keys(fieldErrors).length) formError = authText.somethingWentWrong;
  return formError ? { fieldErrors, formError } : { fieldErrors };
}

/**
 * Runs the contract's schema — the one the API runs — over a form's values (in the browser before
 * sending, and in the action): the first failure of each field, in the same Arabic as the API's
 * answer would get.
 */
export function schemaErrors<F extends string>(
  schema: z.ZodType,
  values: Record<string, unknown>,
  fields: readonly F[],
  { phoneCountry = '', overrides = {} }: { phoneCountry?: string; overrides?: ErrorTextOverrides } = {},
): FieldErrors<F> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  // A list's item (`availableColors.3`) belongs to the list's field.
  const errors = fieldFailuresOf(parsed.error.issues, values, 'body').map((error) => ({
    ...error,
    param: error.param.split('.')[0] ?? error.param,
  }));
  return formFailureFromApi({ status: 400, body: { errors } }, fields, phoneCountry, overrides).fieldErrors;
}
