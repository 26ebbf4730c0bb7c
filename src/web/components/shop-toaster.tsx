import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { t } from '../i18n/ar';
import { toasterMounted } from '../lib/toasts';

/** sonner's Toaster, loaded with the first toast (src/web/lib/toasts.tsx). */
export default function ShopToaster() {
  // The Toaster, a child, has subscribed in its own effect, which runs before this one.
  useEffect(() => toasterMounted(toast), []);
  return (
    <Toaster
      dir="rtl"
      position="top-center"
      duration={5000}
      richColors
      closeButton
      customAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeNotification }}
    />
  );
}
