import { useEffect } from 'react';
import { toast } from 'sonner';
import type { FlashToast } from './toast';

/** Shows the toast an action left for this page (once: sonner ignores a repeated id). */
export function useFlashToast(flash: FlashToast | null | undefined) {
  useEffect(() => {
    if (!flash) return;
    toast[flash.type](flash.text, { id: flash.id });
  }, [flash]);
}
