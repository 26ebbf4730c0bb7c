import { useEffect } from 'react';
import { data, useNavigate } from 'react-router';
import { AddressForm } from '../components/address-form';
import { at } from '../i18n/account';
import { type AddAddressFailure, addPostedAddress, newAddressValues } from '../lib/address.server';
import { requireUser } from '../lib/auth.server';
import { pageMeta } from '../lib/meta';
import { redirectWithToast } from '../lib/toast.server';
import { toast } from '../lib/toasts';
import type { Route } from './+types/add-address';

type AddResult = { ok: true } | AddAddressFailure;

/** docs/specification.md (States and transitions; Limits and page sizes): after adding, the address list follows 1 second later. */
const REDIRECT_DELAY_MS = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  return { shop: context.shop, values: newAddressValues(context, user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const form = await request.formData();
  const result = await addPostedAddress(request, context, form);
  if (!result.ok) return data<AddResult>(result, { status: 400 });
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
