import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColorSwatches } from '../../src/web/components/color-swatches';
import { FieldErrorText } from '../../src/web/components/field-error-text';
import { FormField } from '../../src/web/components/form-field';
import { StarRatingInput } from '../../src/web/components/star-rating-input';

/* A field's message (src/web/components/field-error-text.tsx): one piece every form and widget uses. */

const render = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);
const message = 'اختر اللون';

/** The message paragraph of some markup: its id, role and text, the icon skipped by screen readers. */
function messageOf(html: string) {
  const found = html.match(
    /<p id="([^"]*)"( role="alert")? class="[^"]*text-red-700[^"]*"><svg[^>]*aria-hidden="true"[^>]*>.*?<\/svg>([^<]*)<\/p>/,
  );
  return found ? { id: found[1], alert: Boolean(found[2]), text: found[3] } : null;
}

describe('FieldErrorText', () => {
  it('draws nothing without a message; with `live`, an empty assertive region stays in place', () => {
    expect(render(createElement(FieldErrorText, { id: 'x-error', message: undefined }))).toBe('');
    expect(render(createElement(FieldErrorText, { id: 'x-error', message: undefined, live: true }))).toBe(
      '<div aria-live="assertive"></div>',
    );
  });

  it('a message: red and bold after an icon screen readers skip, under the id the control names', () => {
    const html = render(createElement(FieldErrorText, { id: 'x-error', message, spacing: 'mt-2' }));
    expect(messageOf(html)).toEqual({ id: 'x-error', alert: false, text: message });
    expect(html).toContain('class="flex items-start gap-1.5 text-sm font-bold text-red-700 mt-2"');
    const alert = render(createElement(FieldErrorText, { id: 'coupon-error', message, alert: true, live: true }));
    expect(alert.startsWith('<div aria-live="assertive"><p id="coupon-error" role="alert"')).toBe(true);
  });

  it('is the message of a form field, of the colour swatches and of the stars, tied to their control', () => {
    const field = render(createElement(FormField, { name: 'title', label: 'اسم المنتج', error: message }));
    expect(field).toContain('aria-describedby="field-title-error"');
    expect(messageOf(field)).toMatchObject({ id: 'field-title-error', text: message });

    for (const html of [
      render(createElement(ColorSwatches, { colors: ['#000000'], value: '', onChange: () => {}, error: message })),
      render(
        createElement(StarRatingInput, {
          name: 'rating',
          value: 0,
          onChange: () => {},
          label: 'تقييمك',
          error: message,
        }),
      ),
    ]) {
      const shown = messageOf(html);
      expect(shown?.text).toBe(message);
      expect(html).toContain(`role="radiogroup"`);
      expect(html).toContain(`aria-describedby="${shown?.id}"`);
    }
  });
});
