import { DEFAULT_LIST_LIMIT } from '../../contract/constants.js';

export type PageRequest = { page?: number | undefined; limit?: number | undefined };

export function pageOf(query: PageRequest, defaultLimit = DEFAULT_LIST_LIMIT) {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** The contract's list envelope: `results` is the total number of matches, not the page's count. */
export function listEnvelope<T>(data: T[], total: number, page: number, limit: number) {
  const numberOfPages = Math.ceil(total / limit);
  return {
    results: total,
    paginationResult: {
      currentPage: page,
      limit,
      numberOfPages,
      ...(page < numberOfPages ? { nextPage: page + 1 } : {}),
      ...(page > 1 ? { prevPage: page - 1 } : {}),
    },
    data,
  };
}
