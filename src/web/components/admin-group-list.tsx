import { FolderTree } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { ListEnvelope, StoredImage } from '../../contract/types';
import { ag, type GroupKind } from '../i18n/admin-groups';
import { type DeleteResult, groupPaths } from '../lib/admin-groups';
import { imageSrcSet } from '../lib/format';
import { usePageHref } from '../lib/page-href';
import { plural } from '../lib/plural';
import { toast } from '../lib/toasts';
import { useHydrated } from '../lib/use-hydrated';
import { useUrlDialog } from '../lib/use-url-dialog';
import { BusyRegion, useLoadingHere } from './busy-region';
import { ConfirmDialog, DialogCancel } from './dialog';
import { EmptyState } from './empty-state';
import { DeleteOpener, EditLink } from './item-actions';
import { Pagination } from './pagination';
import { SubmitButton } from './submit-button';

/** A row of the list: a brand or category shows its image, a sub-category its parent. */
export type GroupRow = { id: string; name: string; image?: StoredImage | null; note?: string };

type AdminGroupListProps = {
  kind: GroupKind;
  rows: GroupRow[];
  pagination: ListEnvelope<unknown>['paginationResult'];
  total: number;
};

/**
 * The existing brands, categories or sub-categories under their add form (the spec has none; a
 * shop needs them): count, rows with edit and delete, pager. Deleting asks first; what the API
 * refuses (a brand with products…) is said in a toast and the row stays.
 */
export function AdminGroupList({ kind, rows, pagination, total }: AdminGroupListProps) {
  const texts = ag[kind];
  const dialog = useUrlDialog('delete');
  const fetcher = useFetcher<DeleteResult>();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const pageHrefFor = usePageHref();
  const loading = useLoadingHere();
  const deleting = rows.find((row) => row.id === dialog.openFor);
  const headingId = `${kind}-list-heading`;
  // Before JavaScript loads the dialog is this same page (this list page) with ?delete=<id>, or without it.
  const { pathname, search } = useLocation();
  const hrefWith = (id?: string) => {
    const params = new URLSearchParams(search);
    if (id) params.set('delete', id);
    else params.delete('delete');
    return `${pathname}${params.size > 0 ? `?${params}` : ''}`;
  };

  // Once per answer, after the list has reloaded (a deleted row is gone by then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dialog` is a new object on every render
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result) return;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
    dialog.close();
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline gap-x-3">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          {texts.listTitle}
        </h2>
        <p className="text-slate-600">{plural(total, texts.count)}</p>
      </div>

      {rows.length === 0 ? (
        <EmptyState Icon={FolderTree} title={texts.empty} hint={texts.emptyHint} />
      ) : (
        <BusyRegion busy={loading}>
          <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-3 p-3 sm:px-4">
                {row.image !== undefined && (
                  <img
                    src={row.image?.large ?? '/placeholder.svg'}
                    srcSet={imageSrcSet(row.image)}
                    sizes="48px"
                    width={48}
                    height={48}
                    alt=""
                    loading="lazy"
                    className="size-12 shrink-0 rounded-full bg-white object-contain ring-1 ring-slate-200"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-bold break-words">
                    <bdi>{row.name}</bdi>
                  </p>
                  {row.note && <p className="text-sm text-slate-600">{row.note}</p>}
                </div>
                <div className="flex gap-2">
                  <EditLink to={groupPaths[kind].edit(row.id)} label={ag.edit} name={texts.editNamed(row.name)} />
                  <DeleteOpener
                    href={hrefWith(row.id)}
                    onOpen={() => dialog.open(row.id)}
                    label={ag.delete}
                    name={texts.deleteNamed(row.name)}
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            currentPage={pagination.currentPage}
            numberOfPages={pagination.numberOfPages}
            hrefFor={pageHrefFor}
            label={texts.pager}
          />
        </BusyRegion>
      )}

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && dialog.close()}
        title={texts.deleteTitle}
        description={deleting ? texts.deleteQuestion(deleting.name) : ''}
        fallbackFocus={heading}
      >
        <fetcher.Form method="post" className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={deleting?.id ?? ''} />
          {hydrated && <input type="hidden" name="js" value="1" />}
          <DialogCancel to={hrefWith()} alert>
            {ag.cancel}
          </DialogCancel>
          <SubmitButton pending={fetcher.state !== 'idle'} tone="danger" className="px-5">
            {ag.confirmDelete}
          </SubmitButton>
        </fetcher.Form>
      </ConfirmDialog>
    </section>
  );
}
