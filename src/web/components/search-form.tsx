import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { t } from '../i18n/ar';

/** Browser storage key of the last search word (spec §2: the search box's text is kept there). */
const STORAGE_KEY = 'matjar.searchWord';

// Storage can be full, disabled or blocked (private modes); the search works without it.
function rememberedWord(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}
function remember(word: string) {
  try {
    if (word) window.localStorage.setItem(STORAGE_KEY, word);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not remembered; nothing else depends on it.
  }
}

/**
 * The top bar's search: a GET form to /products?keyword=…. On the listing it shows the URL's
 * keyword; elsewhere, once JavaScript runs, the last word searched.
 */
export function SearchForm() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const urlKeyword = pathname === '/products' ? (searchParams.get('keyword') ?? '') : undefined;
  // The first render matches the server's HTML; storage is read after hydration.
  const [value, setValue] = useState(urlKeyword ?? '');

  useEffect(() => {
    if (urlKeyword === undefined) {
      setValue(rememberedWord());
      return;
    }
    setValue(urlKeyword);
    if (urlKeyword) remember(urlKeyword);
  }, [urlKeyword]);

  return (
    <Form
      action="/products"
      method="get"
      role="search"
      onSubmit={() => remember(value.trim())}
      className="order-last flex w-full sm:order-none sm:flex-1"
    >
      <label htmlFor="site-search" className="sr-only">
        {t.search}
      </label>
      <input
        id="site-search"
        name="keyword"
        type="search"
        maxLength={200}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t.searchPlaceholder}
        className="w-full rounded-s-lg border-0 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
      />
      <button type="submit" className="rounded-e-lg bg-brand-600 px-3 hover:bg-brand-700" aria-label={t.search}>
        <Search aria-hidden="true" className="size-5" />
      </button>
    </Form>
  );
}
