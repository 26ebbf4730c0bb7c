import { LogIn, ShoppingCart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { User } from '../../contract/types';
import { t } from '../i18n/ar';
import { cartText } from '../i18n/cart';
import { formatNumber } from '../lib/format';
import { plural } from '../lib/plural';
import { SearchForm } from './search-form';
import { UserMenuButton } from './user-menu-button';

/** Radix's menu and its positioning load only for a signed-in visitor, after the page (issue 31). */
const UserMenu = lazy(() => import('./user-menu').then(({ UserMenu }) => ({ default: UserMenu })));

type TopBarProps = { user: User | null; cartCount: number; shopName: string };

export function TopBar({ user, cartCount, shopName }: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 bg-slate-900 text-white shadow print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap">
        <Link to="/" className="text-2xl font-bold text-white" aria-label={`${shopName} — ${t.home}`}>
          {shopName}
        </Link>
        <SearchForm />
        <nav className="ms-auto flex items-center gap-4 sm:ms-0">
          {user ? (
            <Suspense fallback={<UserMenuButton user={user} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <Link to="/login" className="flex items-center gap-1.5 hover:text-brand-100">
              <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              {t.login}
            </Link>
          )}
          <Link
            to="/cart"
            className="relative flex items-center gap-1.5 hover:text-brand-100"
            aria-label={`${t.cart}، ${plural(cartCount, cartText.itemsCount)}`}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            <span aria-hidden="true">{t.cart}</span>
            <span
              aria-hidden="true"
              className="absolute -top-2 -start-3 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5"
            >
              {formatNumber(cartCount)}
            </span>
          </Link>
        </nav>
      </div>
    </header>
  );
}
