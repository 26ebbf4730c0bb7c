import { AlertDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';

type ConfirmDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Runs when the person confirms; the dialog closes at once. */
  onConfirm: () => void;
};

/**
 * A yes/no question before something that cannot be undone (Radix AlertDialog: focus trapped,
 * Escape and the cancel button close it, focus returns to the trigger). The confirm button does
 * not submit a form inside the dialog: closing the dialog would remove that form mid-submit, so
 * the caller submits from outside (a fetcher) in `onConfirm`.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="mb-2 text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-slate-700">{description}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-bold text-slate-800 hover:bg-slate-50">
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
              className="rounded-lg bg-red-700 px-4 py-2.5 font-bold text-white hover:bg-red-800"
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
