import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A dialog that the URL can open (`?edit=1`, `?delete=<id>`), so its opener can be an ordinary
 * link before JavaScript loads (see DialogOpener). Once React runs it opens in place without a
 * request, and closing it takes the parameter off the URL again.
 */
export function useUrlDialog(param: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get(param);
  const [openFor, setOpenFor] = useState<string | null>(fromUrl);
  // Back and forward through the history open and close it too.
  useEffect(() => setOpenFor(fromUrl), [fromUrl]);

  function close() {
    setOpenFor(null);
    if (!searchParams.has(param)) return;
    setSearchParams(
      (current) => {
        current.delete(param);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return {
    /** The URL parameter that opens it. */
    param,
    /** The value the dialog is open for ('1' for a dialog without one), or null. */
    openFor,
    open: (value = '1') => setOpenFor(value),
    close,
    /** Where the opener links to before JavaScript loads: this page (its ?page= too) with the dialog open. */
    href: (value = '1') => {
      const next = new URLSearchParams(searchParams);
      next.set(param, value);
      return `?${next}`;
    },
  };
}

export type UrlDialog = ReturnType<typeof useUrlDialog>;
