import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { authText } from '../i18n/auth';

/** The form's main button; while its submission is on the way it says so and cannot be pressed again. */
export function SubmitButton({ children }: { children: ReactNode }) {
  const pending = useNavigation().state === 'submitting';
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-600 disabled:cursor-wait disabled:opacity-80"
    >
      {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {pending ? authText.pending : children}
    </button>
  );
}
