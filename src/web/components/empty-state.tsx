import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { Icon: LucideIcon; title: string; hint?: string; children?: ReactNode };

/** What an empty list says (docs/specification.md (Screens and routes): 'no orders', 'no favourite products'…), with a way onwards. */
export function EmptyState({ Icon, title, hint, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <Icon aria-hidden="true" className="size-12 text-slate-400" />
      <p className="text-lg font-bold text-slate-800">{title}</p>
      {hint && <p className="max-w-sm text-slate-600">{hint}</p>}
      {children}
    </div>
  );
}
