import { slideForm } from '../../contract/home';
import { hp } from '../i18n/home-page';
import { schemaErrors } from './api-errors';
import type { FieldErrors, FormValues } from './form';
import { type SlideField, slideBody, slideFields } from './home-form';

/* The API's own schema for the slide form; the browser loads it (and zod) on the form's first use. */

/** The slide's fields by the API's rules; a new slide needs a picture too. */
export function validateSlide(
  values: FormValues<SlideField>,
  { timeZone, hasImage }: { timeZone: string; hasImage: boolean },
): FieldErrors<SlideField> {
  const errors = schemaErrors(slideForm, slideBody(values, timeZone), slideFields);
  if (!hasImage) errors.image = hp.imageRequired;
  return errors;
}
