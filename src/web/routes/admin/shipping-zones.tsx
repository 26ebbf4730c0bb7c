import { Truck } from 'lucide-react';
import { useRef } from 'react';
import { data } from 'react-router';
import type { ShippingZone } from '../../../contract/types';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { DeleteDialog, DeleteOpener, EditLink } from '../../components/item-actions';
import { ZoneForm } from '../../components/zone-form';
import { st } from '../../i18n/admin-store';
import { type ApiClient, ApiError } from '../../lib/api';
import { errorText, formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { formatPrice } from '../../lib/format';
import { answerDelete, answerSave } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import { plural } from '../../lib/plural';
import { type ZoneField, zoneBody, zoneDefaults, zoneFields } from '../../lib/store-form';
import { validateZone } from '../../lib/store-validation';
import { useListToasts } from '../../lib/use-list-toasts';
import { useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/shipping-zones';

const PATH = '/admin/shipping-zones';
const EMPTY = zoneDefaults(null);

type AddResult =
  | { intent: 'add'; ok: true; name: string }
  | ({ intent: 'add'; ok: false; values: FormValues<ZoneField> } & FormFailure<ZoneField>);
type DeleteResult = { intent: 'delete'; ok: true } | { intent: 'delete'; ok: false; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const zones = await apiFor(request, context).shippingZones.list();
  return { shop: context.shop, zones: zones.data };
}

async function addZone(api: ApiClient, form: FormData, country: string): Promise<AddResult> {
  const values = formValues(form, zoneFields);
  const fail = (failure: FormFailure<ZoneField>): AddResult => ({ intent: 'add', ok: false, ...failure, values });
  const fieldErrors = validateZone(values, false);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    const { data: zone } = await api.shippingZones.add(zoneBody(values, false));
    return { intent: 'add', ok: true, name: zone.name };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, zoneFields, country));
  }
}

async function deleteZone(api: ApiClient, id: string, country: string): Promise<DeleteResult> {
  try {
    await api.shippingZones.remove(id);
    return { intent: 'delete', ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = error.status === 400 ? st.zoneGone : errorText(error.code, { phoneCountry: country });
    return { intent: 'delete', ok: false, message: message ?? st.zoneGone };
  }
}

/** Adding (the form) and deleting (a card's confirmation); editing has its own page. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  const api = apiFor(request, context);
  const country = context.shop.phoneCountry;
  if (form.get('intent') === 'add') {
    return answerSave(request, form, await addZone(api, form, country), PATH, () => st.zoneAdded);
  }
  if (form.get('intent') === 'delete') {
    return answerDelete(
      request,
      form,
      await deleteZone(api, String(form.get('id') ?? ''), country),
      PATH,
      st.zoneDeleted,
    );
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: st.zonesTitle,
    description: st.zonesDescription,
    path: PATH,
    noindex: true,
  });
}

export default function ShippingZones({ loaderData, actionData }: Route.ComponentProps) {
  const { zones, shop } = loaderData;
  const dialog = useUrlDialog('delete');
  const busy = useLoadingHere();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const deleting = zones.find((zone) => zone.id === dialog.openFor && !zone.isDefault);
  const added = actionData?.intent === 'add' && actionData.ok ? actionData : undefined;
  const addFailure = actionData?.intent === 'add' && !actionData.ok ? actionData : undefined;

  useListToasts(actionData, dialog.close, { added: () => st.zoneAdded, deleted: st.zoneDeleted });

  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{st.zonesTitle}</h1>
      <section aria-labelledby="zones-heading" className="mb-8">
        <h2 ref={listHeading} id="zones-heading" tabIndex={-1} className="mb-4 text-xl font-bold outline-none">
          {st.zonesHeading}
        </h2>
        <BusyRegion busy={busy}>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {zones.map((zone) => (
              <li key={zone.id}>
                <ZoneCard
                  zone={zone}
                  currency={shop.currency}
                  onDelete={() => dialog.open(zone.id)}
                  deleteHref={dialog.href(zone.id)}
                />
              </li>
            ))}
          </ul>
        </BusyRegion>
      </section>

      <h2 className="mb-4 text-xl font-bold">{st.addZone}</h2>
      <ZoneForm
        mode="add"
        isDefault={false}
        values={addFailure?.values ?? EMPTY}
        fieldErrors={addFailure?.fieldErrors}
        formError={addFailure?.formError}
        resetOn={added}
      />

      <DeleteDialog
        id={deleting?.id}
        onClose={dialog.close}
        title={st.deleteZone}
        description={deleting ? st.deleteZoneQuestion(deleting.name) : ''}
        cancelTo={PATH}
        cancelLabel={st.cancel}
        confirmLabel={st.deleteZone}
        // The deleted card takes its delete button with it: keyboard users land on the list.
        fallbackFocus={listHeading}
      />
    </>
  );
}

function ZoneCard({
  zone,
  currency,
  onDelete,
  deleteHref,
}: {
  zone: ShippingZone;
  currency: string;
  onDelete: () => void;
  deleteHref: string;
}) {
  const headingId = `zone-${zone.id}`;
  const price = zone.price === 0 ? st.free : formatPrice(zone.price, currency);
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
          <Truck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          {zone.name}
        </h3>
        <span className="flex flex-wrap gap-1">
          {zone.isDefault && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-sm font-bold text-brand-800">
              {st.zoneDefault}
            </span>
          )}
          {!zone.enabled && (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-sm font-bold text-slate-800">
              {st.zoneDisabled}
            </span>
          )}
        </span>
      </div>
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        {zone.isDefault
          ? st.zoneCitiesDefault
          : `${plural(zone.cities.length, st.citiesCount)}: ${zone.cities.join('، ')}`}
      </p>
      <ul className="text-slate-800">
        <li>{st.shippingLine(price)}</li>
        {zone.freeAbove !== null && <li>{st.freeAboveLine(formatPrice(zone.freeAbove, currency))}</li>}
        <li>{zone.codAllowed ? st.codFeeLine(formatPrice(zone.codFee, currency)) : st.zoneNoCash}</li>
      </ul>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <EditLink to={`${PATH}/${zone.id}`} label={st.edit} name={`${st.edit}: ${zone.name}`} />
        {!zone.isDefault && (
          <DeleteOpener
            href={deleteHref}
            onOpen={onDelete}
            label={st.deleteZone}
            name={`${st.deleteZone}: ${zone.name}`}
          />
        )}
      </div>
    </article>
  );
}
