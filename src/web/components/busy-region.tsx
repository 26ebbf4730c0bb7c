import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { c } from '../i18n/catalog';

/** True while a navigation to another URL of this same screen loads (a page, a filter, a sort). */
export function useLoadingHere(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
}

/** Keeps the current results in place, dimmed, with a spinner while the next ones load. */
export function BusyRegion({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="relative" aria-busy={busy || undefined}>
      <div className={`transition-opacity ${busy ? 'pointer-events-none opacity-40' : ''}`}>{children}</div>
      {busy && (
        <div className="absolute inset-x-0 top-0 flex justify-center pt-16">
          <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-600" />
        </div>
      )}
      <p role="status" className="sr-only">
        {busy ? c.loading : ''}
      </p>
    </div>
  );
}
