import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { pt } from '../i18n/product';

export type BreadcrumbItem = { name: string; to: string };

/** Where a page sits: links to its parents, then the page itself. */
export function Breadcrumbs({ items, current }: { items: readonly BreadcrumbItem[]; current: string }) {
  return (
    <nav aria-label={pt.breadcrumb} className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item) => (
          <li key={item.to} className="flex items-center gap-1">
            <Link to={item.to} className="hover:text-brand-700 hover:underline">
              {item.name}
            </Link>
            <ChevronLeft aria-hidden="true" className="size-4 ltr:-scale-x-100" />
          </li>
        ))}
        <li aria-current="page" className="line-clamp-1 font-bold text-slate-800">
          {current}
        </li>
      </ol>
    </nav>
  );
}
