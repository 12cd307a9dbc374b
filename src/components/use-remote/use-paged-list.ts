// A list loaded page by page (infinite scroll) on top of useRemote: page 1 is a useRemote load (loading, error
// with retry, refresh, stale answers dropped), the pages after it are appended by `loadMore`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRemote, type RemoteStatus } from './use-remote';

/** The fields of a paged answer the list needs (`Paged<T>` of @/lib/api-types/paged has them). */
export interface PageAnswer<T> {
  items: T[];
  total_items: number;
  total_pages: number;
}

export interface PagedList<T> {
  /** Of the first page: loading (skeleton), error (retry), ready. */
  status: RemoteStatus;
  /** Why the first page failed, or why the last refresh did (the list shown is then the older one). */
  error: unknown;
  items: T[];
  total: number;
  hasMore: boolean;
  /** The next page failed: the list stays, the footer offers `loadMore` again. */
  moreFailed: boolean;
  loadMore: () => Promise<void>;
  /** Page 1 again (pull-to-refresh); the list shown stays until it arrives. */
  refresh: () => Promise<void>;
  retry: () => void;
}

interface More<T> {
  /** The first page these pages follow: another first page (refresh, new deps) discards them. */
  base: PageAnswer<T> | undefined;
  items: T[];
  page: number;
  pages: number;
  total: number;
  failed: boolean;
}

function startingAt<T>(base: PageAnswer<T> | undefined): More<T> {
  return { base, items: [], page: 1, pages: base?.total_pages ?? 0, total: base?.total_items ?? 0, failed: false };
}

/**
 * `loadPage(n)` answers page n (1-based); the list restarts from page 1 whenever `deps` change. A page that
 * arrives after a refresh or a change of deps is dropped, as is anything after unmount.
 *
 * ```tsx
 * const orders = usePagedList((page) => getOrders({ status }, page, 20), [status]);
 * // InfiniteList (discover/fund-list.tsx) draws status, items, loadMore, refresh and moreFailed.
 * ```
 */
export function usePagedList<T>(loadPage: (page: number) => Promise<PageAnswer<T>>, deps: readonly unknown[]): PagedList<T> {
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const first = useRemote(() => loadRef.current(1), deps);
  const base = first.data;
  const [stored, setMore] = useState<More<T>>(() => startingAt(undefined));
  const more = stored.base === base ? stored : startingAt(base);
  const moreRef = useRef(more);
  moreRef.current = more;
  /** The first page a running loadMore continues (one at a time per list). */
  const busyFor = useRef<PageAnswer<T> | undefined>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const loadMore = useCallback(async () => {
    const cur = moreRef.current;
    const from = cur.base;
    if (!from || busyFor.current === from || cur.page >= cur.pages) return;
    busyFor.current = from;
    try {
      const next = await loadRef.current(cur.page + 1);
      if (!alive.current || moreRef.current.base !== from) return;
      setMore({
        base: from,
        items: [...cur.items, ...next.items],
        page: cur.page + 1,
        pages: next.total_pages,
        total: next.total_items,
        failed: false,
      });
    } catch {
      if (alive.current && moreRef.current.base === from) setMore({ ...cur, failed: true });
    } finally {
      if (busyFor.current === from) busyFor.current = undefined;
    }
  }, []);

  return {
    status: first.status,
    error: first.error,
    items: base ? (more.items.length > 0 ? [...base.items, ...more.items] : base.items) : [],
    total: more.total,
    hasMore: more.page < more.pages && !more.failed,
    moreFailed: more.failed,
    loadMore,
    refresh: first.refresh,
    retry: first.retry,
  };
}
