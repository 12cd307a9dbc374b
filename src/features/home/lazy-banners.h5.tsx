import { lazy, Suspense } from 'react';
import { View } from '@tarojs/components';

// H5: the carousel (NutUI Swiper on the `swiper` library, ~47 KB gzip) loads after the home page has drawn,
// in its own chunk; a block of the same height holds its place meanwhile.
const Banners = lazy(() => import('./home-banners'));

export function HomeBanners() {
  return (
    <Suspense fallback={<View className='home__banners-placeholder' />}>
      <Banners />
    </Suspense>
  );
}
