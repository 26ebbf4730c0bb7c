import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BODY_MAX, PAGE_TITLE_MAX, STORE_PAGE_SLUGS } from '../../src/contract/shop-pages.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, firstError } from '../helpers/shopping.js';

/* The store's pages (docs/store-pages.md): default texts, the owner's edits, Markdown rendered safely. */

let shop: TestApp;
let admin: Account;
let customer: Account;
const { send, expectNo5xx } = apiClient(() => shop);

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop, 'admin');
  customer = await createAccount(shop);
});
afterAll(async () => {
  await shop?.close();
});
afterEach(expectNo5xx);

const put = (slug: string, payload: unknown, token = admin.token) => send('PUT', `/pages/${slug}`, { token, payload });
/** The HTML the API renders for this Markdown (saved on the privacy page). */
async function htmlOf(body: string) {
  const res = await put('privacy', { title: 'الخصوصية', body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.html as string;
}

describe('GET /pages/:slug', () => {
  it('serves every page with its Arabic default text, rendered, before the owner writes it', async () => {
    for (const slug of STORE_PAGE_SLUGS) {
      const res = await send('GET', `/pages/${slug}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({ slug, isDefault: true, updatedAt: null });
      expect(page.title).toMatch(/[\u0600-\u06FF]/);
      expect(page.html).toContain('<p>');
      expect(page.text.length).toBeGreaterThan(40);
    }
    expect((await send('GET', '/pages/returns')).json().data.title).toBe('سياسة الاسترجاع والاستبدال');
  });

  it('answers 404 PAGE_NOT_FOUND for a name that is no page', async () => {
    for (const slug of ['faq', 'TERMS', '..%2Fsettings', 'constructor', '__proto__', 'x'.repeat(300)]) {
      const res = await send('GET', `/pages/${slug}`);
      expect(res.statusCode, slug).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, slug).toBeLessThan(500);
      if (slug.length < 64) expect(res.json(), slug).toMatchObject({ code: 'PAGE_NOT_FOUND' });
    }
  });
});

describe('PUT /pages/:slug', () => {
  it('anonymous 401, customer 403; staff save it and everyone reads the new text', async () => {
    const body = { title: 'سياسة الاسترجاع', body: 'يمكنك **إرجاع** المنتج خلال ٣٠ يوماً.' };
    expect((await put('returns', body, '')).statusCode).toBe(401);
    expect((await put('returns', body, customer.token)).statusCode).toBe(403);
    expect((await send('GET', '/pages/returns')).json().data.isDefault).toBe(true);

    const saved = await put('returns', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await send('GET', '/pages/returns')).json().data;
    expect(read).toMatchObject({
      slug: 'returns',
      ...body,
      html: '<p>يمكنك <strong>إرجاع</strong> المنتج خلال ٣٠ يوماً.</p>\n',
      text: 'يمكنك إرجاع المنتج خلال ٣٠ يوماً.',
      isDefault: false,
    });
    expect(Date.parse(read.updatedAt)).not.toBeNaN();
    // Saved again: the newest text, still one page.
    const again = await put('returns', { title: 'الاسترجاع', body: 'نص جديد' });
    expect(again.json().data).toMatchObject({ title: 'الاسترجاع', body: 'نص جديد' });
    expect((await send('GET', '/pages/terms')).json().data.isDefault).toBe(true);
  });

  it('refuses a missing or too long title or text, and an unknown page, saving nothing', async () => {
    const before = (await send('GET', '/pages/about')).json().data;
    const cases: [unknown, string, string][] = [
      [{ body: 'نص' }, 'title', 'PAGE_TITLE_REQUIRED'],
      [{ title: '   ', body: 'نص' }, 'title', 'PAGE_TITLE_REQUIRED'],
      [{ title: 'عنوان', body: '' }, 'body', 'PAGE_BODY_REQUIRED'],
      [{ title: 'عنوان', body: 42 }, 'body', 'PAGE_BODY_REQUIRED'],
      [{ title: 'ع'.repeat(PAGE_TITLE_MAX + 1), body: 'نص' }, 'title', 'VALUE_TOO_LONG'],
      [{ title: 'عنوان', body: 'ن'.repeat(PAGE_BODY_MAX + 1) }, 'body', 'VALUE_TOO_LONG'],
    ];
    for (const [payload, param, code] of cases) {
      const res = await put('about', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(firstError(res)).toMatchObject({ param, code });
    }
    const unknown = await put('faq', { title: 'أسئلة', body: 'نص' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PAGE_NOT_FOUND' });
    expect((await send('GET', '/pages/about')).json().data).toEqual(before);
    // The longest allowed text is taken.
    const longest = await put('about', { title: 'ع'.repeat(PAGE_TITLE_MAX), body: 'ن'.repeat(PAGE_BODY_MAX) });
    expect(longest.statusCode, longest.body).toBe(200);
  });
});

describe('Markdown is rendered safely (docs/store-pages.md § Formatting)', () => {
  it('keeps headings, lists, emphasis and safe links', async () => {
    const html = await htmlOf(
      '## الشحن\n\n- سريع\n- *آمن*\n\n[اتصل](tel:+966500000000) [راسلنا](mailto:shop@example.com) [الشروط](/pages/terms) [إنستغرام](https://instagram.com/shop)',
    );
    expect(html).toContain('<h2>الشحن</h2>');
    expect(html).toContain('<li><em>آمن</em></li>');
    expect(html).toContain('<a href="tel:+966500000000">اتصل</a>');
    expect(html).toContain('<a href="mailto:shop@example.com">راسلنا</a>');
    expect(html).toContain('<a href="/pages/terms">الشروط</a>');
    expect(html).toContain('<a href="https://instagram.com/shop" rel="noopener noreferrer nofollow">إنستغرام</a>');
  });

  it('escapes raw HTML: no script, no event handler, no iframe', async () => {
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="https://example.com" onclick="alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(1)>',
      '<div>\n\n<script>alert(1)</script>\n\n</div>',
      '`code` <style>body{display:none}</style>',
    ];
    for (const attack of attacks) {
      const html = await htmlOf(attack);
      expect(html, attack).not.toMatch(/<(?:script|img|iframe|svg|div|style)\b/i);
      expect(html, attack).not.toMatch(/<[^>]+\son\w+=/i);
    }
    expect(await htmlOf('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });

  it('links only to http(s), mailto, tel or the shop: javascript:, data:, vbscript: and file: stay text', async () => {
    const attacks = [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](&#106;avascript:alert(1))',
      '[x](java%0ascript:alert(1))',
      '[x](  javascript:alert(1))',
      '<javascript:alert(1)>',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](data:image/png;base64,iVBORw0KGgo=)',
      '![x](data:image/png;base64,iVBORw0KGgo=)',
      '[x](vbscript:msgbox(1))',
      '[x](file:///etc/passwd)',
      '[x](//evil.example/phish)',
      '[x]: javascript:alert(1)\n\n[x]',
    ];
    for (const attack of attacks) {
      const html = await htmlOf(attack);
      expect(html, attack).not.toContain('<a ');
      expect(html, attack).not.toContain('<img');
    }
    // No pictures at all (no tracking pixels): an image's Markdown is a plain link.
    expect(await htmlOf('![x](https://example.com/a.png)')).toBe(
      '<p>!<a href="https://example.com/a.png" rel="noopener noreferrer nofollow">x</a></p>\n',
    );
  });

  it('a link title or text cannot break out of its attribute', async () => {
    const html = await htmlOf('[x](https://example.com "a\\" onmouseover=\\"alert(1)")');
    expect(html).toBe(
      '<p><a href="https://example.com" title="a&quot; onmouseover=&quot;alert(1)" rel="noopener noreferrer nofollow">x</a></p>\n',
    );
  });
});
