/**
 * What the visitor did in the server's HTML of a part, and how it carries over to the part React
 * draws in its place (lib/below-the-fold.tsx). Loaded with the first part's code, not among the
 * page's first files.
 */

/** What the visitor did in the server's HTML of a part: where focus was, and what they changed in its fields. */
export type VisitorsDoings = {
  /** The focused element's place among the part's elements, with its text selection if any. */
  focus: { index: number; tag: string; selection: [number, number] | null } | null;
  /** Each changed field's place among the part's fields, and what it holds. */
  fields: { index: number; tag: string; type: string; value: string; checked: boolean }[];
};

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const fieldsOf = (holder: HTMLElement) => [...holder.querySelectorAll<Field>('input, textarea, select')];
const isToggle = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether a field holds something other than the server's HTML gave it. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

export function visitorsDoingsIn(holder: HTMLElement): VisitorsDoings {
  const active = document.activeElement;
  const index = active && holder.contains(active) ? [...holder.querySelectorAll('*')].indexOf(active) : -1;
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? textSelection(active) : null;
  return {
    focus: active && index >= 0 ? { index, tag: active.tagName, selection } : null,
    fields: fieldsOf(holder).flatMap((field, fieldIndex) =>
      changed(field)
        ? [
            {
              index: fieldIndex,
              tag: field.tagName,
              type: field.type,
              value: field.value,
              checked: field instanceof HTMLInputElement && field.checked,
            },
          ]
        : [],
    ),
  };
}

/** A text field's selection; null where the field has none (a number or an e-mail field throws). */
function textSelection(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null
      ? null
      : [field.selectionStart, field.selectionEnd];
  } catch {
    return null;
  }
}

/**
 * Gives the part React drew the visitor's changes and focus, as events React hears (so its state
 * follows, as if typed): a value through the field's own setter and an `input` or `change` event; a
 * box or a choice by a click. An element whose tag differs at that place is left alone.
 */
export function carryOver({ focus, fields }: VisitorsDoings, holder: HTMLElement) {
  carryOverFields(fields, holder);
  if (!focus) return;
  const element = holder.querySelectorAll('*')[focus.index];
  if (!(element instanceof HTMLElement) || element.tagName !== focus.tag) return;
  element.focus({ preventScroll: true });
  if (focus.selection && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    element.setSelectionRange(...focus.selection);
}

/** The fields' part of `carryOver`; a field already holding what it held is left alone. */
export function carryOverFields(fields: VisitorsDoings['fields'], holder: HTMLElement) {
  const drawn = fieldsOf(holder);
  for (const was of fields) {
    const field = drawn[was.index];
    if (!field || field.tagName !== was.tag || field.type !== was.type) continue;
    if (isToggle(field)) {
      if ((field as HTMLInputElement).checked !== was.checked) field.click();
      continue;
    }
    if (field.value === was.value) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setValue?.call(field, was.value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}
