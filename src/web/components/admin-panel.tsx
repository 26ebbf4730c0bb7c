import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled box of a staff page (the order's, the customer's), named by its heading. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One fact of a Panel: its term, its value in bold. */
export function Detail({ Icon, term, children }: { Icon?: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-sm text-slate-600">
        {Icon && <Icon aria-hidden="true" className="size-4" />}
        {term}
      </dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}
