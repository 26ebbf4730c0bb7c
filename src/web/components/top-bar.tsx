import { LogIn, ShoppingCart } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '../../contract/types';
import { t } from '../i18n/ar';
import { productsCount } from '../i18n/counts';
import { Later, whenUsed } from '../lib/below-the-fold';
import { formatNumber } from '../lib/format';
import { plural } from '../lib/plural';
import { rememberedWord, showsUrlKeyword } from '../lib/search-word';
import type { PersonalSlot } from '../lib/shown-visitor';
import { useHydrated } from '../lib/use-hydrated';
import { UserMenuButton } from './user-menu-button';

/** Radix's menu and its positioning load only for a signed-in visitor, after the page (issue 31). */
const UserMenu = lazy(() => import('./user-menu').then(({ UserMenu }) => ({ default: UserMenu })));

type TopBarProps = { user: User | null; cartCount: number; shopName: string };

/**
 * A part of the header that differs between the customers one kept page is served to: the server
 * fills it per request with the same component (src/server/cache/shared-pages.ts, entry.server.tsx).
 */
function Slot({ name, children }: { name: PersonalSlot; children: ReactNode }) {
  return <matjar-slot data-slot={name}>{children}</matjar-slot>;
}

/** The cart link's count: its words for screen readers and its badge. */
export function CartCount({ count }: { count: number }) {
  return (
    <>
      <span className="sr-only">{`${t.cart}، ${plural(count, productsCount)}`}</span>
      <span
        aria-hidden="true"
        className="absolute -top-2 -start-3 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5"
      >
        {formatNumber(count)}
      </span>
    </>
  );
}

/**
 * The search box: a plain GET form in the server's HTML, which works before its code is in; its
 * suggestions come with its code, loaded when the box is first used (lib/below-the-fold.tsx).
 */
const searchForm = whenUsed(() => import('./search-form').then(({ SearchForm }) => SearchForm));

export function TopBar({ user, cartCount, shopName }: TopBarProps) {
  // The server's HTML and the first render show the plain button; Radix's menu takes over after.
  const hydrated = useHydrated();
  // Pressed before Radix's menu loaded: it opens as soon as it has.
  const [menuAsked, setMenuAsked] = useState(false);
  const askForMenu = () => setMenuAsked(true);
  const { pathname } = useLocation();
  // What the box shows comes with its code: the listing's keyword, elsewhere the last word searched
  // (a returning searcher's browser most often has that code already).
  useEffect(() => {
    if (showsUrlKeyword(pathname) || rememberedWord()) searchForm.load();
  }, [pathname]);
  return (
    <header data-top-bar className="sticky top-0 z-40 bg-slate-900 text-white shadow print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap">
        <Link to="/" className="text-2xl font-bold text-white" aria-label={`${shopName} — ${t.home}`}>
          {shopName}
        </Link>
        <Later part={searchForm} props={{}} />
        <nav className="ms-auto flex items-center gap-4 sm:ms-0">
          <Slot name="account">
            {user ? (
              hydrated ? (
                <Suspense fallback={<UserMenuButton user={user} onPress={askForMenu} />}>
                  <UserMenu user={user} openAtOnce={menuAsked} />
                </Suspense>
              ) : (
                <UserMenuButton user={user} onPress={askForMenu} />
              )
            ) : (
              <Link to="/login" className="flex items-center gap-1.5 hover:text-brand-100">
                <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                {t.login}
              </Link>
            )}
          </Slot>
          <Link to="/cart" className="relative flex items-center gap-1.5 hover:text-brand-100">
            <ShoppingCart aria-hidden="true" className="size-5" />
            <span aria-hidden="true">{t.cart}</span>
            <Slot name="cart-count">
              <CartCount count={cartCount} />
            </Slot>
          </Link>
        </nav>
      </div>
    </header>
  );
}
