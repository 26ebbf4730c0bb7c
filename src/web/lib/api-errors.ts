import { type ApiMessage, apiMessages as m } from '../../contract/messages';
import { at } from '../i18n/account';
import { ag, type GroupKind } from '../i18n/admin-groups';
import { authText } from '../i18n/auth';
import { rt } from '../i18n/reviews';
import type { FieldErrors, FormFailure } from './form';

type Translation = {
  text: (phoneCountry: string) => string;
  /** The form field a message-only failure (no `param`) belongs to. */
  field?: string;
};

const say = (text: string) => () => text;

/** A category's, brand's or sub-category's name rules, worded for that kind. */
function groupNameTranslations(kind: GroupKind, required: ApiMessage, tooShort: ApiMessage, tooLong: ApiMessage) {
  const texts = ag[kind];
  return {
    [required]: { text: say(texts.nameRequired), field: 'name' },
    [tooShort]: { text: say(texts.nameTooShort), field: 'name' },
    [tooLong]: { text: say(texts.nameTooLong), field: 'name' },
  };
}

/** The API's exact English messages (src/contract/messages.ts) as people read them. */
const translations: Partial<Record<ApiMessage, Translation>> = {
  [m.nameRequired]: { text: say(authText.nameRequired) },
  [m.emailRequired]: { text: say(authText.emailRequired) },
  [m.phoneRequired]: { text: say(authText.phoneRequired) },
  [m.passwordRequired]: { text: say(authText.passwordRequired) },
  [m.passwordConfirmRequired]: { text: say(authText.passwordConfirmRequired) },
  [m.emailInUse]: { text: say(authText.emailInUse) },
  [m.emailInvalid]: { text: say(authText.emailInvalid) },
  [m.phoneInvalid]: { text: (country) => authText.phoneInvalid(country) },
  [m.passwordTooShort]: { text: say(authText.passwordTooShort) },
  [m.passwordTooLong]: { text: say(authText.passwordTooLong) },
  [m.passwordTooCommon]: { text: say(authText.passwordTooCommon) },
  [m.passwordConfirmMismatch]: { text: say(authText.passwordMismatch) },
  [m.loginIncorrect]: { text: say(authText.loginIncorrect) },
  [m.loginLocked]: { text: say(authText.loginLocked) },
  [m.resetEmailUnknown]: { text: say(authText.emailUnknown), field: 'email' },
  [m.resetCodeRequired]: { text: say(authText.codeRequired), field: 'resetCode' },
  [m.resetCodeInvalid]: { text: say(authText.codeIncorrect), field: 'resetCode' },
  [m.resetCodeNotVerified]: { text: say(authText.resetCodeIncorrect) },
  [m.tooManyRequests]: { text: say(authText.tooManyRequests) },
  [m.resetCodeTooMany]: { text: say(authText.resetCodeTooMany), field: 'email' },
  [m.resetTriesExhausted]: { text: say(authText.resetTriesExhausted), field: 'resetCode' },
  [m.reviewRequired]: { text: say(rt.reviewRequired), field: 'review' },
  [m.reviewTooLong]: { text: say(rt.reviewTooLong), field: 'review' },
  [m.ratingRequired]: { text: say(rt.ratingRequired), field: 'rating' },
  [m.ratingInvalid]: { text: say(rt.ratingInvalid), field: 'rating' },
  [m.reviewDuplicate]: { text: say(rt.duplicate) },
  [m.reviewNotFound]: { text: say(rt.reviewGone) },
  [m.reviewNotYours]: { text: say(rt.notYours) },
  [m.productNotFound]: { text: say(rt.productGone) },
  [m.currentPasswordRequired]: { text: say(at.currentPasswordRequired) },
  [m.currentPasswordIncorrect]: { text: say(at.currentPasswordIncorrect), field: 'currentPassword' },
  [m.aliasRequired]: { text: say(at.aliasRequired) },
  [m.detailsRequired]: { text: say(at.detailsRequired) },
  [m.cityRequired]: { text: say(at.cityRequired) },
  [m.addressLimit]: { text: say(at.tooManyAddresses) },
  ...groupNameTranslations('category', m.categoryNameRequired, m.categoryNameTooShort, m.categoryNameTooLong),
  ...groupNameTranslations('brand', m.brandNameRequired, m.brandNameTooShort, m.brandNameTooLong),
  ...groupNameTranslations(
    'subcategory',
    m.subcategoryNameRequired,
    m.subcategoryNameTooShort,
    m.subcategoryNameTooLong,
  ),
  [m.categoryNameTaken]: { text: say(ag.category.nameTaken), field: 'name' },
  [m.brandNameTaken]: { text: say(ag.brand.nameTaken), field: 'name' },
  [m.subcategoryNameTaken]: { text: say(ag.subcategory.nameTaken), field: 'name' },
  [m.subcategoryCategoryRequired]: { text: say(ag.categoryRequired), field: 'category' },
  [m.categoryNotFound]: { text: say(ag.categoryGone) },
  [m.brandNotFound]: { text: say(ag.brandGone) },
  [m.subcategoryNotFound]: { text: say(ag.subcategoryGone) },
  [m.imageInvalid]: { text: say(ag.imageInvalid), field: 'image' },
  [m.imageTooLarge]: { text: say(ag.imageTooLarge), field: 'image' },
  [m.imageTooManyPixels]: { text: say(ag.imageTooManyPixels), field: 'image' },
};
// Messages the server builds itself rather than from the catalogue.
const extra: Record<string, Translation> = {
  'name is too long': { text: say(authText.nameTooLong) },
  'alias is too long': { text: say(at.aliasTooLong) },
  'details is too long': { text: say(at.detailsTooLong) },
  'city is too long': { text: say(at.cityTooLong) },
  'postalCode is too long': { text: say(at.postalCodeTooLong) },
};

/** A screen's own wording for some API messages, where the spec words them differently there. */
export type MessageOverrides = Partial<Record<ApiMessage, string>>;

const translationOf = (message: string, overrides: MessageOverrides): Translation | undefined => {
  const own = overrides[message as ApiMessage];
  return own ? { text: say(own) } : (translations[message as ApiMessage] ?? extra[message]);
};

/** Anything the API can answer on failure, as the web client's ApiError exposes it. */
export type ApiFailure = {
  status: number;
  body: { errors: { msg: string; param: string }[] } | { status: string; message: string } | undefined;
};

/**
 * Turns an API failure into Arabic messages on the form's own fields, or one message for the whole
 * form. Field names of our forms are the API's body fields, so `param` finds the field.
 */
export function formFailureFromApi<F extends string>(
  failure: ApiFailure,
  fields: readonly F[],
  phoneCountry: string,
  overrides: MessageOverrides = {},
): FormFailure<F> {
  const isField = (name: string | undefined): name is F => name !== undefined && fields.includes(name as F);
  const fieldErrors: FieldErrors<F> = {};
  let formError: string | undefined;
  const { body } = failure;
  const place = (field: string | undefined, message: string) => {
    const translation = translationOf(message, overrides);
    const target = field ?? translation?.field;
    if (isField(target)) {
      fieldErrors[target] ??= translation?.text(phoneCountry) ?? authText.invalidValue;
    } else {
      formError ??= translation?.text(phoneCountry) ?? authText.somethingWentWrong;
    }
  };

  // Throttling reads the same everywhere, unless the API named which limit it was (field or form).
  if (failure.status === 429 && !(body && 'message' in body && translationOf(body.message, overrides))) {
    formError = authText.tooManyRequests;
  } else if (failure.status >= 500 || !body) formError = authText.somethingWentWrong;
  else if ('errors' in body) for (const error of body.errors) place(error.param, error.msg);
  else place(undefined, body.message);

  if (!formError && !Object.keys(fieldErrors).length) formError = authText.somethingWentWrong;
  return formError ? { fieldErrors, formError } : { fieldErrors };
}
