import { createContext, useContext } from 'react';
import { VISITOR_DATA_SLOT, VISITOR_SCRIPT_ID } from '../../contract/constants';
import type { ShownVisitor } from '../../contract/transport';
import { useHydrated } from './use-hydrated';

/*
 * Who a page shows in its header and hearts. A catalogue page a customer, or a guest holding a
 * basket, opens is rendered once and kept for every such visitor (docs/caching.md § Customers'
 * pages): its root data names nobody (`shared`), the server writes each visitor into the page's
 * `<head>` (a JSON script) and into its header's slots, and the browser reads them from there.
 * The next pages' data (`.data`) are kept the same way, with the visitor's JSON written over the
 * root data's `visitorJson`.
 */

/** The root loader's answer as far as the visitor goes (src/web/root.tsx). */
export type RootVisitorData = ShownVisitor & { shared: boolean; visitorJson: string | null };

export const GUEST: ShownVisitor = { user: null, cartCount: 0, favoriteIds: [] };

/** The header's parts that differ between visitors of one shared page, filled per request. */
export const PERSONAL_SLOTS = ['account', 'cart-count'] as const;
export type PersonalSlot = (typeof PERSONAL_SLOTS)[number];

/** Server only: the visitor a shared page is being rendered for (entry.server.tsx); never serialised. */
export const SharedVisitorContext = createContext<ShownVisitor | undefined>(undefined);

let documentVisitor: ShownVisitor | undefined;
/** The visitor the server wrote into this document, read once (a guest's page has none). */
function visitorOfDocument(): ShownVisitor {
  if (!documentVisitor) {
    const json = document.getElementById(VISITOR_SCRIPT_ID)?.textContent;
    documentVisitor = json ? (JSON.parse(json) as ShownVisitor) : GUEST;
  }
  return documentVisitor;
}

let written: { json: string; visitor: ShownVisitor } | undefined;
/** The visitor the server wrote into a shared answer's data, parsed once; none for a page's (still the slot). */
function writtenVisitor(json: string | null): ShownVisitor | undefined {
  if (json === null || json.startsWith(VISITOR_DATA_SLOT)) return undefined;
  if (written?.json !== json) written = { json, visitor: JSON.parse(json) as ShownVisitor };
  return written.visitor;
}

/** The visitor a page shows: its root data's, or for a shared answer the one it was served to. */
export function useShownVisitor(root: RootVisitorData | undefined): ShownVisitor {
  const rendering = useContext(SharedVisitorContext);
  if (!root) return GUEST;
  if (!root.shared) return root;
  if (typeof document === 'undefined') return rendering ?? GUEST;
  return writtenVisitor(root.visitorJson) ?? visitorOfDocument();
}

const NONE: readonly string[] = [];

/**
 * The visitor's favourites as the hearts show them. A shared page draws every heart empty, as it
 * is the same for each of its visitors, and the browser fills a customer's once React runs (until then a
 * style the server writes per visitor colours them).
 */
export function useFavoriteIds(root: RootVisitorData | undefined): readonly string[] {
  const visitor = useShownVisitor(root);
  const hydrated = useHydrated();
  return root?.shared && !hydrated ? NONE : visitor.favoriteIds;
}
