import { Outlet } from 'react-router';
import { AdminNav } from '../../components/admin-nav';
import { requireUser } from '../../lib/auth.server';
import type { Route } from './+types/layout';

/**
 * The admin area (docs/specification.md (Screens and routes: Staff pages)): a guest goes to sign in and comes back, a customer
 * goes home; staff see their places only, admins all (docs/staff.md). Each page's loader and action guard themselves as well (loaders run side by side),
 * and the API refuses anyone but staff whatever the web does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'staff');
  return { role: user.role };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
      <AdminNav role={loaderData.role} />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
