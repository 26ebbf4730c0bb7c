import { Heart, MapPin, Package, UserRound } from 'lucide-react';
import { authText } from '../i18n/auth';

/** The customer's own pages, named once for the account menu and the account sidebar. */
export const accountPages = {
  orders: { to: '/user/allOrders', label: authText.orders, Icon: Package },
  favorites: { to: '/user/favorite', label: authText.favorites, Icon: Heart },
  addresses: { to: '/user/address', label: authText.addresses, Icon: MapPin },
  profile: { to: '/user/user-profile', label: authText.profile, Icon: UserRound },
} as const;

export type AccountPage = (typeof accountPages)[keyof typeof accountPages];

/** docs/specification.md (Screens and routes): the top bar's menu lists the profile first; the sidebar starts with the orders. */
export const menuPages: readonly AccountPage[] = [
  accountPages.profile,
  accountPages.orders,
  accountPages.favorites,
  accountPages.addresses,
];
export const sidebarPages: readonly AccountPage[] = [
  accountPages.orders,
  accountPages.favorites,
  accountPages.addresses,
  accountPages.profile,
];

/** Pages under an entry that are not in the sidebar themselves (the address forms belong to 'addresses'). */
const subPages: Record<string, readonly string[]> = {
  '/user/address': ['/user/add-address', '/user/edit-address/'],
};

/** How a sidebar entry marks itself: 'page' on its own page, 'true' on a page beneath it. */
export function currentMark(entry: string, pathname: string): 'page' | 'true' | undefined {
  if (pathname === entry) return 'page';
  return subPages[entry]?.some((prefix) => pathname.startsWith(prefix)) ? 'true' : undefined;
}
