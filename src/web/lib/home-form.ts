import { instantOfShopDateTime } from '../../contract/dates';
import type { FormValues } from './form';

/** The slide form (docs/home-page.md): field names are the API's, so its messages land on the right field. */
export const slideFields = ['title', 'text', 'alt', 'link', 'activeFrom', 'activeUntil', 'active', 'image'] as const;
export type SlideField = (typeof slideFields)[number];

/**
 * The form's values as the API takes them: the window's edges, typed as the shop's wall clock
 * (`2026-12-01T09:00`), become instants (docs/dates.md); text that is no date is left for the check
 * to refuse. The checkbox (`on` when ticked in the browser, `true` once read by the action) is `true` or `false`.
 */
export function slideBody(values: FormValues<SlideField>, timeZone: string) {
  const edge = (value: string) => {
    if (value.trim() === '') return '';
    const instant = instantOfShopDateTime(value.trim(), timeZone);
    return instant ? instant.toISOString() : value;
  };
  return {
    title: values.title,
    text: values.text,
    alt: values.alt,
    link: values.link,
    activeFrom: edge(values.activeFrom),
    activeUntil: edge(values.activeUntil),
    active: values.active === 'true' || values.active === 'on' ? 'true' : 'false',
  };
}
