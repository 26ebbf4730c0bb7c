import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { t } from '../i18n/ar';

/** A navigation quicker than this shows no bar: a flash at every click would be noise. */
export const PROGRESS_DELAY_MS = 300;

/**
 * A thin bar across the top of the screen while a page or a form submission takes longer than
 * PROGRESS_DELAY_MS (docs/architecture.md, Navigation progress). Indeterminate: a band slides from
 * the start side (the right in Arabic) to the end; with reduced motion it stands still, full width.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t.pageLoading}
      aria-busy="true"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
    >
      <div className="navigation-progress-band absolute inset-y-0 w-2/5 bg-brand-600 motion-reduce:start-0 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
