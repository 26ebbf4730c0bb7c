/** The store page form (docs/store-pages.md): field names are the API's, so its messages land on the right field. */
export const pageFields = ['title', 'body'] as const;
export type PageField = (typeof pageFields)[number];
