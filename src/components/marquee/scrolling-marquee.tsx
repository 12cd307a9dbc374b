import type { ReactNode } from 'react';
import { View } from '@tarojs/components';
import { NoticeBar } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/noticebar/style/css';
import { MARQUEE_GAP_PX, MARQUEE_SPEED } from '@/lib/constants';

export interface MarqueeProps {
  /** Scrolling speed in pixels per second; defaults to MARQUEE_SPEED (50). */
  speed?: number;
  /** Space after the text before it comes round again, in px; defaults to MARQUEE_GAP_PX (50). */
  gap?: number;
  /** Shown on the left, e.g. a "notice" label. */
  leftIcon?: ReactNode;
  onClick?: () => void;
  children: ReactNode;
}

/** One line of text scrolling right to left (NutUI NoticeBar), for announcements. */
export function Marquee({ speed = MARQUEE_SPEED, gap = MARQUEE_GAP_PX, leftIcon, onClick, children }: MarqueeProps) {
  return (
    <NoticeBar className="marquee" speed={speed} scrollable leftIcon={leftIcon} onClick={() => onClick?.()}>
      <View className="marquee__text" style={{ paddingRight: `${gap}px` }}>
        {children}
      </View>
    </NoticeBar>
  );
}
