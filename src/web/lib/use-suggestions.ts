import { useEffect, useState } from 'react';
import type { Suggestion } from '../../contract/types';

/** Wait this long after the last key before asking, so a fast typist sends one request. */
const DEBOUNCE_MS = 150;
/** One letter matches too much to help. */
const MIN_LENGTH = 2;

/**
 * The search box's suggestions for `keyword`, asked from the API straight from the browser (the
 * endpoint is public and same-origin). A newer keyword cancels the request of an older one.
 */
export function useSuggestions(keyword: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (keyword.trim().length < MIN_LENGTH) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v1/products/suggest?keyword=${encodeURIComponent(keyword)}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        setSuggestions(((await response.json()) as { data: Suggestion[] }).data);
      } catch {
        // Aborted by a newer keyword, or offline: the search itself still works without them.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);
  return suggestions;
}

/** Where a suggestion leads. */
export function suggestionHref(suggestion: Suggestion): string {
  const id = encodeURIComponent(suggestion.id);
  if (suggestion.type === 'brand') return `/products/allBrand/${id}`;
  if (suggestion.type === 'category') return `/products/allCategory/${id}`;
  return `/products/${id}`;
}
