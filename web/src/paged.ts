import { useInfiniteQuery } from '@tanstack/react-query';

/**
 * Cursor paging over a list procedure (newest first): each page asks with the previous page's
 * `nextCursor`. Our list inputs are strict objects, so the cursor is passed as a plain field.
 */
export function usePaged<Page extends { nextCursor?: string | undefined }>(
  key: readonly unknown[],
  fetchPage: (cursor: string | undefined) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey: ['paged', ...key],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
