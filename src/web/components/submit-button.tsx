import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { authText } from '../i18n/auth';

/**
 * The form's main button; while its submission is on the way it says so and cannot be pressed again.
 * `disabled` keeps it pressed after a submission that succeeded, until the page moves on.
 */
export function SubmitButton({ children, disabled = false }: { children: ReactNode; disabled?: boolean }) {
  const pending = useNavigation().state === 'submitting';
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-600 disabled:cursor-wait disabled:opacity-80"
    >
      {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {pending ? authText.pending : children}
    </button>
  );
}
