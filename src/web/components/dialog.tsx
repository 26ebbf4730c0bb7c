import { AlertDialog, Dialog } from 'radix-ui';
import { type ComponentProps, type ReactNode, type RefObject, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';

const overlayClass = 'fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-950/50 p-4';
const panelClass = 'w-full max-w-md rounded-2xl bg-white p-5 text-start shadow-xl outline-none sm:p-6';

type DialogFrameProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Where focus goes on closing when the opener is gone (say a list's heading). */
  fallbackFocus?: RefObject<HTMLElement | null>;
};

/**
 * Focus goes back to whatever opened the dialog. Our openers are links (so they work before
 * JavaScript loads, see below), not Radix triggers, so Radix does not know them. When the opener
 * is gone (the deleted item took its button with it), focus goes to `fallback` instead of the page.
 */
function useReturnFocus(fallback: RefObject<HTMLElement | null> | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.current;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/*
 * Both dialogs render in place rather than in a portal: a dialog opened by the URL (`?edit=1`,
 * `?delete=<id>`, what the opener links to) is then part of the server's HTML, so editing and
 * deleting work before JavaScript loads too. The overlay is fixed, so the page layout is unaffected.
 */

/** Radix names its dialogs only once React runs; our own title id names them in the server's HTML too. */
function useTitleId() {
  const id = `${useId()}-title`;
  return { title: id, content: { 'aria-labelledby': id } };
}

/** A modal form (Radix Dialog). */
export function FormDialog({ open, onOpenChange, title, description, children, fallbackFocus }: DialogFrameProps) {
  const focus = useReturnFocus(fallbackFocus);
  const ids = useTitleId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Overlay className={overlayClass}>
        <Dialog.Content className={panelClass} {...focus} {...ids.content}>
          <Dialog.Title id={ids.title} className="mb-1 text-xl font-bold">
            {title}
          </Dialog.Title>
          <Dialog.Description className="mb-5 text-slate-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Overlay>
    </Dialog.Root>
  );
}

/** A question before something that cannot be undone (Radix AlertDialog); `children` holds the confirming form. */
export function ConfirmDialog({ open, onOpenChange, title, description, children, fallbackFocus }: DialogFrameProps) {
  const focus = useReturnFocus(fallbackFocus);
  const ids = useTitleId();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Overlay className={overlayClass}>
        <AlertDialog.Content className={panelClass} {...focus} {...ids.content}>
          <AlertDialog.Title id={ids.title} className="mb-2 text-xl font-bold">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-slate-700">{description}</AlertDialog.Description>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Overlay>
    </AlertDialog.Root>
  );
}

const cancelClass =
  'inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-bold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100';

/**
 * The dialog's way out. Before JavaScript loads it is a link to the page without the dialog; then
 * Radix's own close button (an alert dialog focuses it first, the safe choice).
 */
export function DialogCancel({ to, children, alert = false }: { to: string; children: ReactNode; alert?: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={to} className={cancelClass}>
        {children}
      </a>
    );
  }
  const Close = alert ? AlertDialog.Cancel : Dialog.Close;
  return <Close className={cancelClass}>{children}</Close>;
}

type DialogOpenerProps = Omit<ComponentProps<'button'>, 'onClick' | 'type'> & { href: string; onOpen: () => void };

/** Opens a URL dialog: a link to `href` (?edit=1) before JavaScript loads, then a button that opens it in place. */
export function DialogOpener({ href, onOpen, children, ...props }: DialogOpenerProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    const { className, 'aria-label': label } = props;
    return (
      <Link to={href} preventScrollReset className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onOpen} {...props}>
      {children}
    </button>
  );
}
