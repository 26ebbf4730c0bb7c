import { ChevronDown, UserRound } from 'lucide-react';
import type { User } from '../../contract/types';
import { t } from '../i18n/ar';

/**
 * The signed-in visitor's button in the top bar. The menu it opens (user-menu.tsx, Radix) loads
 * on its own after the page: until then this same button shows, so nothing moves (issue 31).
 */
export const userMenuButtonProps = (user: Pick<User, 'name'>) => ({
  'aria-label': `${t.accountMenu}: ${user.name}`,
  className: 'flex max-w-40 items-center gap-1.5 rounded-md py-1 hover:text-brand-100 sm:max-w-56',
  children: (
    <>
      <UserRound aria-hidden="true" className="size-5 shrink-0" />
      <bdi className="truncate">{user.name}</bdi>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
    </>
  ),
});

/**
 * The button while the menu's code loads (and without JavaScript, where the menu cannot open
 * either); pressed meanwhile, it asks for the menu to open once loaded.
 */
export function UserMenuButton({ user, onPress }: { user: Pick<User, 'name'>; onPress?: () => void }) {
  return (
    <button type="button" aria-haspopup="menu" aria-expanded={false} onClick={onPress} {...userMenuButtonProps(user)} />
  );
}
