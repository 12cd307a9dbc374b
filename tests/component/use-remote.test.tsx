// The app's one loading hook (src/components/use-remote): loading → data, error → retry → data, refresh keeping
// what is shown, stale answers dropped (new deps and overlapping refreshes), unmount, initial data, stale-while-
// revalidate updates, keepPreviousData, the paged list built on it, and the H5 boot answers arriving through it.
import { act, render, renderHook, screen } from '@testing-library/react';
import { usePagedList, type PageAnswer } from '@/components/use-remote/use-paged-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { getValuationSummary } from '@/features/home/api';
import { resetBootDataForTests } from '@/platform/boot-data';
import { setTransport } from '@/platform/http';

/** A promise settled from outside, to order answers by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises run their callbacks inside act(). */
async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('useRemote', () => {
  it('loads on mount: loading, then ready with the data', async () => {
    const answer = deferred<string>();
    const load = jest.fn(() => answer.promise);
    const { result } = renderHook(() => useRemote(load, []));
    expect(result.current).toMatchObject({ status: 'loading', data: undefined, pending: true });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve('funds'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'funds', error: null, pending: false });
  });

  it('error → retry → success: the error box state, back to loading on retry, then the data', async () => {
    const failure = new Error('offline');
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const { result } = renderHook(() => useRemote(() => answers[call++]!.promise, []));
    await act(async () => answers[0]!.reject(failure));
    expect(result.current).toMatchObject({ status: 'error', data: undefined, error: failure, pending: false });

    act(() => result.current.retry());
    expect(result.current).toMatchObject({ status: 'loading', pending: true });
    expect(call).toBe(2);
    await act(async () => answers[1]!.resolve('back'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'back', error: null });
  });

  it('a load that throws synchronously is an error like any other', async () => {
    const { result } = renderHook(() =>
      useRemote<string>(() => {
        throw new Error('bad input');
      }, []),
    );
    await flush();
    expect(result.current.status).toBe('error');
  });

  it('refresh keeps the data shown while it runs and resolves when the answer is in; a failed refresh keeps it too', async () => {
    const answers = [deferred<number>(), deferred<number>(), deferred<number>()];
    let call = 0;
    const { result } = renderHook(() => useRemote(() => answers[call++]!.promise, []));
    await act(async () => answers[0]!.resolve(1));

    let refreshed: Promise<void> | undefined;
    act(() => {
      refreshed = result.current.refresh();
    });
    expect(result.current).toMatchObject({ status: 'ready', data: 1, pending: true });
    let settled = false;
    void refreshed!.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    await act(async () => answers[1]!.resolve(2));
    expect(settled).toBe(true);
    expect(result.current).toMatchObject({ status: 'ready', data: 2, pending: false });

    const failure = new Error('timeout');
    await act(async () => {
      const again = result.current.refresh();
      answers[2]!.reject(failure);
      await expect(again).resolves.toBeUndefined(); // pull-to-refresh never sees a rejection
    });
    expect(result.current).toMatchObject({ status: 'ready', data: 2, error: failure, pending: false });
  });

  it('a late answer for older deps never overwrites the newer one (either order)', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = {};
    const load = (code: string) => (answers[code] = deferred<string>()).promise;
    const { result, rerender } = renderHook(({ code }) => useRemote(() => load(code), [code]), { initialProps: { code: 'A' } });
    rerender({ code: 'B' });
    expect(result.current.status).toBe('loading');
    rerender({ code: 'C' });

    await act(async () => answers.C!.resolve('fund C'));
    expect(result.current.data).toBe('fund C');
    await act(async () => answers.A!.resolve('fund A')); // the slowest, oldest answer arrives last
    await act(async () => answers.B!.reject(new Error('B failed')));
    expect(result.current).toMatchObject({ status: 'ready', data: 'fund C', error: null });
  });

  it('of two overlapping refreshes only the newer answer counts, even when the older one arrives last', async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let call = 0;
    const { result } = renderHook(() => useRemote(() => answers[call++]!.promise, []));
    await act(async () => answers[0]!.resolve('v1'));
    act(() => {
      void result.current.refresh();
      void result.current.refresh();
    });
    await act(async () => answers[2]!.resolve('v3'));
    expect(result.current).toMatchObject({ data: 'v3', pending: false });
    await act(async () => answers[1]!.resolve('v2 (stale)'));
    expect(result.current.data).toBe('v3');
  });

  it('sets nothing after unmount', async () => {
    const answer = deferred<string>();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: unknown[] = [];
    const { unmount } = renderHook(() => {
      const remote = useRemote(() => answer.promise, []);
      seen.push(remote.data);
      return remote;
    });
    const renders = seen.length;
    unmount();
    await act(async () => answer.resolve('late'));
    expect(seen).toHaveLength(renders);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('initialData: ready at once without a request; refresh asks', async () => {
    const load = jest.fn(async () => 'fresh');
    const { result } = renderHook(() => useRemote(load, [], { initialData: () => 'handed over' }));
    expect(result.current).toMatchObject({ status: 'ready', data: 'handed over', pending: false });
    await flush();
    expect(load).not.toHaveBeenCalled();
    await act(() => result.current.refresh());
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.data).toBe('fresh');
  });

  it("stale-while-revalidate: a cached answer first, the fresh one through update; an older request's update is ignored", async () => {
    const pushes: ((data: string) => void)[] = [];
    const { result } = renderHook(() =>
      useRemote<string>((update) => {
        pushes.push(update);
        return Promise.resolve(`cached ${pushes.length}`);
      }, []),
    );
    await flush();
    expect(result.current.data).toBe('cached 1');
    act(() => pushes[0]!('fresh 1'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'fresh 1' });
    await act(() => result.current.refresh());
    expect(result.current.data).toBe('cached 2');
    act(() => pushes[0]!('late push of the first request'));
    expect(result.current.data).toBe('cached 2');
  });

  it('keepPreviousData: new deps keep the last answer drawn until theirs arrives; their failure is an error', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = {};
    const { result, rerender } = renderHook(
      ({ period }) => useRemote(() => (answers[period] = deferred<string>()).promise, [period], { keepPreviousData: true }),
      { initialProps: { period: '1y' } },
    );
    await act(async () => answers['1y']!.resolve('line 1y'));
    rerender({ period: '3m' });
    expect(result.current).toMatchObject({ status: 'ready', data: 'line 1y', pending: true });
    await act(async () => answers['3m']!.resolve('line 3m'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'line 3m', pending: false });
    rerender({ period: '5y' });
    await act(async () => answers['5y']!.reject(new Error('no line')));
    expect(result.current.status).toBe('error');
  });
});

describe('usePagedList', () => {
  const page = (items: string[], totalPages = 3): PageAnswer<string> => ({ items, total_items: totalPages * 2, total_pages: totalPages });

  it('loads page 1, appends the next pages, stops at the last; a failed page keeps the list and can be retried', async () => {
    const loadPage = jest.fn(async (n: number) => page([`${n}a`, `${n}b`]));
    const { result } = renderHook(() => usePagedList(loadPage, []));
    await flush();
    expect(result.current).toMatchObject({ status: 'ready', items: ['1a', '1b'], total: 6, hasMore: true });
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual(['1a', '1b', '2a', '2b']);

    loadPage.mockRejectedValueOnce(new Error('offline'));
    await act(() => result.current.loadMore());
    expect(result.current).toMatchObject({ moreFailed: true, hasMore: false, items: ['1a', '1b', '2a', '2b'] });
    await act(() => result.current.loadMore());
    expect(result.current).toMatchObject({ moreFailed: false, hasMore: false, items: ['1a', '1b', '2a', '2b', '3a', '3b'] });
    await act(() => result.current.loadMore());
    expect(loadPage).toHaveBeenCalledTimes(4);
  });

  it('new deps restart from page 1 and drop a next page of the old query that arrives late', async () => {
    const late = deferred<PageAnswer<string>>();
    const { result, rerender } = renderHook(
      ({ type }) => usePagedList((n) => (type === 'bond' && n === 2 ? late.promise : Promise.resolve(page([`${type}${n}`]))), [type]),
      { initialProps: { type: 'bond' } },
    );
    await flush();
    let more: Promise<void> | undefined;
    act(() => {
      more = result.current.loadMore();
    });
    rerender({ type: 'stock' });
    await flush();
    expect(result.current.items).toEqual(['stock1']);
    await act(async () => {
      late.resolve(page(['bond2']));
      await more;
    });
    expect(result.current.items).toEqual(['stock1']);
  });

  it('a first page that fails is an error with retry; refresh starts again from page 1', async () => {
    let fail = true;
    const loadPage = jest.fn(async (n: number) => {
      if (fail) throw new Error('down');
      return page([`p${n}`]);
    });
    const { result } = renderHook(() => usePagedList(loadPage, []));
    await flush();
    expect(result.current.status).toBe('error');
    fail = false;
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await flush();
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual(['p1', 'p2']);
    await act(() => result.current.refresh());
    expect(result.current.items).toEqual(['p1']);
  });
});

describe('H5 boot answers', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    document.getElementById('dj-boot')?.remove();
    resetBootDataForTests();
  });

  function Valuation() {
    const summary = useRemote(getValuationSummary, []);
    return <span data-testid='low'>{summary.status === 'ready' ? summary.data.low : summary.status}</span>;
  }

  it('a section loading through useRemote takes the answer inlined in the page, without the network', async () => {
    setTransport(null);
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'dj-boot';
    element.textContent = JSON.stringify({
      at: Date.now(),
      answers: {
        '/djapi/index_eva/dj': {
          result_code: 0,
          data: { items: [{ eva_type: 'low', date: '2024-05-06' }], low_percentile: '0.3', high_percentile: '0.7' },
        },
      },
    });
    document.body.appendChild(element);
    resetBootDataForTests();
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy as unknown as typeof fetch;

    render(<Valuation />);
    expect(screen.getByTestId('low').textContent).toBe('loading');
    await flush();
    expect(screen.getByTestId('low').textContent).toBe('1');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
