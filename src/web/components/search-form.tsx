import { FolderOpen, Package, Search, Tag } from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Form, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Suggestion } from '../../contract/types';
import { t } from '../i18n/ar';
import { plural } from '../lib/plural';
import { remember, rememberedWord, showsUrlKeyword } from '../lib/search-word';
import { suggestionHref, useSuggestions } from '../lib/use-suggestions';

const kindIcons = { brand: Tag, category: FolderOpen, product: Package } as const;
const LISTBOX_ID = 'site-search-suggestions';
const optionId = (index: number) => `site-search-option-${index}`;

/**
 * The top bar's search: a GET form to /products?keyword=…, and once JavaScript runs a combobox
 * (WAI-ARIA 1.2, list autocomplete) offering brands, categories and products as the visitor types:
 * arrows move through them, Enter opens the chosen one (or searches when none is chosen), Escape
 * closes them. On the listing it shows the URL's keyword; elsewhere the last word searched.
 */
export function SearchForm() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlKeyword = showsUrlKeyword(pathname) ? (searchParams.get('keyword') ?? '') : undefined;
  // The first render matches the server's HTML; storage is read after hydration.
  const [value, setValue] = useState(urlKeyword ?? '');
  // Suggestions follow what is typed, not what the page put in the box.
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(typed);
  const expanded = open && suggestions.length > 0;
  // The list may have changed under a choice made in an older one.
  const chosen = active < suggestions.length ? active : -1;

  useEffect(() => {
    if (urlKeyword === undefined) {
      setValue(rememberedWord());
      return;
    }
    setValue(urlKeyword);
    if (urlKeyword) remember(urlKeyword);
  }, [urlKeyword]);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setTyped('');
    navigate(suggestionHref(suggestion));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      // -1 is the input itself: past either end of the list the choice comes back to it.
      const last = suggestions.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? -1 : current + 1) : current <= -1 ? last : current - 1,
      );
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter' && expanded && chosen >= 0) {
      const suggestion = suggestions[chosen];
      if (!suggestion) return;
      event.preventDefault();
      choose(suggestion);
    }
  };

  return (
    <Form
      action="/products"
      method="get"
      role="search"
      onSubmit={() => {
        setOpen(false);
        remember(value.trim());
      }}
      className="relative order-last flex w-full sm:order-none sm:flex-1"
    >
      <label htmlFor="site-search" className="sr-only">
        {t.search}
      </label>
      <input
        id="site-search"
        name="keyword"
        type="search"
        maxLength={200}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={expanded && chosen >= 0 ? optionId(chosen) : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setTyped(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        placeholder={t.searchPlaceholder}
        className="w-full rounded-s-lg border-0 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
      />
      <button type="submit" className="rounded-e-lg bg-brand-600 px-3 hover:bg-brand-700" aria-label={t.search}>
        <Search aria-hidden="true" className="size-5" />
      </button>
      <div
        id={LISTBOX_ID}
        role="listbox"
        aria-label={t.suggestions}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-lg bg-white py-1 text-slate-900 shadow-lg ring-1 ring-slate-200"
      >
        {suggestions.map((suggestion, index) => {
          const Icon = kindIcons[suggestion.type];
          return (
            // Focus stays in the input (aria-activedescendant); the mouse picks without blurring it.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter choose options
            <div
              key={`${suggestion.type}-${suggestion.id}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === chosen}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              className="flex cursor-pointer items-center gap-2 px-3 py-2 aria-selected:bg-brand-50 hover:bg-slate-100"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate">{suggestion.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{t.suggestionKinds[suggestion.type]}</span>
            </div>
          );
        })}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && typed.trim().length >= 2 ? plural(suggestions.length, t.suggestionCount) : ''}
      </p>
    </Form>
  );
}
