import Banners from './home-banners';

// weapp: the native swiper component, nothing to defer.
export function HomeBanners() {
  return <Banners />;
}
