import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A failure of the whole form (not of one field), announced when it appears. By default it keeps
 * its distance from the form below; inside a spaced-out form pass `className=""`.
 */
export function FormAlert({ children, className = 'mb-5' }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={`flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 font-bold text-red-800 ${className}`}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
