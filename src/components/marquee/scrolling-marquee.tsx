import { View } from '@tarojs/components';
import { NoticeBar } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/noticebar/style/css';
import { MARQUEE_GAP_PX, MARQUEE_SPEED } from '@/lib/constants';
import type { MarqueeProps } from './marquee.types';

/** One line of text scrolling right to left (NutUI NoticeBar), for announcements. */
export function ScrollingMarquee({ speed = MARQUEE_SPEED, gap = MARQUEE_GAP_PX, leftIcon, onClick, children }: MarqueeProps) {
  return (
    <NoticeBar className='marquee' speed={speed} scrollable leftIcon={leftIcon} onClick={() => onClick?.()}>
      <View className='marquee__text' style={{ paddingRight: `${gap}px` }}>
        {children}
      </View>
    </NoticeBar>
  );
}
