import { CloudOff, RotateCw, ServerCrash } from 'lucide-react';
import type { MouseEvent } from 'react';
import { isRouteErrorResponse, useLocation, useRevalidator } from 'react-router';
import { t } from '../i18n/ar';
import { NotFound } from './not-found';

/** The root's error boundary: a missing page, or one that failed to load. */
export function PageErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <PageError kind={pageErrorKindOf(error)} />;
}

/** What went wrong with a page, as a person can act on it (a missing page is components/not-found.tsx). */
export type PageErrorKind = 'offline' | 'server';

/**
 * A page that could not load: the browser could not reach the shop (a failed fetch of the page's
 * data, or the browser says it is offline), or the shop answered with a failure.
 */
function pageErrorKindOf(error: unknown): PageErrorKind {
  if (isRouteErrorResponse(error)) return 'server';
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return offline || isFailedFetch(error) ? 'offline' : 'server';
}

/**
 * A request that never reached the shop, as browsers word it (Chromium «Failed to fetch», Firefox
 * «NetworkError…», Safari «Load failed»); any other TypeError is a fault of the page itself.
 */
const isFailedFetch = (error: unknown) =>
  error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);

const texts = {
  offline: { title: t.offlineTitle, text: t.offlineText, Icon: CloudOff },
  server: { title: t.serverErrorTitle, text: t.serverErrorText, Icon: ServerCrash },
} as const;

/**
 * Says in Arabic why the page did not load and offers «إعادة المحاولة» (docs/architecture.md, Failed
 * page loads). It is a link to the same address, so it works before JavaScript; once JavaScript runs it
 * asks for the page's data again in place (the shop's header and the cart stay as they are).
 */
function PageError({ kind }: { kind: PageErrorKind }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  const { title, text, Icon } = texts[kind];

  const retry = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modified click) opens the address as a link does.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!retrying) revalidator.revalidate();
  };

  return (
    <section aria-labelledby="page-error-heading" className="mx-auto max-w-lg py-16 text-center">
      <title>{`${title} | متجر`}</title>
      <meta name="robots" content="noindex" />
      <Icon aria-hidden="true" className="mx-auto mb-4 size-14 text-slate-400" />
      <h1 id="page-error-heading" className="mb-3 text-2xl font-bold">
        {title}
      </h1>
      <p className="mb-6 leading-7 text-slate-600">{text}</p>
      <a
        href={`${location.pathname}${location.search}`}
        onClick={retry}
        aria-disabled={retrying || undefined}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-600"
      >
        <RotateCw
          aria-hidden="true"
          className={`size-5 ${retrying ? 'animate-spin motion-reduce:animate-none' : ''}`}
        />
        {retrying ? t.retrying : t.retry}
      </a>
    </section>
  );
}
