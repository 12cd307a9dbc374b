import type { ReactNode } from 'react';

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
