import { createElement, useEffect, useRef, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { brandName } from '@/lib/brand';
import { specUrl } from '@/lib/routes';
import { getLocale, t } from '@/locales/i18n';
import { PAGE_CODES, trackEvent } from '@/platform/analytics';
import { useBrand } from '@/platform/brand';
import { currentSpecUrl, navigateToSpecUrl, pageEnvironment } from '@/platform/navigation';
import { enableOpenTags } from '@/platform/share';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';
import { useExposure } from '../use-exposure/use-exposure';
import './download-bar.scss';

/** The bar's tap (the page field is the bar's own code, docs/PRODUCT.md §2.6 `download_bar`). */
export const DOWNLOAD_BAR_CLICK_EVENT = 'download_bar_click';

/** The fund app's id on the WeChat Open Platform (`TARO_APP_WECHAT_LAUNCH_APPID` at build time); '' = no open tag. */
export function wechatLaunchAppId(): string {
  return typeof WECHAT_LAUNCH_APPID === 'string' ? WECHAT_LAUNCH_APPID : '';
}

/** Where the bar shows: H5 outside our own app and third-party hosts (the header's Download box rule, docs/PRODUCT.md §2.2). */
export function showsDownloadBar(environment: { isOwnApp: boolean; isThirdApp: boolean }, taroEnv: string | undefined): boolean {
  return taroEnv === 'h5' && !environment.isOwnApp && !environment.isThirdApp;
}

interface OpenTagProps {
  appId: string;
  /** Handed to the app when it opens: the page to show there. */
  extinfo: string;
  label: string;
  onLaunch(): void;
  /** WeChat could not open the app (not installed, refused): the download page instead. */
  onFallback(): void;
}

/**
 * WeChat's `<wx-open-launch-app>` open tag (enabled by the `wechat-opentag` config, `enableOpenTags()`): WeChat draws
 * the button from the template inside a frame of its own, and opens the app on its tap — a page cannot do that itself.
 */
function WxOpenLaunchApp({ appId, extinfo, label, onLaunch, onFallback }: OpenTagProps) {
  const ref = useRef<HTMLElement | null>(null);
  const handlers = useRef({ onLaunch, onFallback });
  handlers.current = { onLaunch, onFallback };
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const launch = () => handlers.current.onLaunch();
    const error = () => handlers.current.onFallback();
    element.addEventListener('launch', launch);
    element.addEventListener('error', error);
    return () => {
      element.removeEventListener('launch', launch);
      element.removeEventListener('error', error);
    };
  }, []);
  const template = `<style>.b{border:0;border-radius:14px;padding:4px 12px;background:#1a73e8;color:#fff;font-size:13px}</style><button class="b">${label}</button>`;
  return createElement(
    'wx-open-launch-app',
    { ref, appid: appId, extinfo, class: 'dj-download-bar__open-tag', 'data-testid': 'download-bar-open-tag' },
    createElement('script', { type: 'text/wxtag-template', dangerouslySetInnerHTML: { __html: template } }),
  );
}

/**
 * The download bar (docs/PRODUCT.md §2.6 `download_bar`): on the fund page in a browser, an invitation to the app.
 * Outside WeChat its button opens the download page; inside WeChat, once the open-tag config is in, WeChat's
 * `wx-open-launch-app` button opens the app at this page (the download page when WeChat cannot). Seen once → one
 * exposure record, tapped → `download_bar_click`, both under the page code `download_bar`.
 */
export function DownloadBar() {
  const brand = useBrand();
  const [environment] = useState(() => pageEnvironment(sessionStore.get(SESSION_KEYS.channel)));
  const show = showsDownloadBar(environment, process.env.TARO_ENV);
  const appId = wechatLaunchAppId();
  const [openTag, setOpenTag] = useState(false);
  useEffect(() => {
    if (!show || !environment.isWechat || !appId) return undefined;
    let live = true;
    void enableOpenTags().then((ready) => live && setOpenTag(ready));
    return () => {
      live = false;
    };
  }, [show, environment.isWechat, appId]);
  const exposureId = useExposure('download_bar', { enabled: show, page: PAGE_CODES.downloadBar });
  if (!show) return null;

  const openDownload = () => void navigateToSpecUrl(specUrl('download'));
  const label = t('components.downloadBar.open');
  const tapped = (target: string) => trackEvent(DOWNLOAD_BAR_CLICK_EVENT, { page: PAGE_CODES.downloadBar, module: target });
  return (
    <View className='dj-download-bar' id={exposureId} data-testid='download-bar'>
      <Text className='dj-download-bar__text'>{t('components.downloadBar.text', { name: brandName(brand, getLocale()) })}</Text>
      {openTag ? (
        <WxOpenLaunchApp
          appId={appId}
          extinfo={currentSpecUrl()}
          label={label}
          onLaunch={() => tapped('open_tag')}
          onFallback={openDownload}
        />
      ) : (
        <View
          className='dj-download-bar__button'
          data-testid='download-bar-button'
          onClick={() => {
            tapped('download');
            openDownload();
          }}
        >
          <Text>{label}</Text>
        </View>
      )}
    </View>
  );
}
