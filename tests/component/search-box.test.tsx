import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox, type SearchBoxProps, type SearchPage } from '@/features/fund/search-box';
import type { SearchItem } from '@/lib/api-types/fund';
import { setLocale } from '@/locales/i18n';
import { pendingAnalyticsCount, resetAnalytics } from '@/platform/analytics';

const STOCK: SearchItem = { id: '009005', stype: 'funding', scode: '009005', sname: '远川成长股票A' };
const one = (item: SearchItem): SearchPage => ({ items: [item], total: 1 });

// jsdom's Taro input logs a long stack on every value change; on a busy machine a test can pass 5 s.
jest.setTimeout(30_000);

/** The search field: Taro's input element (a custom element in jsdom; a real <input> in the H5 build). */
function input(): Element {
  const el = document.querySelector('taro-input-core, input');
  if (!el) throw new Error('no input rendered');
  return el;
}

/** Taro input events carry the text in `detail.value`, as on both real targets. */
function fire(type: 'input' | 'focus' | 'blur' | 'confirm', value = ''): void {
  act(() => {
    input().dispatchEvent(new CustomEvent(type, { detail: { value }, bubbles: true }));
  });
}

function type(text: string): void {
  fire('input', text);
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}

function setup(search: SearchBoxProps['search'], extra: Partial<SearchBoxProps> = {}) {
  const onSelect = jest.fn();
  render(<SearchBox search={search} onSelect={onSelect} {...extra} />);
  return { onSelect };
}

describe('SearchBox timing (docs/PRODUCT.md §4, §5)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetAnalytics();
  });
  afterEach(() => {
    jest.useRealTimers();
    setLocale('zh-CN');
  });

  it('debounces typing by 200 ms and searches only the last text, trimmed', async () => {
    const search = jest.fn(async () => one(STOCK));
    setup(search);
    fire('focus');
    type('0');
    await advance(100);
    type('00');
    await advance(100);
    type(' 009 ');
    await advance(199);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('009', 1);
    expect(await screen.findByText('远川成长股票A')).toBeInTheDocument();
  });

  it('shows the dropdown on focus and hides it about 10 ms after blur', async () => {
    setup(async () => one(STOCK));
    fire('focus');
    type('yc');
    await advance(200);
    expect(screen.getByTestId('search-dropdown')).toBeInTheDocument();
    fire('blur');
    await advance(9);
    expect(screen.queryByTestId('search-dropdown')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('search-dropdown')).not.toBeInTheDocument();
    fire('focus');
    expect(screen.getByTestId('search-dropdown')).toBeInTheDocument();
  });

  it('empty input clears the results at once (no search sent)', async () => {
    const search = jest.fn(async () => one(STOCK));
    setup(search);
    fire('focus');
    type('009');
    await advance(200);
    expect(screen.getByText('远川成长股票A')).toBeInTheDocument();
    type('   ');
    expect(screen.queryByText('远川成长股票A')).not.toBeInTheDocument();
    await advance(500);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('says "No relevant content found" for an empty result, in both locales', async () => {
    setup(async () => ({ items: [], total: 0 }));
    fire('focus');
    type('zzzz');
    await advance(200);
    expect(screen.getByText('暂无相关内容，换个词试试吧~')).toBeInTheDocument();
    act(() => setLocale('en-US'));
    type('zzzzz');
    await advance(200);
    expect(screen.getByText('No relevant content found, try searching something else ~')).toBeInTheDocument();
  });

  it('a late answer to an older text never replaces the newer one', async () => {
    let resolveOld: (found: SearchPage) => void = () => undefined;
    const search = jest.fn((key: string) =>
      key === 'old' ? new Promise<SearchPage>((r) => (resolveOld = r)) : Promise.resolve(one({ ...STOCK, sname: 'NEW' })),
    );
    setup(search);
    fire('focus');
    type('old');
    await advance(200);
    type('new');
    await advance(200);
    await act(async () => resolveOld(one({ ...STOCK, sname: 'OLD' })));
    expect(screen.getByText('NEW')).toBeInTheDocument();
    expect(screen.queryByText('OLD')).not.toBeInTheDocument();
  });

  it('tapping a result selects it (even though the input blurs first) and tracks the click', async () => {
    const { onSelect } = setup(async () => one(STOCK));
    fire('focus');
    type('009005');
    await advance(200);
    const row = screen.getByTestId('search-result');
    fireEvent.touchStart(row);
    fire('blur');
    await advance(50);
    fireEvent.click(row);
    expect(onSelect).toHaveBeenCalledWith(STOCK);
    expect(pendingAnalyticsCount()).toBe(1);
    expect(screen.queryByTestId('search-dropdown')).not.toBeInTheDocument();
  });

  it('says how many funds match and loads the next page on "more", until all are shown', async () => {
    const fund = (n: number): SearchItem => ({
      id: String(n).padStart(6, '0'),
      stype: 'funding',
      scode: String(n).padStart(6, '0'),
      sname: `基金${n}`,
    });
    const all = Array.from({ length: 45 }, (_, i) => fund(i + 1));
    const search = jest.fn(async (_key: string, page: number) => ({ items: all.slice((page - 1) * 20, page * 20), total: all.length }));
    setup(search);
    fire('focus');
    type('00');
    await advance(200);
    expect(screen.getByTestId('search-count')).toHaveTextContent('共45只基金');
    expect(screen.getAllByTestId('search-result')).toHaveLength(20);
    // A tap on "more" blurs the input first: the list stays for the next page.
    fireEvent.touchStart(screen.getByTestId('search-more'));
    fire('blur');
    await advance(5);
    fireEvent.click(screen.getByTestId('search-more'));
    await advance(50);
    expect(search).toHaveBeenLastCalledWith('00', 2);
    expect(screen.getAllByTestId('search-result')).toHaveLength(40);
    expect(screen.getByText('基金40')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('search-more'));
    await advance(0);
    expect(search).toHaveBeenLastCalledWith('00', 3);
    expect(screen.getAllByTestId('search-result')).toHaveLength(45);
    expect(screen.queryByTestId('search-more')).not.toBeInTheDocument();
  });

  it('Enter on an exact six-digit code that is found opens that fund at once (no debounce)', async () => {
    const other: SearchItem = { ...STOCK, id: '009006', scode: '009006', sname: '别的基金' };
    const search = jest.fn(async () => ({ items: [STOCK, other], total: 2 }));
    const { onSelect } = setup(search);
    fire('focus');
    type('009005');
    fire('confirm', '009005');
    await advance(0);
    expect(search).toHaveBeenCalledWith('009005', 1);
    expect(onSelect).toHaveBeenCalledWith(STOCK);
    expect(screen.queryByTestId('search-dropdown')).not.toBeInTheDocument();
  });

  it('Enter on a name (or a code nobody has) shows the results at once instead of opening anything', async () => {
    const search = jest.fn(async () => ({ items: [STOCK], total: 1 }));
    const { onSelect } = setup(search);
    fire('focus');
    type('999999');
    fire('confirm', '999999');
    await advance(0);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByTestId('search-dropdown')).toBeInTheDocument();
    expect(screen.getByTestId('search-count')).toHaveTextContent('共1只基金');
    type('远川');
    fire('confirm', '远川');
    await advance(0);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByText('远川成长股票A')).toBeInTheDocument();
  });

  it('inside a native app, focus opens the native search instead of the dropdown', async () => {
    const onNativeSearch = jest.fn();
    const search = jest.fn(async () => one(STOCK));
    setup(search, { onNativeSearch });
    fire('focus');
    expect(onNativeSearch).toHaveBeenCalledTimes(1);
  });
});
