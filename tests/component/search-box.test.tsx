import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox, type SearchBoxProps } from '@/features/fund/search-box';
import type { SearchItem } from '@/lib/api-types/fund';
import { setLocale } from '@/locales/i18n';
import { pendingAnalyticsCount, resetAnalytics } from '@/platform/analytics';

const STOCK: SearchItem = { id: '009005', stype: 'funding', scode: '009005', sname: '远川成长股票A' };

/** The search field: Taro's input element (a custom element in jsdom; a real <input> in the H5 build). */
function input(): Element {
  const el = document.querySelector('taro-input-core, input');
  if (!el) throw new Error('no input rendered');
  return el;
}

/** Taro input events carry the text in `detail.value`, as on both real targets. */
function fire(type: 'input' | 'focus' | 'blur', value = ''): void {
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
    const search = jest.fn(async () => [STOCK]);
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
    expect(search).toHaveBeenCalledWith('009');
    expect(await screen.findByText('远川成长股票A')).toBeInTheDocument();
  });

  it('shows the dropdown on focus and hides it about 10 ms after blur', async () => {
    setup(async () => [STOCK]);
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
    const search = jest.fn(async () => [STOCK]);
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
    setup(async () => []);
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
    let resolveOld: (items: SearchItem[]) => void = () => undefined;
    const search = jest.fn((key: string) =>
      key === 'old' ? new Promise<SearchItem[]>((r) => (resolveOld = r)) : Promise.resolve([{ ...STOCK, sname: 'NEW' }]),
    );
    setup(search);
    fire('focus');
    type('old');
    await advance(200);
    type('new');
    await advance(200);
    await act(async () => resolveOld([{ ...STOCK, sname: 'OLD' }]));
    expect(screen.getByText('NEW')).toBeInTheDocument();
    expect(screen.queryByText('OLD')).not.toBeInTheDocument();
  });

  it('tapping a result selects it (even though the input blurs first) and tracks the click', async () => {
    const { onSelect } = setup(async () => [STOCK]);
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

  it('inside a native app, focus opens the native search instead of the dropdown', async () => {
    const onNativeSearch = jest.fn();
    const search = jest.fn(async () => [STOCK]);
    setup(search, { onNativeSearch });
    fire('focus');
    expect(onNativeSearch).toHaveBeenCalledTimes(1);
  });
});
