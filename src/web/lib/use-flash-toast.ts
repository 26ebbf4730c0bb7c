import { useEffect } from 'react';
import type { FlashToast } from './toast';
import { toast } from './toasts';

/** Shows the toast an action left for this page (once: sonner ignores a repeated id). */
export function useFlashToast(flash: FlashToast | null | undefined) {
  useEffect(() => {
    if (!flash) return;
    toast[flash.type](flash.text, { id: flash.id });
  }, [flash]);
}
