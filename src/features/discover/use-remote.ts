// Loading state of the discovery pages: one request (useRemote) or a paged list (usePagedList), each with
// the states a page draws: loading (skeleton), error (retry), empty, data; a refresh keeps what is shown.
import { useCallback, useEffect, useRef, useState } from 'react';

export type RemoteStatus = 'loading' | 'error' | 'ready';

export interface Remote<T> {
  status: RemoteStatus;
  data: T | null;
  /** Why the last load failed (an ApiError from the http client, or a transport error). */
  error: unknown;
  /** Reloads; the promise settles when the answer is in (pull-to-refresh waits on it). */
  reload: () => Promise<void>;
}

/** Runs `load` now and whenever `deps` change; a late answer of an older request is dropped. */
export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[]): Remote<T> {
  const [state, setState] = useState<{ status: RemoteStatus; data: T | null; error: unknown }>({ status: 'loading', data: null, error: null });
  const generation = useRef(0);
  // The caller names the inputs of `load` in deps.
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setState((s) => ({ status: s.data === null ? 'loading' : s.status, data: s.data, error: null }));
    try {
      const data = await run();
      if (mine === generation.current) setState({ status: 'ready', data, error: null });
    } catch (error) {
      if (mine === generation.current) setState((s) => ({ status: s.data === null ? 'error' : 'ready', data: s.data, error }));
    }
  }, [run]);
  useEffect(() => {
    setState({ status: 'loading', data: null, error: null });
    void reload();
  }, [reload]);
  return { ...state, reload };
}

export interface PagedList<T> {
  status: RemoteStatus;
  items: T[];
  total: number;
  hasMore: boolean;
  /** The next page failed: the list stays, the footer offers a retry. */
  moreFailed: boolean;
  loadMore: () => Promise<void>;
  refresh: () => Promise<void>;
}

/** A list loaded page by page (infinite scroll); restarts from page 1 when `deps` change. */
export function usePagedList<T>(
  loadPage: (page: number) => Promise<{ items: T[]; total_items: number; total_pages: number }>,
  deps: readonly unknown[],
): PagedList<T> {
  const [state, setState] = useState<{ status: RemoteStatus; items: T[]; total: number; page: number; pages: number; moreFailed: boolean }>({
    status: 'loading', items: [], total: 0, page: 0, pages: 1, moreFailed: false,
  });
  const generation = useRef(0);
  const busy = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  // The caller names the inputs of `loadPage` in deps.
  const fetchPage = useCallback(loadPage, deps);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    busy.current = true;
    try {
      const first = await fetchPage(1);
      if (mine !== generation.current) return;
      setState({ status: 'ready', items: first.items, total: first.total_items, page: 1, pages: first.total_pages, moreFailed: false });
    } catch {
      if (mine !== generation.current) return;
      setState((s) => (s.items.length > 0 ? { ...s, status: 'ready' } : { ...s, status: 'error' }));
    } finally {
      if (mine === generation.current) busy.current = false;
    }
  }, [fetchPage]);

  const loadMore = useCallback(async () => {
    const s = stateRef.current;
    if (busy.current || s.status !== 'ready' || s.page >= s.pages) return;
    const mine = generation.current;
    busy.current = true;
    try {
      const next = await fetchPage(s.page + 1);
      if (mine !== generation.current) return;
      setState((cur) => ({ ...cur, items: [...cur.items, ...next.items], total: next.total_items, page: s.page + 1, pages: next.total_pages, moreFailed: false }));
    } catch {
      if (mine === generation.current) setState((cur) => ({ ...cur, moreFailed: true }));
    } finally {
      if (mine === generation.current) busy.current = false;
    }
  }, [fetchPage]);

  useEffect(() => {
    setState({ status: 'loading', items: [], total: 0, page: 0, pages: 1, moreFailed: false });
    void refresh();
  }, [refresh]);

  return {
    status: state.status,
    items: state.items,
    total: state.total,
    hasMore: state.page < state.pages && !state.moreFailed,
    moreFailed: state.moreFailed,
    loadMore,
    refresh,
  };
}
