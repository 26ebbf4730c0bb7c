import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import type { ShownVisitor } from '../contract/transport';
import appCss from './app.css?inline';
import { CartCount } from './components/top-bar';
import { UserMenuButton } from './components/user-menu-button';
import { laterPartsLoaded } from './lib/below-the-fold';
import { NonceContext } from './lib/nonce';
import { pageBody } from './lib/page-body.server';
import { scriptsAfterFirstPaint } from './lib/scripts-after-paint.server';
import { type PersonalSlot, SharedVisitorContext } from './lib/shown-visitor';
import { StylesheetContext } from './lib/stylesheet';

export const streamTimeout = 5_000;

/**
 * A visitor's parts of a page kept for every customer, or every guest holding a basket, drawn as
 * the top bar draws them before React runs (components/top-bar.tsx); the server writes them into
 * the kept bytes (src/server/cache/shared-pages.ts). Null: the slot stays as the page was
 * rendered (a guest's account slot is the sign-in link every guest sees).
 */
export function personalSlots(visitor: ShownVisitor): Record<PersonalSlot, string | null> {
  return {
    account: visitor.user ? renderToString(<UserMenuButton user={visitor.user} />) : null,
    'cart-count': renderToString(<CartCount count={visitor.cartCount} />),
  };
}

/**
 * React Router's default Node entry, plus the page's CSP nonce on every inline script: those React
 * streams (renderToPipeableStream's `nonce`), React Router's hydration data (ServerRouter's) and,
 * through NonceContext, <Scripts> and <ScrollRestoration> in the root layout. Its scripts start
 * once the first screen is drawn, rewritten on the way out (lib/scripts-after-paint.server.ts). The stylesheet goes
 * to the root layout the same way (lib/stylesheet.ts), to be written inline, and so does the
 * nobody a page kept for every customer, or every guest holding a basket, is rendered for
 * (lib/shown-visitor.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  await laterPartsLoaded();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={appCss}>
          <SharedVisitorContext.Provider value={loadContext.sharedVisitor}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </SharedVisitorContext.Provider>
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A part done when the page is sent is written in place, however large (React would move
        // one past 12.8 KB of page to the end, for a script to put back: without JavaScript it
        // would stay hidden).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html');
          const html = scriptsAfterFirstPaint(routerContext.manifest.entry.imports);
          const body = pageBody(html, () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          pipe(html);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router's document handler; a render
          // stopped because the visitor left (lib/page-body.server.ts) is no error.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
