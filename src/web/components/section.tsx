import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../i18n/ar';

type SectionProps = { id: string; title: string; moreHref?: string; children: ReactNode };

/** A titled home-page block with an optional 'more' link. */
export function Section({ id, title, moreHref, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="my-8">
      <div className="mb-4 flex items-center justify-between">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {moreHref && (
          <Link to={moreHref} className="flex items-center gap-1 text-sm font-bold text-brand-700 hover:underline">
            {t.more}
            <span className="sr-only">: {title}</span>
            <ChevronLeft aria-hidden="true" className="size-4 ltr:-scale-x-100" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
