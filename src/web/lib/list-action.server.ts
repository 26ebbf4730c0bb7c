import { data } from 'react-router';
import { redirectWithToast } from './toast.server';

/*
 * How the action of a list page (coupons, shipping zones, addresses, products, brands…) answers an
 * add, a save or a delete. A form sent by JavaScript carries js=1 (`useHydrated`): it gets the result as
 * data (400 when it failed), the page says it in a toast and the list revalidates in place
 * (docs/decisions/0007-revalidate-instead-of-reload.md). Before JavaScript loads the page reloads
 * at `back` (without its dialog) and the outcome travels as a toast.
 */

/** A delete: either way the outcome is a toast, the deleted text or the failure's message. */
export function answerDelete<R extends { ok: true } | { ok: false; message: string }>(
  request: Request,
  form: FormData,
  result: R,
  back: string,
  deleted: string,
) {
  if (form.get('js') === '1') return data(result, { status: result.ok ? 200 : 400 });
  return redirectWithToast(request, back, {
    type: result.ok ? 'success' : 'error',
    text: result.ok ? deleted : result.message,
  });
}

/** An add or a save: a failure always stays on the page, whose form shows the typed values and the errors. */
export function answerSave<R extends { ok: boolean }>(
  request: Request,
  form: FormData,
  result: R,
  back: string,
  saved: (result: Extract<R, { ok: true }>) => string,
) {
  if (!result.ok || form.get('js') === '1') return data(result, { status: result.ok ? 200 : 400 });
  // TypeScript does not narrow a type parameter by `ok`; the line above returned every failure.
  return redirectWithToast(request, back, { type: 'success', text: saved(result as Extract<R, { ok: true }>) });
}

/** The list page's own URL without its delete dialog (`?delete=<id>`), keeping the page and the search. */
export function urlWithoutDialog(request: Request, dialogParam = 'delete'): string {
  const url = new URL(request.url);
  url.searchParams.delete(dialogParam);
  return `${url.pathname}${url.search}`;
}
