import { Children, lazy, Suspense, useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { SWIPER_AUTOPLAY_MS } from '@/lib/constants';
import type { BannerCarouselProps } from './banner-carousel.types';

// H5: the carousel (NutUI Swiper on the `swiper` library, ~47 KB gzip) is not needed to draw the first slide,
// only to move to the next one. The first slide is drawn plainly; the carousel loads when the first
// autoplay interval is up, or at once when the reader touches the banner.
const AutoSwiper = lazy(() => import('@/components/auto-swiper/auto-swiper').then((m) => ({ default: m.AutoSwiper })));

export function BannerCarousel({ height, children }: BannerCarouselProps) {
  const slides = Children.toArray(children);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (slides.length < 2) return undefined;
    const timer = setTimeout(() => setLive(true), SWIPER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [slides.length]);
  const first = (
    <View className='home__banner-still' style={{ height: `${height}px` }} onTouchStart={() => setLive(true)}>
      {slides[0]}
    </View>
  );
  if (!live || slides.length < 2) return first;
  return (
    <Suspense fallback={first}>
      <AutoSwiper height={height}>{children}</AutoSwiper>
    </Suspense>
  );
}
