import { data } from 'react-router';
import { AddressForm } from '../components/address-form';
import { at } from '../i18n/account';
import { type AddressField, addressBody, addressDefaults, addressFields } from '../lib/account-form';
import { validateAddress } from '../lib/account-validation';
import { ApiError } from '../lib/api';
import { formFailureFromApi } from '../lib/api-errors';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../lib/form';
import { pageMeta } from '../lib/meta';
import { redirectWithToast } from '../lib/toast.server';
import type { Route } from './+types/edit-address';

type EditFailure = FormFailure<AddressField> & { values: FormValues<AddressField> };

/** The API scopes addresses to their owner: another customer's id, like a malformed one, is not found. */
function notFoundOnMissing(error: unknown): never {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
  throw error;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  const address = await apiFor(request, context)
    .addresses.get(params.id)
    .then((r) => r.data, notFoundOnMissing);
  const { shop } = context;
  return {
    shop,
    address,
    values: addressDefaults(address, {
      city: shop.defaultCity,
      postalCode: shop.defaultPostalCode,
      phone: user.phone,
      phoneCountry: shop.phoneCountry,
    }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const form = await request.formData();
  const values = formValues(form, addressFields);
  const country = context.shop.phoneCountry;
  const fieldErrors = validateAddress(values, country);
  const fail = (failure: FormFailure<AddressField>) => data<EditFailure>({ ...failure, values }, { status: 400 });
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await apiFor(request, context).addresses.update(params.id, addressBody(values));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFoundOnMissing(error);
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, addressFields, country));
  }
  // docs/specification.md (States and transitions): after editing, straight back to the list.
  return redirectWithToast(request, '/user/address', { type: 'success', text: at.addressUpdated });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    shop: loaderData.shop,
    title: `${at.editAddressTitle}: ${loaderData.address.alias}`,
    description: at.editAddressDescription,
    path: `/user/edit-address/${loaderData.address.id}`,
    noindex: true,
  });
}

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">
        {at.editAddressTitle}: <bdi>{loaderData.address.alias}</bdi>
      </h1>
      <AddressForm
        values={actionData?.values ?? loaderData.values}
        fieldErrors={actionData?.fieldErrors}
        formError={actionData?.formError}
        phoneCountry={loaderData.shop.phoneCountry}
        cities={loaderData.shop.cities}
        submitLabel={at.saveChanges}
      />
    </>
  );
}
