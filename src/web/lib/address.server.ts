import type { AppLoadContext } from 'react-router';
import type { Address } from '../../contract/types';
import { type AddressField, addressBody, addressDefaults, addressFields } from './account-form';
import { validateAddress } from './account-validation';
import { ApiError } from './api';
import { formFailureFromApi } from './api-errors';
import { apiFor } from './context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from './form';

export type AddAddressFailure = { ok: false; values: FormValues<AddressField> } & FormFailure<AddressField>;

/** What a new address form starts with: the shop's city and postal code, the account's phone. */
export function newAddressValues(context: AppLoadContext, user: { phone: string }) {
  const { shop } = context;
  return addressDefaults(null, {
    city: shop.defaultCity,
    postalCode: shop.defaultPostalCode,
    phone: user.phone,
    phoneCountry: shop.phoneCountry,
  });
}

/**
 * Saves the address a posted address form holds, checked as the API checks it, or says why not on
 * its fields. Shared by the address book's add page and the payment page's dialog.
 */
export async function addPostedAddress(
  request: Request,
  context: AppLoadContext,
  form: FormData,
): Promise<{ ok: true; address: Address } | AddAddressFailure> {
  const values = formValues(form, addressFields);
  const country = context.shop.phoneCountry;
  const fieldErrors = validateAddress(values, country);
  if (hasErrors(fieldErrors)) return { ok: false, values, fieldErrors };
  const api = apiFor(request, context);
  try {
    const before = new Set((await api.addresses.list()).data.map((address) => address._id));
    const { data: after } = await api.addresses.add(addressBody(values));
    const added = after.find((address) => !before.has(address._id));
    // The API answers with the whole list; the new one is the id that was not there before.
    if (!added) throw new Error('The address list did not grow after adding an address');
    return { ok: true, address: added };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, values, ...formFailureFromApi(error, addressFields, country) };
  }
}
