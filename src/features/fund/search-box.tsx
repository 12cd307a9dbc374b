import { useEffect, useRef, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { SearchBar } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/searchbar/style/css';
import { SEARCH_BLUR_HIDE_MS, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { t } from '@/locales/search';
import { PAGE_CODES, trackEvent } from '@/platform/analytics';
import type { SearchItem } from '@/lib/api-types/fund';
import './search-box.scss';

export const SEARCH_CLICK_EVENT = 'search_click';

/** One page of results and how many there are in all. */
export interface SearchPage {
  items: SearchItem[];
  total: number;
}

/** A six-digit fund code: Enter on it opens the fund when the search finds it. */
const FUND_CODE = /^\d{6}$/;

export interface SearchBoxProps {
  /** Runs the search (the server matches code prefix, name and pinyin initials), page 1, 2, …. */
  search: (key: string, page: number) => Promise<SearchPage>;
  /** A result was tapped (the page navigates: fund → /funding/{code}). */
  onSelect: (item: SearchItem) => void;
  /** Given: each fund result has a 买入 button, which calls this (the purchase gates, then the buy page). */
  onBuy?: (item: SearchItem) => void;
  /**
   * Inside a native app the app's own search screen is used (docs/PRODUCT.md §2 native destination "search"):
   * focusing the box calls this instead of opening the web dropdown.
   */
  onNativeSearch?: () => void;
  placeholder?: string;
}

type Phase = 'idle' | 'searching' | 'done' | 'failed';

/**
 * Fund search with a dropdown of results (docs/PRODUCT.md §2, §4, §5): the dropdown shows on focus and hides
 * SEARCH_BLUR_HIDE_MS after blur; typing is debounced SEARCH_DEBOUNCE_MS; an empty input clears the results;
 * only the answer to the latest text is shown. The dropdown says how many funds match and loads the next page
 * on "more"; Enter searches at once, and on an exact six-digit code that is found opens that fund.
 */
export function SearchBox({ search, onSelect, onBuy, onNativeSearch, placeholder }: SearchBoxProps) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<SearchItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [phase, setPhase] = useState<Phase>('idle');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const debounce = useRef<ReturnType<typeof setTimeout>>();
  const hide = useRef<ReturnType<typeof setTimeout>>();
  const latest = useRef(0);
  // A finger/mouse is down on a result: the blur that follows must not hide the list before the tap lands.
  const pressing = useRef(false);

  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      clearTimeout(hide.current);
    },
    [],
  );

  const clear = () => {
    clearTimeout(debounce.current);
    latest.current += 1;
    setItems([]);
    setTotal(0);
    setPhase('idle');
  };

  /** Searches key's first page now; `then` sees the answer when it is still the latest. */
  const run = (key: string, then?: (found: SearchPage) => boolean) => {
    const ticket = (latest.current += 1);
    setPhase('searching');
    setMoreFailed(false);
    search(key, 1).then(
      (found) => {
        if (ticket !== latest.current) return;
        if (then?.(found)) return;
        setItems(found.items);
        setTotal(Math.max(found.total, found.items.length));
        setPage(1);
        setPhase('done');
      },
      () => {
        if (ticket !== latest.current) return;
        setItems([]);
        setTotal(0);
        setPhase('failed');
      },
    );
  };

  const onChange = (text: string) => {
    setValue(text);
    const key = text.trim();
    if (!key) {
      clear();
      return;
    }
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => run(key), SEARCH_DEBOUNCE_MS);
  };

  const loadMore = () => {
    const key = value.trim();
    if (!key || loadingMore) return;
    const ticket = latest.current;
    setLoadingMore(true);
    setMoreFailed(false);
    search(key, page + 1).then(
      (found) => {
        if (ticket !== latest.current) return;
        setItems((cur) => [...cur, ...found.items.filter((i) => !cur.some((c) => c.stype === i.stype && c.id === i.id))]);
        setTotal((cur) => Math.max(cur, found.total));
        setPage(page + 1);
        setLoadingMore(false);
      },
      () => {
        if (ticket !== latest.current) return;
        setMoreFailed(true);
        setLoadingMore(false);
      },
    );
  };

  const onFocus = () => {
    clearTimeout(hide.current);
    if (onNativeSearch) {
      onNativeSearch();
      return;
    }
    setOpen(true);
  };

  const onBlur = () => {
    clearTimeout(hide.current);
    hide.current = setTimeout(() => {
      if (!pressing.current) setOpen(false);
    }, SEARCH_BLUR_HIDE_MS);
  };

  const select = (item: SearchItem) => {
    pressing.current = false;
    setOpen(false);
    trackEvent(SEARCH_CLICK_EVENT, { page: PAGE_CODES.search });
    onSelect(item);
  };

  /** Enter: an exact fund code that is found opens the fund; otherwise the results show at once. */
  const onEnter = () => {
    const key = value.trim();
    if (!key || onNativeSearch) return;
    clearTimeout(debounce.current);
    clearTimeout(hide.current);
    setOpen(true);
    const exactIn = (list: readonly SearchItem[]) =>
      FUND_CODE.test(key) ? list.find((i) => i.stype === 'funding' && i.scode === key) : undefined;
    run(key, (found) => {
      const exact = exactIn(found.items);
      if (exact) select(exact);
      return !!exact;
    });
  };

  const showList = open && value.trim() !== '' && (phase === 'done' || phase === 'failed');
  const hold = () => {
    pressing.current = true;
  };
  // A mouse press blurs the input before the click lands, as a touch does: hold the list open for it (desktop).
  const mouseHold = { onMouseDown: hold } as object;

  return (
    <View className='search-box' data-testid='search-box'>
      <SearchBar
        shape='round'
        value={value}
        placeholder={placeholder ?? t('search.placeholder')}
        maxLength={50}
        clearable
        onChange={onChange}
        onFocus={onFocus}
        onBlur={onBlur}
        onClear={() => onChange('')}
        onSearch={onEnter}
        inputProps={{ 'aria-label': t('search.label') } as Record<string, string>}
      />
      {showList && (
        <View className='search-box__dropdown' data-testid='search-dropdown' role='listbox'>
          {phase === 'failed' && <Text className='search-box__empty'>{t('search.failed')}</Text>}
          {phase === 'done' && items.length === 0 && <Text className='search-box__empty'>{t('search.empty')}</Text>}
          {phase === 'done' && items.length > 0 && (
            <Text className='search-box__count' data-testid='search-count'>
              {t('search.count', { count: total })}
            </Text>
          )}
          {items.map((item) => (
            <View
              key={`${item.stype}:${item.id}`}
              className='search-box__item'
              role='option'
              data-testid='search-result'
              onTouchStart={hold}
              {...mouseHold}
              onTouchCancel={() => {
                pressing.current = false;
              }}
              onClick={() => select(item)}
            >
              <Text className='search-box__name'>{item.sname}</Text>
              <Text className='search-box__code'>{item.scode}</Text>
              {onBuy && item.stype === 'funding' ? (
                <Text
                  className='search-box__buy'
                  data-testid='search-result-buy'
                  onClick={(event) => {
                    event.stopPropagation();
                    pressing.current = false;
                    setOpen(false);
                    onBuy(item);
                  }}
                >
                  {t('search.buy')}
                </Text>
              ) : null}
            </View>
          ))}
          {phase === 'done' && items.length < total && (
            <View
              className='search-box__more'
              data-testid='search-more'
              onTouchStart={hold}
              {...mouseHold}
              onClick={() => {
                // The tap blurred the input: the list stays open for the page it asked for.
                clearTimeout(hide.current);
                pressing.current = false;
                setOpen(true);
                loadMore();
              }}
            >
              <Text>
                {loadingMore ? t('search.loading') : moreFailed ? t('search.retryMore') : t('search.more', { count: total - items.length })}
              </Text>
            </View>
          )}
        </View>
      )}
    </View>
  );
}
