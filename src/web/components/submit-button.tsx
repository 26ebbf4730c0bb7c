import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { authText } from '../i18n/auth';

type SubmitButtonProps = {
  children: ReactNode;
  /** On a page with several forms, the `intent` of this one: only its own submission makes it busy. */
  intent?: string;
  variant?: 'primary' | 'danger';
  /** Width and placement; full width unless told otherwise. */
  className?: string;
};

const variants = {
  primary: 'bg-brand-700 hover:bg-brand-600',
  danger: 'bg-red-700 hover:bg-red-600',
} as const;

/** The form's main button; while its submission is on the way it says so and cannot be pressed again. */
export function SubmitButton({ children, intent, variant = 'primary', className = 'w-full' }: SubmitButtonProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent);
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className={`flex items-center justify-center gap-2 rounded-lg px-4 py-3 font-bold text-white disabled:cursor-wait disabled:opacity-80 ${variants[variant]} ${className}`}
    >
      {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {pending ? authText.pending : children}
    </button>
  );
}
