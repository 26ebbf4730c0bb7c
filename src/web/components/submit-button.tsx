import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { t } from '../i18n/ar';

type SubmitButtonProps = {
  children: ReactNode;
  /** A fetcher's form says when it is on the way; a page form follows the navigation. */
  pending?: boolean;
  pendingText?: string;
  /** Keeps the button pressed after a submission that succeeded, until the page moves on. */
  done?: boolean;
  /** On a page with several forms, the `intent` of this one: only its own submission makes it busy. */
  intent?: string;
  /** The button posts `intent` itself (`name="intent"`): a form with a button for each of its intents. */
  postsIntent?: boolean;
  /** 'danger' for a button that deletes. */
  tone?: 'primary' | 'danger';
  className?: string;
};

const tones = {
  primary: 'bg-brand-700 hover:bg-brand-600',
  danger: 'bg-red-700 hover:bg-red-800',
};

/**
 * The form's main button; while its submission is on the way it says so and cannot be pressed
 * again. It stays focusable (aria-disabled, not disabled), so keyboard focus is not lost meanwhile.
 */
export function SubmitButton({
  children,
  pending,
  pendingText = t.sending,
  done = false,
  intent,
  postsIntent = false,
  tone = 'primary',
  className = 'w-full',
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const navigating =
    navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent);
  const busy = (pending ?? navigating) || done;
  return (
    <button
      type="submit"
      {...(postsIntent ? { name: 'intent', value: intent } : {})}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className={`flex items-center justify-center gap-2 rounded-lg px-4 py-3 font-bold text-white aria-disabled:cursor-wait aria-disabled:opacity-80 ${tones[tone]} ${className}`}
    >
      {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />}
      {busy ? pendingText : children}
    </button>
  );
}
