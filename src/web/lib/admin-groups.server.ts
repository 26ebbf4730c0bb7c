import { data, redirect } from 'react-router';
import { MAX_LIST_LIMIT } from '../../contract/constants';
import type { ListEnvelope, NamedItem } from '../../contract/types';
import { ag, type GroupKind, type NamedKind } from '../i18n/admin-groups';
import { ADMIN_GROUP_PAGE_SIZE, type DeleteResult, groupPaths } from './admin-groups';
import { type ApiClient, ApiError, type Query } from './api';
import { answerDelete, urlWithoutDialog } from './list-action.server';
import { pageFrom, pageHref } from './page-href';
import { redirectWithToast } from './toast.server';

/** One screen module serves brands and categories; the path says which (route paths ignore case). */
export function namedKindOf(request: Request): NamedKind {
  return /^\/admin\/(add|edit)brand(\/|$)/i.test(new URL(request.url).pathname) ? 'brand' : 'category';
}

export const namedApi = (api: ApiClient, kind: NamedKind) => (kind === 'brand' ? api.brands : api.categories);

/** The API's multipart body: the name, and the image when one was chosen (an edit keeps the current one otherwise). */
export function namedBody(name: string, image: File | null): FormData {
  const body = new FormData();
  body.set('name', name.trim());
  if (image) body.set('image', image);
  return body;
}

/** An edit of something deleted meanwhile (in another tab, by another admin): back to its list. */
export const goneToList = (request: Request, kind: GroupKind) =>
  redirectWithToast(request, groupPaths[kind].add, { type: 'error', text: ag[kind].gone });

/**
 * The page of a list the URL asks for. Past the last page (its last row was just deleted) the
 * visitor goes to the last page there is.
 */
export async function listPage<T>(request: Request, load: (query: Query) => Promise<ListEnvelope<T>>) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const list = await load({ limit: ADMIN_GROUP_PAGE_SIZE, page });
  const last = Math.max(list.paginationResult.numberOfPages, 1);
  if (page > last) throw redirect(pageHref(url, last));
  return list;
}

/** Every category, for the parent drop-down and the sub-categories' parent names (100 a call). */
export async function allCategories(api: ApiClient): Promise<NamedItem[]> {
  const first = await api.categories.list({ limit: MAX_LIST_LIMIT, page: 1 });
  const more = Array.from({ length: first.paginationResult.numberOfPages - 1 }, (_, index) =>
    api.categories.list({ limit: MAX_LIST_LIMIT, page: index + 2 }),
  );
  return [first, ...(await Promise.all(more))].flatMap((list) => list.data);
}

/** An id that names nothing, a malformed one included. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 404);

/** For a loader: 404, so the root shows its not-found page. */
export function notFoundOnMissing(error: unknown): never {
  if (isMissing(error)) throw data(null, { status: 404 });
  throw error;
}

/** For an action: null, so it can say the item is gone; any other failure goes on up. */
export function nullIfMissing(error: unknown): null {
  if (isMissing(error)) return null;
  throw error;
}

/**
 * A delete posted from a list's confirmation dialog. The API refuses (409) while products still
 * use the item; the answer says so in the kind's own words. Without JavaScript the page reloads
 * without its dialog and the outcome travels as a toast.
 */
export async function deleteFromList(
  request: Request,
  form: FormData,
  kind: GroupKind,
  remove: (id: string) => Promise<unknown>,
) {
  const texts = ag[kind];
  const id = String(form.get('id') ?? '');
  let result: DeleteResult = { ok: true, message: texts.deleted };
  try {
    if (!id) throw new ApiError(404, undefined);
    await remove(id);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const gone = error.status === 404 || error.status === 400;
    result = {
      ok: false,
      message: error.status === 409 ? texts.stillHasProducts : gone ? texts.gone : ag.deleteFailed,
    };
  }
  return answerDelete(request, form, result, urlWithoutDialog(request), texts.deleted);
}
