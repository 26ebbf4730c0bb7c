import { data } from 'react-router';
import { ZoneForm } from '../../components/zone-form';
import { st } from '../../i18n/admin-store';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { type ZoneField, zoneBody, zoneDefaults, zoneFields } from '../../lib/store-form';
import { validateZone } from '../../lib/store-validation';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/edit-shipping-zone';

const LIST = '/admin/shipping-zones';

type EditFailure = FormFailure<ZoneField> & { values: FormValues<ZoneField> };

/** The zone with this id (the API lists them all: a shop has few); an unknown one is not found. */
async function zoneOf(request: Request, context: Route.LoaderArgs['context'], id: string) {
  const zones = await apiFor(request, context).shippingZones.list();
  const zone = zones.data.find((item) => item.id === id);
  if (!zone) throw data(null, { status: 404 });
  return zone;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const zone = await zoneOf(request, context, params.id);
  return { shop: context.shop, zone, values: zoneDefaults(zone) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const values = formValues(await request.formData(), zoneFields);
  const zone = await zoneOf(request, context, params.id);
  const fail = (failure: FormFailure<ZoneField>) => data<EditFailure>({ ...failure, values }, { status: 400 });
  const fieldErrors = validateZone(values, zone.isDefault);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await apiFor(request, context).shippingZones.update(zone.id, zoneBody(values, zone.isDefault));
    return redirectWithToast(request, LIST, { type: 'success', text: st.zoneSaved });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, zoneFields, context.shop.phoneCountry));
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    shop: loaderData.shop,
    title: `${st.editZone}: ${loaderData.zone.name}`,
    description: st.zonesDescription,
    path: `${LIST}/${loaderData.zone.id}`,
    noindex: true,
  });
}

export default function EditShippingZone({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">
        {st.editZone}: {loaderData.zone.name}
      </h1>
      <ZoneForm
        mode="edit"
        isDefault={loaderData.zone.isDefault}
        values={actionData?.values ?? loaderData.values}
        fieldErrors={actionData?.fieldErrors}
        formError={actionData?.formError}
      />
    </>
  );
}
