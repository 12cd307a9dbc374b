import { View } from '@tarojs/components';
import { NoticeBar } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/noticebar/style/css';
import { MARQUEE_GAP_PX, MARQUEE_SPEED } from '@/lib/constants';
import type { MarqueeProps } from './marquee.types';

/**
 * One line of text scrolling right to left (NutUI NoticeBar), for announcements. `delay`: seconds before it first
 * moves (NoticeBar's default 1; the H5 passes 0, taking over from its still line).
 */
export function ScrollingMarquee({
  speed = MARQUEE_SPEED,
  gap = MARQUEE_GAP_PX,
  delay = 1,
  leftIcon,
  onClick,
  children,
}: MarqueeProps & { delay?: number }) {
  return (
    <NoticeBar className='marquee' speed={speed} delay={delay} scrollable leftIcon={leftIcon} onClick={() => onClick?.()}>
      <View className='marquee__text' style={{ paddingRight: `${gap}px` }}>
        {children}
      </View>
    </NoticeBar>
  );
}
