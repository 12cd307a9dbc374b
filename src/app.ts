import type { PropsWithChildren } from 'react';
import Taro, { useLaunch } from '@tarojs/taro';
import { NOT_FOUND_PAGE_PATH, stringifyQuery } from '@/lib/routes';
import { applyLaunchCookies } from '@/platform/cookies';
import { ensureCsprngReady } from '@/platform/csprng';
import { setTransportWhenLoaded } from '@/platform/http';
import { nativeBridgePresent } from '@/platform/native-app';
import { installSecureApi } from '@/platform/secure-api-install';
import { applyBootLocale, chooseLocale } from '@/platform/locale-preference';
import { pickLocale } from '@/locales/i18n';
import { captureLandingUrl } from '@/platform/share';
import { keepTopPageDrawn } from '@/platform/page-stack';
import { loadMonitoring } from '@/platform/monitoring';
import { applySpringVariables } from '@/components/spring/spring-easing';
import { installAccessibility } from '@/platform/a11y-host';
// NutUI: the theme's CSS variables once here; each component's own CSS is imported where it is used
// (`@nutui/nutui-react-taro/dist/es/packages/<name>/style/css`), never the 233 KB all-in-one sheet.
import '@nutui/nutui-react-taro/dist/styles/themes/default.css';
// The icons' sheet (size, spinner), which their barrel module would import: the build declares that module pure so
// an icon travels with its pages (config/nutui-sheet-trims.ts).
import '@nutui/icons-react-taro/dist/style_icon.css';
import { configure as configureIcons } from '@nutui/icons-react-taro';
import './app.scss';

// NutUI's icons draw an `<i>`, a tag the mini program's templates (Taro's base.wxml) do not have: WeChat drew no icon at
// all ("Template `tmpl_0_i` not found", tests/weapp/view-layer.test.ts). In the mini program they draw a `view`.
if (process.env.TARO_ENV === 'weapp') configureIcons({ tag: 'view' });

type LaunchQuery = Record<string, string | undefined>;

/** The mini program's own app id (weapp only; H5 has none). */
function miniProgramAppId(): string | undefined {
  if (process.env.TARO_ENV !== 'weapp') return undefined;
  try {
    return Taro.getAccountInfoSync().miniProgram.appId;
  } catch {
    return undefined;
  }
}

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    // Seed the CSPRNG early so the first encrypted call does not wait for it (weapp: wx.getRandomValues).
    void ensureCsprngReady().catch(() => undefined);
    // Inside a native app, web requests go through the bridge (docs/PRODUCT.md §7), whose code loads only there; requests made
    // before it has loaded wait for it. Elsewhere they go through fetch (H5) or wx.request (mini program).
    if (nativeBridgePresent()) {
      setTransportWhenLoaded(import('@/platform/http-bridge-transport').then((module) => module.createBridgeTransport()));
    }
    // Listed secure APIs are encrypted with the registered device key (docs/PRODUCT.md §7, docs/SECURITY.md).
    installSecureApi();
    // docs/PRODUCT.md §3 cookies that say where the visit came from; on weapp they ride in the emulated cookie jar.
    const query = ((options as { query?: LaunchQuery } | undefined)?.query ?? {}) as LaunchQuery;
    const scene = (options as { scene?: number } | undefined)?.scene;
    // The mini program learns its launch query here (H5 read its address at load, below).
    if (process.env.TARO_ENV === 'weapp' && query.lang) chooseLocale(pickLocale(query.lang));
    applyLaunchCookies({
      scene: scene === undefined ? undefined : String(scene),
      appid: miniProgramAppId(),
      channel: query.channel,
      unionid: query.unionid,
      trace: query.trace,
    });
  });
  return children;
}

// The language, before the first page draws: a `lang` query, else the user's choice, else the browser's or WeChat's
// language (platform/locale-preference.ts).
applyBootLocale();

// H5: real ARIA attributes for NutUI's widgets, and Enter/Space on controls that are not native ones; the mini program:
// a role and a name on NutUI's keypad keys (platform/a11y-host.*.ts).
installAccessibility();

if (process.env.TARO_ENV === 'h5') {
  // Before the router touches the address: iOS WeChat signs the share config against where the visit landed.
  captureLandingUrl();
  // A back within Taro's 350 ms slide after a push would leave the previous page blank (platform/page-stack.h5.ts).
  keepTopPageDrawn();
  // NutUI's keypad and swipers listen to touch events only; this lets a desktop mouse drive them too.
  void import('@nutui/touch-emulator');
  // Sheets and page transitions move with the spring defaults (docs/PRODUCT.md §9).
  applySpringVariables();
  // The operator's monitoring script, in the rc and master environments only (none unless the build names one).
  loadMonitoring();
}

// The mini program opens a missing page (an old share, a page not built yet) → our 404 page.
// H5 needs no hook: its catch-all route renders the 404 page at the unknown address.
if (process.env.TARO_ENV === 'weapp') {
  Taro.onPageNotFound((res) => {
    void Taro.redirectTo({ url: `/${NOT_FOUND_PAGE_PATH}${stringifyQuery({ path: `/${res.path}` })}` });
  });
}

export default App;
