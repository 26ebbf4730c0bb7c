import { useEffect } from 'react';
import { data, useNavigate } from 'react-router';
import { toast } from 'sonner';
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
import type { Route } from './+types/add-address';

type AddResult = { ok: true } | ({ ok: false; values: FormValues<AddressField> } & FormFailure<AddressField>);

/** docs/specification.md (States and transitions; Limits and page sizes): after adding, the address list follows 1 second later. */
const REDIRECT_DELAY_MS = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  const { shop } = context;
  // The city and postal code start from the shop's configuration, the phone from the account.
  return {
    shop,
    values: addressDefaults(null, {
      city: shop.defaultCity,
      postalCode: shop.defaultPostalCode,
      phone: user.phone,
      phoneCountry: shop.phoneCountry,
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const form = await request.formData();
  const values = formValues(form, addressFields);
  const country = context.shop.phoneCountry;
  const fieldErrors = validateAddress(values, country);
  const fail = (failure: FormFailure<AddressField>) =>
    data<AddResult>({ ok: false, ...failure, values }, { status: 400 });
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await apiFor(request, context).addresses.add(addressBody(values));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, addressFields, country));
  }
  // The page shows the toast and moves on after the delay; without JavaScript it cannot, so redirect.
  if (form.get('js') === '1') return data<AddResult>({ ok: true });
  return redirectWithToast(request, '/user/address', { type: 'success', text: at.addressAdded });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: at.addAddressTitle,
    description: at.addAddressDescription,
    path: '/user/add-address',
    noindex: true,
  });
}

export default function AddAddress({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const added = actionData?.ok === true;

  useEffect(() => {
    if (!added) return;
    toast.success(at.addressAdded);
    const timer = setTimeout(() => navigate('/user/address'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [added, navigate]);

  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{at.addAddressTitle}</h1>
      <AddressForm
        values={failure?.values ?? loaderData.values}
        fieldErrors={failure?.fieldErrors}
        formError={failure?.formError}
        phoneCountry={loaderData.shop.phoneCountry}
        cities={loaderData.shop.cities}
        submitLabel={at.saveAddress}
      />
    </>
  );
}
