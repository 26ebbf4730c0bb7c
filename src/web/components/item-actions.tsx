import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Form, Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';
import { ConfirmDialog, DialogCancel, DialogOpener } from './dialog';
import { SubmitButton } from './submit-button';

/*
 * The edit and delete of an item in a list (a coupon, a zone, an address, a product, a brand…):
 * the card's two buttons, and the question the delete asks first.
 */

const actionClass =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-bold ring-1 ring-slate-300 hover:bg-slate-100';

/** A link to the item's edit page; `name` says which item to a screen reader. */
export function EditLink({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Link to={to} aria-label={name} className={`${actionClass} text-slate-800`}>
      <Pencil aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** Opens the item's delete dialog: a link to `href` before JavaScript loads, then in place. */
export function DeleteOpener({
  href,
  onOpen,
  label,
  name,
}: {
  href: string;
  onOpen: () => void;
  label: string;
  name: string;
}) {
  return (
    <DialogOpener href={href} onOpen={onOpen} aria-label={name} className={`${actionClass} text-red-700`}>
      <Trash2 aria-hidden="true" className="size-4" />
      {label}
    </DialogOpener>
  );
}

type DeleteDialogProps = {
  /** The id of the item asked about; undefined while the dialog is closed. */
  id: string | undefined;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** Where the cancel link goes before JavaScript loads: the page without its dialog. */
  cancelTo: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Where focus goes when the deleted item took its delete button with it. */
  fallbackFocus?: RefObject<HTMLElement | null>;
};

/**
 * The question before a delete, posting `intent=delete` and the id to the page's own action (a
 * page form, so it works before JavaScript loads; js=1 once it has).
 */
export function DeleteDialog({
  id,
  onClose,
  title,
  description,
  cancelTo,
  cancelLabel,
  confirmLabel,
  fallbackFocus,
}: DeleteDialogProps) {
  const hydrated = useHydrated();
  return (
    <ConfirmDialog
      open={id !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      fallbackFocus={fallbackFocus}
    >
      <Form method="post" className="flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id ?? ''} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <DialogCancel to={cancelTo} alert>
          {cancelLabel}
        </DialogCancel>
        <SubmitButton intent="delete" tone="danger" className="px-5">
          {confirmLabel}
        </SubmitButton>
      </Form>
    </ConfirmDialog>
  );
}
