import { lazy, Suspense } from 'react';
import { View } from '@tarojs/components';

// H5: the notice bar and banners (remote config) load after the home page has drawn, in their own chunk;
// a block of the same height holds their place meanwhile. The carousel itself waits longer (banner-carousel.h5).
const Banners = lazy(() => import('./home-banners'));

export function HomeBanners() {
  return (
    <Suspense fallback={<View className='home__banners-placeholder' />}>
      <Banners />
    </Suspense>
  );
}
