import type { Download } from './api';

/** A file from the API (a CSV export) passed on to the browser as it streams, never kept in a cache. */
export const downloadResponse = ({ body, headers }: Download) =>
  new Response(body, { headers: { ...headers, 'cache-control': 'no-store' } });
