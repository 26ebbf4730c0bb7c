import { useEffect } from 'react';
import { toast } from './toasts';

/** `warning`: done, but not as asked (a quantity cut to the stock). */
type Outcome = { ok: true; message: string; warning?: true } | { ok: false; error: string };

/** Shows an action's answer as a toast, once per answer (a fetcher's new data is a new object). */
export function useOutcomeToast(outcome: Outcome | undefined, { errors = true } = {}) {
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) {
      if (outcome.message) (outcome.warning ? toast.warning : toast.success)(outcome.message);
    } else if (errors) {
      toast.error(outcome.error);
    }
  }, [outcome, errors]);
}
