import type { MarketCountry } from '../../contract/markets';
import { createShippingZoneSchema, storeSettingsUpdateSchema } from '../../contract/store';
import { st } from '../i18n/admin-store';
import { schemaErrors } from './api-errors';
import type { FieldErrors, FormValues } from './form';
import { type SettingsField, settingsBody, settingsFields, type ZoneField, zoneBody, zoneFields } from './store-form';

/*
 * The API's own schemas for the settings and zone forms, so the same rules and words. The browser
 * loads this module (and zod with it) when a form is first used (useFormErrors).
 */

export function validateSettings(values: FormValues<SettingsField>, country: string): FieldErrors<SettingsField> {
  const errors = schemaErrors(
    storeSettingsUpdateSchema(country as MarketCountry),
    settingsBody(values),
    settingsFields,
  );
  // A Saudi VAT number's form is worth spelling out.
  if (errors.vatNumber && country === 'SA') errors.vatNumber = st.vatNumberInvalidSA;
  return errors;
}

export const validateZone = (values: FormValues<ZoneField>, isDefault: boolean): FieldErrors<ZoneField> =>
  schemaErrors(createShippingZoneSchema, zoneBody(values, isDefault), zoneFields);
