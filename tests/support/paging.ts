import type { Response } from 'supertest';

type PageBody<T> = { items: T[]; nextCursor: string | null; pageSizeApplied: number; truncated: boolean };

/**
 * Follows `nextCursor` from the first page to the last, fetching each page with `fetch(cursor)`, and returns
 * every item in order. Fails on a non-200 page or when paging does not end.
 */
export async function collectPages<T>(
  fetch: (cursor: string | undefined) => Promise<Response>,
  maxPages = 500,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const res = await fetch(cursor);
    if (res.status !== 200) throw new Error(`page ${i + 1} answered ${res.status}: ${JSON.stringify(res.body)}`);
    const body = res.body as PageBody<T>;
    items.push(...body.items);
    if (body.nextCursor === null) return items;
    cursor = body.nextCursor;
  }
  throw new Error(`paging did not end within ${maxPages} pages`);
}
