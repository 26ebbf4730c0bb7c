import type { AppLoadContext } from 'react-router';
import type { ApiTransport, PageVisitor, ShopInfo, ShownVisitor } from '../../contract/transport.js';
import { createApiClient } from './api.js';
import { readSessionToken } from './session.server.js';

declare module 'react-router' {
  interface AppLoadContext {
    apiTransport: ApiTransport;
    shop: ShopInfo;
    /** This page's Content-Security-Policy nonce, for the inline scripts React Router writes. */
    cspNonce: string;
    /**
     * The signed-in visitor of this session token as the header shows them, or null (a token the
     * API refuses), read from the shop's services with the page's one check of the token.
     */
    visitor: (token: string) => Promise<PageVisitor | null>;
    /**
     * The lines of the guest basket a key names (0 for none), as its `numOfCartItems` counts them,
     * in one small query rather than the whole priced basket: the header's badge.
     */
    basketCount: (key: string) => Promise<number>;
    /**
     * Set when this page is rendered to be kept for every customer, or every guest holding a
     * basket (docs/caching.md § Customers' pages): the nobody it is rendered for, whom the page's
     * data must not name.
     */
    sharedVisitor?: ShownVisitor;
  }
}

/**
 * The API client for this request, signed in as the visitor when their cookie holds a token. In
 * the admin its catalogue reads go signed in as well, never from a guest's kept answer, so a
 * screen shows what was just saved whichever process serves it (docs/caching.md).
 */
export function apiFor(request: Request, context: AppLoadContext) {
  const inAdmin = new URL(request.url).pathname.startsWith('/admin');
  return createApiClient(context.apiTransport, readSessionToken(request), !inAdmin);
}
