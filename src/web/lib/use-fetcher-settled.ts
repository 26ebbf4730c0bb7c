import { useEffect, useRef } from 'react';

type FetcherLike<T> = { state: 'idle' | 'loading' | 'submitting'; data: T | undefined };

/**
 * Calls `onSettled` once per answer of a fetcher, after the page's data has revalidated (so the
 * screen already shows the change). An answer already there when the component mounts is old news.
 */
export function useFetcherSettled<T>(fetcher: FetcherLike<T>, onSettled: (data: T) => void) {
  const handled = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    onSettled(fetcher.data);
  }, [fetcher.state, fetcher.data, onSettled]);
}
