import { useEffect } from 'react';
import { toast } from './toasts';

/** What the action of a list page with an add form and a delete dialog answers with JavaScript. */
type ListAnswer =
  | { intent: 'add'; ok: true; name: string }
  | { intent: 'add'; ok: false }
  | { intent: 'delete'; ok: true }
  | { intent: 'delete'; ok: false; message: string };

/**
 * Toasts for the answers of such a page, once per answer: an add that worked (a failed one speaks
 * on its form) and a delete either way. A delete that worked closes its dialog by itself (the item
 * and its opener are gone from the list); a failed one closes it here.
 */
export function useListToasts(
  answer: ListAnswer | undefined,
  closeDialog: () => void,
  texts: { added: (name: string) => string; deleted: string },
) {
  // Runs for each new answer only (`closeDialog` and `texts` are new on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (answer?.intent === 'add' && answer.ok) toast.success(texts.added(answer.name));
    if (answer?.intent !== 'delete') return;
    if (answer.ok) {
      toast.success(texts.deleted);
      return;
    }
    toast.error(answer.message);
    closeDialog();
  }, [answer]);
}
