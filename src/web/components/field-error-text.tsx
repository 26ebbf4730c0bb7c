import { CircleAlert } from 'lucide-react';

/*
 * Apart from the form fields (form-field.tsx) so a page whose only form is a choice of colour or
 * size (a product page) loads the message alone.
 */

type FieldErrorTextProps = {
  /** What the control's `aria-describedby` names. */
  id?: string | undefined;
  /** Nothing is drawn without one. */
  message: string | undefined;
  /** Its space from the control (Tailwind margin classes). */
  spacing?: string;
  /**
   * Keep an assertive live region in place, so a message that appears while the focus is elsewhere
   * (the file chooser just closed, a button was pressed) is read out.
   */
  live?: boolean;
  /** Read out as it appears (a field checked by the server while the person waits). */
  alert?: boolean;
};

/** A field's message: red, bold, after a warning icon that screen readers skip. Every form uses this one. */
export function FieldErrorText({ id, message, spacing = 'mt-1.5', live = false, alert = false }: FieldErrorTextProps) {
  const text = message ? (
    <p
      id={id}
      role={alert ? 'alert' : undefined}
      className={`flex items-start gap-1.5 text-sm font-bold text-red-700 ${spacing}`.trim()}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  ) : null;
  return live ? <div aria-live="assertive">{text}</div> : text;
}
