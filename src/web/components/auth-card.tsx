import type { ReactNode } from 'react';

type AuthCardProps = { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The narrow card that holds the sign-in, sign-up and password recovery forms. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md sm:py-6">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        {intro && <p className="mb-6 text-slate-600">{intro}</p>}
        {children}
      </div>
      {footer && <div className="mt-5 text-center text-slate-700">{footer}</div>}
    </div>
  );
}
