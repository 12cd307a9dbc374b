import { AutoSwiper } from '@/components/auto-swiper/auto-swiper';
import type { BannerCarouselProps } from './banner-carousel.types';

// weapp: the native swiper component, nothing to defer.
export function BannerCarousel({ height, children }: BannerCarouselProps) {
  return <AutoSwiper height={height}>{children}</AutoSwiper>;
}
