import { Printer } from 'lucide-react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The «طباعة» button of a printable page (the tax invoice, the packing slip). Printing needs
 * JavaScript: before it runs the page says how to print from the browser instead.
 */
export function PrintButton({ label, hint }: { label: string; hint: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-slate-600">{hint}</p>;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-600"
    >
      <Printer aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}
