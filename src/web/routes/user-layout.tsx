import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AccountNav } from '../components/account-nav';
import { unlessPasswordChanged } from '../lib/account';
import { requireUser } from '../lib/auth.server';
import type { Route } from './+types/user-layout';

/**
 * The customer's account area (docs/specification.md (Screens and routes: Customer pages)): a guest goes to sign in and comes back,
 * staff go home. Each page's loader guards itself as well, since loaders run side by side.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'user');
  return null;
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return unlessPasswordChanged(args);
}

export default function UserLayout() {
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8">
      <AccountNav />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
