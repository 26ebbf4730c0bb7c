import { LayoutDashboard, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Form, Link } from 'react-router';
import { adminHome, isStaffRole } from '../../contract/staff-roles';
import type { User } from '../../contract/types';
import { authText } from '../i18n/auth';
import { menuPages } from './account-pages';
import { userMenuButtonProps } from './user-menu-button';

// The control panel opens on the dashboard for admins (docs/dashboard.md), the orders for staff (docs/staff.md).
const adminEntries = (role: string) => [{ to: adminHome(role), label: authText.adminPanel, Icon: LayoutDashboard }];

const itemClass =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-md px-3 py-2.5 text-start outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-950';

/**
 * The signed-in visitor's name in the top bar, opening their role's pages and sign-out; open from
 * the start when they pressed the plain button while this loaded.
 */
export function UserMenu({ user, openAtOnce = false }: { user: User; openAtOnce?: boolean }) {
  const entries = isStaffRole(user.role) ? adminEntries(user.role) : menuPages;
  return (
    // Not modal and not portalled: the page stays readable and the menu stays inside the banner landmark.
    <DropdownMenu.Root modal={false} defaultOpen={openAtOnce}>
      <DropdownMenu.Trigger {...userMenuButtonProps(user)} />
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className="z-50 min-w-56 rounded-xl bg-white p-1.5 text-slate-800 shadow-lg ring-1 ring-slate-200"
      >
        <DropdownMenu.Label className="px-3 pt-2 pb-2.5 text-sm">
          <bdi className="block truncate font-bold text-slate-900">{user.name}</bdi>
          <bdi className="block truncate text-slate-600">{user.email}</bdi>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        {entries.map(({ to, label, Icon }) => (
          <DropdownMenu.Item key={to} asChild>
            <Link to={to} className={itemClass}>
              <Icon aria-hidden="true" className="size-4 text-slate-500" />
              {label}
            </Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <Form method="post" action="/logout">
          {/* Keep the menu open on select: closing it would remove the form before it submits. */}
          <DropdownMenu.Item asChild onSelect={(event) => event.preventDefault()}>
            <button type="submit" className={`${itemClass} text-red-700 data-[highlighted]:text-red-800`}>
              <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {authText.logout}
            </button>
          </DropdownMenu.Item>
        </Form>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
