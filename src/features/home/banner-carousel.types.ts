import type { ReactNode } from 'react';

export interface BannerCarouselProps {
  /** Slide height in px. */
  height: number;
  /** One child per slide. */
  children: ReactNode;
}
