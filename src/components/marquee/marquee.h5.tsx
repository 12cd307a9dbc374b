import { lazy, Suspense, useEffect, useState } from 'react';
import { View } from '@tarojs/components';
// The still line wears NoticeBar's own classes and sheet, so nothing moves when the scroller takes its place.
import '@nutui/nutui-react-taro/dist/es/packages/noticebar/style/css';
import { SWIPER_AUTOPLAY_MS } from '@/lib/constants';
import { useElderMode } from '@/platform/elder-mode';
import type { MarqueeProps } from './marquee.types';
import './marquee.scss';

export type { MarqueeProps } from './marquee.types';

// H5: NutUI's NoticeBar measures and animates with Taro's selector-query and canvas code (~10 KB gzip in all)
// that drawing the text does not need. The line is drawn still, as the NoticeBar shows it before it moves, and the
// scroller loads when the first autoplay interval is up (when the banner beside it starts moving too) or on a touch.
// The still line shows whole words only (marquee.scss); the scroller then starts moving at once, rather than after
// NoticeBar's usual one-second pause that would show the text cut at the box's edge.
const ScrollingMarquee = lazy(() => import('./scrolling-marquee').then((m) => ({ default: m.ScrollingMarquee })));

function StillMarquee({ leftIcon, onClick, children, onTouch }: MarqueeProps & { onTouch: () => void }) {
  return (
    <View className='nut-noticebar marquee marquee--still' onTouchStart={onTouch}>
      <View className='nut-noticebar-box nut-noticebar-box-left' onClick={() => onClick?.()}>
        {leftIcon ? <View className='nut-noticebar-box-left-icon'>{leftIcon}</View> : null}
        <View className='nut-noticebar-box-wrap'>
          <View className='nut-noticebar-box-wrap-content'>
            <View className='marquee__text'>{children}</View>
          </View>
        </View>
      </View>
    </View>
  );
}

export function Marquee(props: MarqueeProps) {
  const [live, setLive] = useState(false);
  // Elder mode (关怀版): the line stays still, whole, until the user touches it.
  const elder = useElderMode();
  useEffect(() => {
    if (elder) return undefined;
    const timer = setTimeout(() => setLive(true), SWIPER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [elder]);
  const still = <StillMarquee {...props} onTouch={() => setLive(true)} />;
  if (!live || elder) return still;
  return (
    <Suspense fallback={still}>
      <ScrollingMarquee {...props} delay={0} />
    </Suspense>
  );
}
