import { useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { t } from '../i18n/ar';
import { toasterMounted } from '../lib/toasts';

/** Room kept between the sticky top bar and the toasts. */
const GAP_PX = 8;

/**
 * How far below the top of the window the toasts start: just under the sticky top bar
 * (components/top-bar.tsx, `data-top-bar`), which wraps to two rows on a phone. Sonner's own
 * offset would lay them over the bar, its cart link and menu included, where a shopper's tap would
 * meet the toast instead.
 */
function useBelowTopBar(): number | undefined {
  const [top, setTop] = useState<number>();
  useEffect(() => {
    const bar = document.querySelector('[data-top-bar]');
    if (!bar) return;
    const measure = () => setTop(Math.round(bar.getBoundingClientRect().height) + GAP_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return top;
}

/** sonner's Toaster, loaded with the first toast (src/web/lib/toasts.tsx). */
export default function ShopToaster() {
  // The Toaster, a child, has subscribed in its own effect, which runs before this one.
  useEffect(() => toasterMounted(toast), []);
  const top = useBelowTopBar();
  return (
    <Toaster
      dir="rtl"
      position="top-center"
      offset={top === undefined ? undefined : { top }}
      mobileOffset={top === undefined ? undefined : { top }}
      duration={5000}
      richColors
      closeButton
      customAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeNotification }}
    />
  );
}
