import arabicRegular from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import arabicBold from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';
import latinRegular from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url';
import { Direction } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
  data as withHeaders,
} from 'react-router';
import { visitorDataSlot } from '../contract/constants';
import type { Route } from './+types/root';
import { NavigationProgress } from './components/navigation-progress';
import { PageErrorBoundary } from './components/page-error';
import { TopBar } from './components/top-bar';
import { t } from './i18n/ar';
import { belowTheFold, Later } from './lib/below-the-fold';
import { basketCountFor } from './lib/cart.server';
import { useNonce } from './lib/nonce';
import { readSessionToken } from './lib/session.server';
import { useShownVisitor } from './lib/shown-visitor';
import { stylesheetElementId, useStylesheet } from './lib/stylesheet';
import { takeFlashToast } from './lib/toast.server';
import { Toasts } from './lib/toasts';
import { useFlashToast } from './lib/use-flash-toast';

/**
 * The font files nearly every page draws with, fetched with the page rather than after its first
 * layout (the stylesheet is inline, lib/stylesheet.ts).
 */
export const links: Route.LinksFunction = () =>
  [arabicRegular, arabicBold, latinRegular].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  }));

export async function loader({ request, context }: Route.LoaderArgs) {
  // A page kept for every customer, or every guest holding a basket, names none of them: each
  // visitor is written into it as it is served (lib/shown-visitor.ts). Such a render has no toast to take (src/server/cache/shared-pages.ts).
  if (context.sharedVisitor) {
    return {
      user: null,
      shop: context.shop,
      cartCount: 0,
      favoriteIds: [],
      toast: null,
      shared: true,
      visitorJson: visitorDataSlot(context.cspNonce),
    };
  }
  // A stale or revoked token simply shows the visitor as a guest; so does one that cannot be read
  // now (the page's own loaders say the shop is unavailable).
  const token = readSessionToken(request);
  const visitor = token ? await context.visitor(token).catch(() => null) : null;
  const cartCount = visitor ? visitor.cartCount : await basketCountFor(request, context);
  const { toast, headers } = takeFlashToast(request);
  return withHeaders(
    {
      user: visitor?.user ?? null,
      shop: context.shop,
      cartCount,
      favoriteIds: visitor?.favoriteIds ?? [],
      toast,
      shared: false,
      visitorJson: null,
    },
    { headers },
  );
}

/** The footer: below the fold, so not among a page's first files (lib/below-the-fold.tsx). */
const footer = belowTheFold(() => import('./components/footer').then(({ Footer }) => Footer));

type RootData = ReturnType<typeof useRouteLoaderData<typeof loader>>;
/** The root data this browser tab last had; never kept on the server, where it would be another visitor's. */
let lastRootData: RootData;

/**
 * A page whose data request failed (the connection dropped, the server erred) loses the root
 * loader's data too, and the layout is drawn anew: the header keeps the customer this tab last
 * knew. A page first opened with the root loader failing has no such memory: a guest's header.
 */
function useLastRootData(fresh: RootData): RootData {
  // Signing out forgets the customer at once, whatever becomes of the next page's load.
  const signingOut = useNavigation().formAction === '/logout';
  if (typeof document === 'undefined') return fresh;
  if (signingOut) lastRootData = undefined;
  else if (fresh) lastRootData = fresh;
  return fresh ?? lastRootData;
}

export function Layout({ children }: { children: ReactNode }) {
  // Marks the page as interactive once React has taken over (error pages included); browser
  // tests wait for it before they type or click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const fresh = useRouteLoaderData<typeof loader>('root');
  const data = useLastRootData(fresh);
  const nonce = useNonce();
  const stylesheet = useStylesheet();
  const visitor = useShownVisitor(data);
  useFlashToast(fresh?.toast);
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style
          id={stylesheetElementId}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet (lib/stylesheet.ts), not user input; React would escape its quotes and >
          dangerouslySetInnerHTML={{ __html: stylesheet }}
        />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <Direction.Provider dir="rtl">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            {t.skipToContent}
          </a>
          <TopBar user={visitor.user} cartCount={visitor.cartCount} shopName={data?.shop.name ?? 'متجر'} />
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
            <NavigationProgress />
            {children}
          </main>
          <Later part={footer} props={{ shop: data?.shop }} />
          <Toasts />
        </Direction.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * A page that is missing or failed to load, said inside the shop's layout (components/page-error.tsx);
 * the header keeps the signed-in customer as the layout last knew them.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} />;
}
