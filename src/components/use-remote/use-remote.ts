// The app's one data-loading hook: what a page or section shows while its data loads, when it failed, and when it
// is there; retry, pull-to-refresh, and the races in between. `usePagedList` (use-paged-list.ts) builds on it.
import { useCallback, useEffect, useRef, useState } from 'react';

export type RemoteStatus = 'loading' | 'error' | 'ready';

/** What there is to draw; `status` narrows `data` (ready ⇔ data is there). */
export type RemoteState<T> =
  /** Nothing to show yet: draw a skeleton (or ghost rows). */
  | { status: 'loading'; data: undefined; error: null }
  /** `error` is the failure of the last refresh when there was one: the data shown is the older answer. */
  | { status: 'ready'; data: T; error: unknown }
  /** The last request failed and there is nothing to show: draw an error box with `retry`. */
  | { status: 'error'; data: undefined; error: unknown };

export type Remote<T> = RemoteState<T> & {
  /** A request is running (first load, retry, refresh, new deps). With data shown, a page may draw a spinner. */
  pending: boolean;
  /**
   * Asks again and resolves when the answer is in (never rejects): for pull-to-refresh (`<PullRefresh
   * onRefresh={remote.refresh}>`) and refetching after a change elsewhere (a purchase changes the holdings).
   * The data on screen stays until the new answer replaces it; a failure then keeps it and sets `error`.
   */
  refresh: () => Promise<void>;
  /**
   * `refresh` for an error box's button (`<ErrorBox onRetry={remote.retry} />`): from `error` back to `loading`,
   * then the answer; with data shown (a section's own retry) it keeps the data like `refresh`.
   */
  retry: () => void;
};

export interface RemoteOptions<T> {
  /**
   * Data already in hand for the first render (e.g. what the previous page passed on): the hook starts `ready`
   * with it and makes no first request (`refresh` asks). A function is called once, on mount.
   * H5 answers inlined in the page's HTML (platform/boot-data) need nothing here: the http client's `get` takes
   * them instead of the network, so a `load` that calls the same URL gets them on the first render.
   */
  initialData?: T | (() => T | undefined);
  /**
   * When `deps` change, keep drawing the previous answer (`ready`, `pending`) until the new one arrives, instead
   * of going back to `loading` — e.g. a chart switching period. A failure for the new deps is then `error`.
   */
  keepPreviousData?: boolean;
}

type Held<T> = RemoteState<T> & { pending: boolean };

const LOADING = { status: 'loading', data: undefined, error: null, pending: true } as const;

/**
 * Loads data for a page or a section: `load` runs on mount and again whenever one of `deps` changes.
 *
 * ```tsx
 * const holdings = useRemote(() => getHoldings(accountId), [accountId]);
 * if (holdings.status === 'loading') return <SkeletonList items={3} rows={2} />;
 * if (holdings.status === 'error') return <ErrorBox onRetry={holdings.retry} />;
 * return <PullRefresh onRefresh={holdings.refresh}><HoldingList items={holdings.data.items} /></PullRefresh>;
 * ```
 *
 * - `deps` name every input `load` reads (like useEffect's): a new fund code, period or filter asks again. `load`
 *   itself may be a new closure on every render; the newest one is used.
 * - Stale answers are dropped: only the newest request's answer (or failure) is ever shown, so a slow answer
 *   for an older code, period or refresh never overwrites a newer one. After unmount nothing is set at all.
 * - A failing call: throw from `load` (the http client throws `ApiError` with `resultCode`). Read
 *   `remote.error` to tell cases apart, e.g. `error instanceof ApiError && error.resultCode === 404001`.
 * - Several calls for one screen: `load` may `Promise.all` them; a part that may fail alone can resolve to null.
 * - Cached data (stale-while-revalidate, e.g. remote config): `load` receives `update`; resolve with the cached
 *   value, and pass the fresh one to `update` when it comes (applied only while this request is the newest).
 * - Nothing is cached between mounts and nothing is kept in module state, so a logout leaves no data behind.
 * - Writes (buy, sell) are not loads: call the api function from the event handler, then `refresh()`.
 * - Data that needs a login: render the component that calls useRemote inside the account feature's
 *   `RequireLogin` (composed by the page), so it mounts — and asks — once the visitor is known to be logged in.
 * - Types: an api function returns the endpoint's response type from `@/lib/api-types/<area>` (one per endpoint).
 * - H5 first screen: the server inlines the answers of a page's first GETs (server/src/plugins/page-boot.ts); a
 *   `load` asking the same URL with the same query gets one without a round trip — keep the two in step.
 * - Paged lists with "load more": `usePagedList` (same folder).
 */
export function useRemote<T>(
  load: (update: (data: T) => void) => Promise<T>,
  deps: readonly unknown[],
  options: RemoteOptions<T> = {},
): Remote<T> {
  const [state, setState] = useState<Held<T>>(() => {
    const initial = typeof options.initialData === 'function' ? (options.initialData as () => T | undefined)() : options.initialData;
    return initial === undefined ? LOADING : { status: 'ready', data: initial, error: null, pending: false };
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const keepPrevious = options.keepPreviousData === true;
  /** Id of the newest request: an answer is applied only when it is still the newest. */
  const newest = useRef(0);
  const alive = useRef(true);
  /** Bumped when deps change; `dataKey` is the one the data on screen was loaded for. */
  const key = useRef(0);
  const dataKey = useRef(0);
  /** initialData given: the first effect run has nothing to ask. */
  const skipFirst = useRef(state.status === 'ready');
  const started = useRef(false);

  const run = useCallback((keepShown: boolean): Promise<void> => {
    const id = ++newest.current;
    const forKey = key.current;
    setState((s) => (s.status === 'ready' && keepShown ? { ...s, pending: true } : LOADING));
    const current = () => alive.current && id === newest.current;
    const update = (data: T) => {
      if (!current()) return;
      dataKey.current = forKey;
      setState({ status: 'ready', data, error: null, pending: false });
    };
    let answer: Promise<T>;
    try {
      answer = Promise.resolve(loadRef.current(update));
    } catch (error) {
      answer = Promise.reject(error);
    }
    return answer.then(update, (error: unknown) => {
      if (!current()) return;
      setState((s) =>
        s.status === 'ready' && dataKey.current === forKey
          ? { ...s, error, pending: false }
          : { status: 'error', data: undefined, error, pending: false },
      );
    });
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      newest.current += 1; // whatever is in flight is now stale
    };
  }, []);

  useEffect(() => {
    const changed = started.current;
    started.current = true;
    if (changed) key.current += 1;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    void run(changed && keepPrevious);
    // `deps` are the caller's: they say when to ask again (the newest `load` is read through loadRef).
  }, deps);

  const refresh = useCallback(() => run(true), [run]);
  const retry = useCallback(() => void run(true), [run]);
  return { ...state, refresh, retry } as Remote<T>;
}
