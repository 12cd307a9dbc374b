import { Children, type ReactNode } from 'react';
import { Swiper } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/swiper/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/swiperitem/style/css';
import { SWIPER_AUTOPLAY_MS } from '@/lib/constants';
import { useElderMode } from '@/platform/elder-mode';

export interface AutoSwiperProps {
  /** Time each slide stays, in ms; defaults to SWIPER_AUTOPLAY_MS (3000). */
  interval?: number;
  /** Height of the slides (CSS length or px number). */
  height?: string | number;
  /** Show the page dots; defaults to true. */
  indicator?: boolean;
  onChange?: (index: number) => void;
  /** One child per slide. */
  children: ReactNode;
}

/** Banner carousel (NutUI Swiper) that autoplays in a loop — except in elder mode (关怀版: nothing moves by itself). */
export function AutoSwiper({ interval = SWIPER_AUTOPLAY_MS, height, indicator = true, onChange, children }: AutoSwiperProps) {
  const elder = useElderMode();
  return (
    <Swiper
      className='auto-swiper'
      autoPlay={!elder}
      loop
      interval={interval}
      height={height}
      indicator={indicator}
      onChange={(event: { detail: { current: number } }) => onChange?.(event.detail.current)}
    >
      {Children.toArray(children).map((slide, index) => (
        <Swiper.Item key={index}>{slide}</Swiper.Item>
      ))}
    </Swiper>
  );
}
