import { Link, useLocation } from 'react-router';
import { at } from '../i18n/account';
import { currentMark, sidebarPages } from './account-pages';

/**
 * The account area's four links: a column beside the content from the md breakpoint, a row of
 * four above it on a phone (icon over label, all four in view).
 */
export function AccountNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label={at.accountNav} className="min-w-0 md:sticky md:top-24 md:self-start">
      <ul className="grid grid-cols-4 gap-1.5 md:flex md:flex-col md:gap-1 md:rounded-2xl md:bg-white md:p-2 md:ring-1 md:ring-slate-200">
        {sidebarPages.map(({ to, label, Icon }) => {
          const mark = currentMark(to, pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={mark}
                className="flex h-full flex-col items-center justify-center gap-1 rounded-xl bg-white px-1 py-2 text-center text-xs font-bold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 aria-[current]:bg-brand-700 aria-[current]:text-white aria-[current]:ring-brand-700 sm:text-sm md:flex-row md:justify-start md:gap-2 md:px-3 md:py-2.5 md:text-start md:text-base md:ring-0"
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
