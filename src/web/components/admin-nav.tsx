import { Link, useLocation } from 'react-router';
import { adminText } from '../i18n/admin';
import { adminMark, adminPagesFor } from './admin-pages';

/**
 * The admin sidebar: a column beside the content from the md breakpoint (tablets and desktops),
 * a wrapping row of links above it on narrower screens. Staff see only their places (docs/staff.md).
 */
export function AdminNav({ role }: { role: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={adminText.nav} className="min-w-0 md:sticky md:top-24 md:self-start">
      <ul className="flex flex-wrap gap-1.5 md:flex-col md:flex-nowrap md:gap-1 md:rounded-2xl md:bg-white md:p-2 md:ring-1 md:ring-slate-200">
        {adminPagesFor(role).map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              aria-current={adminMark(entry, pathname)}
              className="flex items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm font-bold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 aria-[current]:bg-brand-700 aria-[current]:text-white aria-[current]:ring-brand-700 md:px-3 md:py-2.5 md:text-base md:ring-0"
            >
              <entry.Icon aria-hidden="true" className="size-5 shrink-0" />
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
