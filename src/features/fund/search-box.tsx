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

export interface SearchBoxProps {
  /** Runs the search (the server matches code prefix, name and pinyin initials). */
  search: (key: string) => Promise<SearchItem[]>;
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
 * only the answer to the latest text is shown.
 */
export function SearchBox({ search, onSelect, onBuy, onNativeSearch, placeholder }: SearchBoxProps) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<SearchItem[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
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
    setPhase('idle');
  };

  const onChange = (text: string) => {
    setValue(text);
    const key = text.trim();
    if (!key) {
      clear();
      return;
    }
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      const ticket = (latest.current += 1);
      setPhase('searching');
      search(key).then(
        (found) => {
          if (ticket !== latest.current) return;
          setItems(found);
          setPhase('done');
        },
        () => {
          if (ticket !== latest.current) return;
          setItems([]);
          setPhase('failed');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
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

  const showList = open && value.trim() !== '' && (phase === 'done' || phase === 'failed');

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
        inputProps={{ 'aria-label': t('search.label') } as Record<string, string>}
      />
      {showList && (
        <View className='search-box__dropdown' data-testid='search-dropdown' role='listbox'>
          {phase === 'failed' && <Text className='search-box__empty'>{t('search.failed')}</Text>}
          {phase === 'done' && items.length === 0 && <Text className='search-box__empty'>{t('search.empty')}</Text>}
          {items.map((item) => (
            <View
              key={`${item.stype}:${item.id}`}
              className='search-box__item'
              role='option'
              data-testid='search-result'
              onTouchStart={() => {
                pressing.current = true;
              }}
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
        </View>
      )}
    </View>
  );
}
