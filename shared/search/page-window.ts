import { DEFAULT_PAGE_SIZE } from './search-request';

/** Offset and size of a request's 1-based page; bounds are the caller's (API) business, negatives are clamped. */
export function pageWindow(page: number | undefined, pageSize: number | undefined): { from: number; size: number } {
  const size = Math.max(0, pageSize ?? DEFAULT_PAGE_SIZE);
  return { from: Math.max(0, (page ?? 1) - 1) * size, size };
}
