import { Text, View } from '@tarojs/components';
import { Marquee } from '@/components/marquee/marquee';
import { useRemote } from '@/components/use-remote/use-remote';
import { useExposure } from '@/components/use-exposure/use-exposure';
import { t } from '@/locales/home';
import { localizedText } from '@/locales/i18n';
import { navigateToSpecUrl } from '@/platform/navigation';
import { BannerCarousel } from './banner-carousel';
import { BANNER_HEIGHT_PX, BANNER_TONES } from './home-content';
import { getHomeBanners, getHomeMarquee, type HomeBanner, type HomeMarquee } from './api';

/**
 * The marquee and the banner carousel, both fed by remote config (mpaas keys home_marquee, home_banners). Until the
 * config answers, both are drawn empty at their full size, so nothing below them moves when they fill in; a key
 * that answers with nothing (or fails) then folds its row away.
 */
export function HomeBanners() {
  // A cached config is drawn at once and replaced by the fresh one when it arrives (the `update` of useRemote).
  const bannerConfig = useRemote<HomeBanner[]>((update) => getHomeBanners(update), []);
  const marqueeConfig = useRemote<HomeMarquee | null>((update) => getHomeMarquee(update), []);
  // undefined: not answered yet; a failure folds the row away like an empty answer.
  const banners = bannerConfig.status === 'loading' ? undefined : (bannerConfig.data ?? []);
  const marquee = marqueeConfig.status === 'loading' ? undefined : (marqueeConfig.data ?? null);
  const notices = marquee?.items ?? [];
  const bannersId = useExposure('home_banners', { enabled: (banners?.length ?? 0) > 0 });
  return (
    <>
      {(marquee === undefined || notices.length > 0) && (
        <View className='home__marquee' data-testid={marquee ? 'home-marquee' : undefined}>
          <Marquee speed={marquee?.speed} gap={marquee?.gap} leftIcon={<Text className='home__notice'>{t('home.notice')}</Text>}>
            {marquee ? notices.map((n) => localizedText(n.text, n.text_en)).join(t('home.noticeSeparator')) : '\u00a0'}
          </Marquee>
        </View>
      )}
      {banners === undefined ? (
        <View className='home__banners home__banners--loading' style={{ height: `${BANNER_HEIGHT_PX}px` }} />
      ) : banners.length > 0 ? (
        <View className='home__banners' id={bannersId} data-testid='home-banners'>
          <BannerCarousel height={BANNER_HEIGHT_PX}>
            {banners.map((b, i) => (
              <View
                key={b.id}
                className='home__banner'
                style={{ background: BANNER_TONES[i % BANNER_TONES.length] }}
                onClick={() => void navigateToSpecUrl(b.link)}
              >
                <Text className='home__banner-title'>{localizedText(b.title, b.title_en)}</Text>
              </View>
            ))}
          </BannerCarousel>
        </View>
      ) : null}
    </>
  );
}
