import type { Mail } from './mailer.js';

/*
 * Every message the shop sends (docs/orders.md § Messages) is composed here: Arabic, right to left,
 * as HTML and plain text from the same lines, so the two never say different things.
 */

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** One line of a message: text (empty: a blank line), optionally a link (its address shown in the plain text). */
export type MailLine = { text: string; href?: string | undefined };

/**
 * A message as plain text and as right-to-left HTML from the same lines; every value is escaped,
 * and links are isolated so a Latin address reads right inside Arabic.
 */
export function composeMail(to: string, subject: string, lines: MailLine[]): Mail {
  const text = lines.map((line) => (line.href ? `${line.text}: ${line.href}` : line.text)).join('\n');
  const body = lines
    .map((line) =>
      line.text === ''
        ? ''
        : line.href
          ? `<p><a href="${escapeHtml(line.href)}" dir="auto">${escapeHtml(line.text)}</a></p>`
          : `<p>${escapeHtml(line.text)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body dir="rtl" style="font-family: Tahoma, Arial, sans-serif; text-align: right; line-height: 1.7">
${body}
</body>
</html>`;
  return { to, subject, text, html };
}
