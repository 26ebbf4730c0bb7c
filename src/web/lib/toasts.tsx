import { lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/*
 * Toasts with sonner loaded on the first one (issue 31: most visits show none, so no page ships
 * sonner up front). `toast.success(…)` queues its message until <Toasts /> (in the root) has
 * loaded and mounted sonner's Toaster, then shows it; later calls go straight to sonner.
 */

type Kind = 'success' | 'error' | 'warning' | 'info';
type Queued = { kind: Kind; text: string; options: ExternalToast | undefined };

const queued: Queued[] = [];
let shown: typeof sonnerToast | null = null;
let wake: (() => void) | null = null;

function show(kind: Kind, text: string, options?: ExternalToast) {
  if (shown) {
    shown[kind](text, options);
    return;
  }
  queued.push({ kind, text, options });
  wake?.();
}

export const toast: Record<Kind, (text: string, options?: ExternalToast) => void> = {
  success: (text, options) => show('success', text, options),
  error: (text, options) => show('error', text, options),
  warning: (text, options) => show('warning', text, options),
  info: (text, options) => show('info', text, options),
};

/** Called by the loaded Toaster once it listens: the queued messages are shown, in order. */
export function toasterMounted(toastOfSonner: typeof sonnerToast) {
  shown = toastOfSonner;
  for (const { kind, text, options } of queued.splice(0)) toastOfSonner[kind](text, options);
}

const ShopToaster = lazy(() => import('../components/shop-toaster'));

/** Where toasts appear: nothing until the first toast asks for sonner. */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    wake = () => setWanted(true);
    if (queued.length > 0) setWanted(true);
    return () => {
      wake = null;
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ShopToaster />
    </Suspense>
  ) : null;
}
