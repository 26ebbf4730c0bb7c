import { lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/*
 * Toasts with sonner loaded on the visitor's first press or the first message, whichever comes
 * first (issue 31: most visits show none, so no page fetches sonner before it is used). `toast.success(…)` queues its message until <Toasts /> (in the root) has
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

/**
 * Called by the loaded Toaster once it listens: the queued messages are shown, in order. The
 * returned cleanup runs when it unmounts (the root error page mounts the layout anew): later
 * messages queue again and wake the next <Toasts />.
 */
export function toasterMounted(toastOfSonner: typeof sonnerToast) {
  shown = toastOfSonner;
  for (const { kind, text, options } of queued.splice(0)) toastOfSonner[kind](text, options);
  return () => {
    shown = null;
  };
}

/**
 * When sonner's file cannot be loaded (a deploy replaced it, the connection dropped), the messages
 * still reach the person: the latest few in a plain live region, instead of an error page.
 */
function PlainToasts() {
  const [messages, setMessages] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    let next = 0;
    const take = () =>
      setMessages((earlier) => [...earlier, ...queued.splice(0).map(({ text }) => ({ id: next++, text }))].slice(-3));
    take();
    wake = take;
    return () => {
      wake = null;
    };
  }, []);
  return (
    <div role="status" className="fixed inset-x-2 top-2 z-50 flex flex-col gap-2">
      {messages.map(({ id, text }) => (
        <p key={id} className="rounded-md border bg-background p-3 text-sm shadow">
          {text}
        </p>
      ))}
    </div>
  );
}

const loadToaster = () => import('../components/shop-toaster');
const ShopToaster = lazy(() => loadToaster().catch(() => ({ default: PlainToasts })));

/** Where toasts appear: nothing until the first toast asks for sonner. */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    wake = () => setWanted(true);
    if (queued.length > 0) setWanted(true);
    // Fetched when the visitor first acts (a click or tap, a mouse or pen press, Enter or Space),
    // ahead of the message it may bring, which then shows at once rather than after a round trip
    // (a message shown before moving on would lose that time). A touch that scrolls, or a key that
    // moves focus or the page, is no action: a visit that only reads fetches no toaster.
    const acts = (event: Event) =>
      event instanceof KeyboardEvent
        ? event.key === 'Enter' || event.key === ' '
        : !(event instanceof PointerEvent) || event.type === 'click' || event.pointerType !== 'touch';
    const warmOn = ['pointerdown', 'click', 'keydown'] as const;
    const stop = () => {
      for (const type of warmOn) window.removeEventListener(type, warm, true);
    };
    function warm(event: Event) {
      if (!acts(event)) return;
      stop();
      // In a task of its own: the press is answered first.
      setTimeout(() => void loadToaster().catch(() => {}), 0);
    }
    for (const type of warmOn) window.addEventListener(type, warm, true);
    return () => {
      wake = null;
      stop();
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ShopToaster />
    </Suspense>
  ) : null;
}
