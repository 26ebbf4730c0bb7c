import { MapPin, Phone, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Address } from '../../contract/types';
import { EmptyState } from '../components/empty-state';
import { DeleteDialog, DeleteOpener, EditLink } from '../components/item-actions';
import { at } from '../i18n/account';
import { type ApiClient, ApiError } from '../lib/api';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { showPhone } from '../lib/format-phone';
import { answerDelete } from '../lib/list-action.server';
import { pageMeta } from '../lib/meta';
import { plural } from '../lib/plural';
import { toast } from '../lib/toasts';
import { useUrlDialog } from '../lib/use-url-dialog';
import type { Route } from './+types/user-addresses';

const PATH = '/user/address';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'user');
  const addresses = await apiFor(request, context).addresses.list();
  const { shop } = context;
  return { shop, addresses: addresses.data.map((address) => ({ ...address, phone: showPhone(address.phone, shop) })) };
}

type DeleteResult = { ok: true } | { ok: false; message: string };

async function deleteAddress(api: ApiClient, id: string): Promise<DeleteResult> {
  if (!id) return { ok: false, message: at.addressGone };
  try {
    await api.addresses.remove(id);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Someone else's id and a malformed one read the same as a deleted one: not found.
    const gone = error.status === 404 || error.status === 400;
    return { ok: false, message: gone ? at.addressGone : at.addressDeleteFailed };
  }
}

/** Deleting an address (the only change made on this page; adding and editing have their own pages). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'user');
  const form = await request.formData();
  const result = await deleteAddress(apiFor(request, context), String(form.get('id') ?? ''));
  // The original specification reloaded the page; here the list revalidates in place (docs/decisions/0007-revalidate-instead-of-reload.md).
  return answerDelete(request, form, result, PATH, at.addressDeleted);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: at.addressesTitle,
    description: at.addressesDescription,
    path: PATH,
    noindex: true,
  });
}

export default function UserAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const dialog = useUrlDialog('delete');
  const deleting = addresses.find((address) => address.id === dialog.openFor);

  // Runs for each new answer of the action only (`dialog` is a new object on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(at.addressDeleted);
    else toast.error(actionData.message);
    dialog.close();
  }, [actionData]);

  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 className="text-2xl font-bold">{at.addressesTitle}</h1>
          {addresses.length > 0 && <p className="text-slate-600">{plural(addresses.length, at.addressCount)}</p>}
        </div>
        <Link
          to="/user/add-address"
          className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
        >
          <Plus aria-hidden="true" className="size-5" />
          {at.addAddress}
        </Link>
      </div>

      {addresses.length === 0 ? (
        <EmptyState Icon={MapPin} title={at.noAddresses} hint={at.noAddressesHint} />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                onDelete={() => dialog.open(address.id)}
                deleteHref={dialog.href(address.id)}
              />
            </li>
          ))}
        </ul>
      )}

      <DeleteDialog
        id={deleting?.id}
        onClose={dialog.close}
        title={at.deleteTitle}
        description={deleting ? at.deleteQuestion(deleting.alias) : ''}
        cancelTo={PATH}
        cancelLabel={at.cancel}
        confirmLabel={at.confirmDelete}
      />
    </>
  );
}

function AddressCard({
  address,
  onDelete,
  deleteHref,
}: {
  address: Address;
  onDelete: () => void;
  deleteHref: string;
}) {
  const headingId = `address-${address.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        <bdi>{address.alias}</bdi>
      </h2>
      <p className="leading-7 text-slate-800">
        <bdi>{address.details}</bdi>
      </p>
      <p className="text-slate-700">
        {at.city}: <bdi className="font-bold">{address.city}</bdi>
        {address.postalCode && (
          <>
            {' '}
            — {at.postalCode}: <bdi dir="ltr">{address.postalCode}</bdi>
          </>
        )}
      </p>
      <p className="flex items-center gap-1.5 text-slate-700">
        <Phone aria-hidden="true" className="size-4" />
        <span className="sr-only">{at.phone}:</span>
        <bdi dir="ltr">{address.phone}</bdi>
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <EditLink to={`/user/edit-address/${address.id}`} label={at.edit} name={at.editNamed(address.alias)} />
        <DeleteOpener href={deleteHref} onOpen={onDelete} label={at.delete} name={at.deleteNamed(address.alias)} />
      </div>
    </article>
  );
}
