import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Marquee } from '@/components/marquee/marquee';
import { t } from '@/locales/i18n';
import { navigateToSpecUrl } from '@/platform/navigation';
import { BannerCarousel } from './banner-carousel';
import { getHomeBanners, getHomeMarquee, type HomeBanner, type HomeMarquee } from './api';

const BANNER_TONES = ['#ff7a1a', '#3e7bfa', '#e5362e'];

/** The marquee and the banner carousel, both fed by remote config (mpaas keys home_marquee, home_banners). */
export default function Banners() {
  const [banners, setBanners] = useState<HomeBanner[]>([]);
  const [marquee, setMarquee] = useState<HomeMarquee | null>(null);
  useEffect(() => {
    let live = true;
    getHomeBanners((b) => live && setBanners(b)).then((b) => live && setBanners(b), () => undefined);
    getHomeMarquee((m) => live && setMarquee(m)).then((m) => live && setMarquee(m), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  const notices = marquee?.items ?? [];
  return (
    <>
      {notices.length > 0 && (
        <View className='home__marquee' data-testid='home-marquee'>
          <Marquee speed={marquee?.speed} gap={marquee?.gap} leftIcon={<Text className='home__notice'>{t('home.notice')}</Text>}>
            {notices.map((n) => n.text).join('　｜　')}
          </Marquee>
        </View>
      )}
      {banners.length > 0 && (
        <View className='home__banners' data-testid='home-banners'>
          <BannerCarousel height={80}>
            {banners.map((b, i) => (
              <View key={b.id} className='home__banner' style={{ background: BANNER_TONES[i % BANNER_TONES.length] }} onClick={() => void navigateToSpecUrl(b.link)}>
                <Text className='home__banner-title'>{b.title}</Text>
              </View>
            ))}
          </BannerCarousel>
        </View>
      )}
    </>
  );
}

