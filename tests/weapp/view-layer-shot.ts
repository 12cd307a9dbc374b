// Pictures of the view layer (docs/WEAPP.md "The view layer"): a page rendered by view-layer.ts, laid out by Chromium at
// a 375 × 667 phone with the stylesheet WeChat's compiler made of the build's WXSS (rpx at 375 px / 750 rpx), inside
// the phone's own frame — status bar, WeChat's navigation bar with its capsule, the tab bar of app.json on tab pages.
//
// The webview's built-in components come from WeChat's base library, which is not here: BASE_LIBRARY_STAND_IN gives
// them the base library's default look (block views, inline text, 320 × 240 images drawn by `mode`, the grey default
// button, inputs with their placeholder, swipers showing their current item) from the properties view-layer.ts
// reflected as attributes. Native components (canvas…) are drawn by the phone over the webview: here a dashed box.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AppJson } from './weapp-build';

export const PHONE = { width: 375, height: 667 } as const;
const STATUS_BAR = 20;
const NAVIGATION_BAR = 44;
const TAB_BAR = 50;

/** The origin the snapshot's files are served from (Playwright routes it to the build directory). */
export const BUILD_ORIGIN = 'https://weapp.build';

/** WeChat's base library, approximated: the default look of the built-in components the templates use. */
const BASE_LIBRARY_STAND_IN_CSS = `
html, body { margin: 0; }
body { font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", "Helvetica Neue", sans-serif; font-size: 16px; color: #000; background: #fff; -webkit-text-size-adjust: 100%; }
wx-page-root { display: block; min-height: 100%; }
wx-view, wx-scroll-view, wx-swiper, wx-swiper-item, wx-form, wx-cover-view, wx-movable-area, wx-rich-text, wx-page-container, wx-root-portal, wx-navigator { display: block; }
wx-text, wx-label { display: inline; }
wx-text { white-space: pre-wrap; }
wx-image { display: inline-block; width: 320px; height: 240px; overflow: hidden; position: relative; }
wx-image > .wx-image-paint { position: absolute; inset: 0; background-repeat: no-repeat; }
wx-image[mode="widthFix"] { height: auto; }
wx-image[mode="widthFix"] > img { display: block; width: 100%; height: auto; }
wx-image[mode="heightFix"] { width: auto; }
wx-image[mode="heightFix"] > img { display: block; height: 100%; width: auto; }
wx-button { position: relative; display: block; margin-left: auto; margin-right: auto; padding-left: 14px; padding-right: 14px; box-sizing: border-box; font-size: 18px; text-align: center; text-decoration: none; line-height: 2.55555556; border-radius: 5px; overflow: hidden; color: #000; background-color: #f8f8f8; }
wx-button::after { content: " "; width: 200%; height: 200%; position: absolute; top: 0; left: 0; border: 1px solid rgba(0, 0, 0, .2); transform: scale(.5); transform-origin: 0 0; box-sizing: border-box; border-radius: 10px; pointer-events: none; }
wx-button[type="primary"] { color: #fff; background-color: #07c160; }
wx-button[type="warn"] { color: #fff; background-color: #e64340; }
wx-button[size="mini"] { display: inline-block; line-height: 2.3; font-size: 13px; padding: 0 1.34em; }
wx-button[plain] { color: #353535; border: 1px solid #353535; background-color: transparent; }
wx-button[disabled] { color: rgba(0, 0, 0, .3); }
wx-input { display: block; height: 1.4rem; min-height: 1.4rem; line-height: 1.4rem; overflow: hidden; white-space: nowrap; text-overflow: clip; cursor: auto; }
wx-textarea { display: block; position: relative; width: 300px; height: 150px; white-space: pre-wrap; overflow: hidden; }
.wx-placeholder { color: #808080; }
wx-scroll-view[scroll-x] { overflow-x: auto; white-space: nowrap; }
wx-scroll-view[scroll-y] { overflow-y: auto; }
wx-swiper { position: relative; height: 150px; overflow: hidden; }
wx-swiper-item { position: absolute; left: 0; top: 0; width: 100%; height: 100%; overflow: hidden; }
.wx-swiper-dots { position: absolute; left: 50%; bottom: 10px; transform: translateX(-50%); display: flex; gap: 8px; }
.wx-swiper-dot { width: 8px; height: 8px; border-radius: 50%; background: rgba(0, 0, 0, .3); }
.wx-swiper-dot--active { background: #000; }
wx-icon { display: inline-block; width: 23px; height: 23px; border-radius: 50%; background: #07c160; vertical-align: middle; }
wx-canvas, wx-map, wx-video, wx-camera, wx-live-player, wx-live-pusher, wx-web-view { display: block; position: relative; width: 300px; height: 150px; }
.wx-native { position: absolute; inset: 0; border: 1px dashed #c9ced6; display: flex; align-items: center; justify-content: center; color: #9aa1ab; font-size: 11px; }
wx-progress { display: flex; align-items: center; }
wx-switch, wx-checkbox, wx-radio { display: inline-block; }
`;

/** Draws the built-in components from their reflected properties (runs inside the webview frame). */
const BASE_LIBRARY_STAND_IN_JS = `(() => {
  const mode = (el) => el.getAttribute('mode') || 'scaleToFill';
  for (const el of document.querySelectorAll('wx-image, wx-cover-image')) {
    const src = el.getAttribute('src');
    if (!src) continue;
    const m = mode(el);
    if (m === 'widthFix' || m === 'heightFix') {
      const img = document.createElement('img');
      img.src = src;
      el.prepend(img);
      continue;
    }
    const paint = document.createElement('div');
    paint.className = 'wx-image-paint';
    paint.style.backgroundImage = 'url("' + new URL(src, document.baseURI).href + '")';
    const sizes = { scaleToFill: '100% 100%', aspectFit: 'contain', aspectFill: 'cover' };
    paint.style.backgroundSize = sizes[m] || 'auto auto';
    const positions = { top: 'center top', bottom: 'center bottom', left: 'left center', right: 'right center', center: 'center center',
      'top left': 'left top', 'top right': 'right top', 'bottom left': 'left bottom', 'bottom right': 'right bottom' };
    paint.style.backgroundPosition = positions[m] || 'center center';
    el.prepend(paint);
  }
  for (const el of document.querySelectorAll('wx-input, wx-textarea')) {
    const value = el.getAttribute('value');
    const shown = document.createElement('div');
    if (value) {
      shown.textContent = el.hasAttribute('password') || el.getAttribute('type') === 'safe-password' ? '•'.repeat(value.length) : value;
    } else if (el.getAttribute('placeholder')) {
      shown.textContent = el.getAttribute('placeholder');
      shown.className = 'wx-placeholder ' + (el.getAttribute('placeholder-class') || '');
      shown.setAttribute('style', el.getAttribute('placeholder-style') || '');
    }
    el.prepend(shown);
  }
  for (const swiper of document.querySelectorAll('wx-swiper')) {
    const items = [...swiper.children].filter((c) => c.tagName === 'WX-SWIPER-ITEM');
    const current = Number(swiper.getAttribute('current') || 0);
    const vertical = swiper.hasAttribute('vertical');
    items.forEach((item, i) => { item.style.transform = (vertical ? 'translateY(' : 'translateX(') + (i - current) * 100 + '%)'; });
    if (swiper.hasAttribute('indicator-dots') && items.length > 1) {
      const dots = document.createElement('div');
      dots.className = 'wx-swiper-dots';
      items.forEach((_, i) => {
        const dot = document.createElement('span');
        dot.className = 'wx-swiper-dot' + (i === current ? ' wx-swiper-dot--active' : '');
        dots.append(dot);
      });
      swiper.append(dots);
    }
  }
  for (const el of document.querySelectorAll('wx-canvas, wx-map, wx-video, wx-camera, wx-live-player, wx-live-pusher, wx-web-view')) {
    const box = document.createElement('div');
    box.className = 'wx-native';
    box.textContent = el.tagName.toLowerCase().slice(3) + '（原生组件，未绘制）';
    el.append(box);
  }
})();`;

export interface PhoneFrame {
  app: AppJson;
  /** The page's .json: its window settings override app.json's. */
  pageJson: Record<string, unknown>;
  /** Navigation bar title (the page's navigationBarTitleText, or the last wx.setNavigationBarTitle). */
  title: string;
  /** A back arrow: the page was navigated to (not a tab page, not the first page). */
  back: boolean;
  /** This page's tab (its tab bar item selected), or null off the tab pages. */
  tab: string | null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The webview's document: the page's markup and stylesheet, the stand-in for the base library, relative URLs from the page's folder. */
export function webviewDocument(route: string, snapshot: { html: string; css: string }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base href="${BUILD_ORIGIN}/${path.posix.dirname(route)}/">
<style>${BASE_LIBRARY_STAND_IN_CSS}</style><style>${snapshot.css}</style></head>
<body>${snapshot.html}<script>${BASE_LIBRARY_STAND_IN_JS}</script></body></html>`;
}

/** The phone: status bar, navigation bar (WeChat's, with its capsule), the webview, the tab bar. */
export function phoneDocument(route: string, snapshot: { html: string; css: string }, frame: PhoneFrame): string {
  const window = { ...(frame.app.window ?? {}), ...frame.pageJson } as Record<string, string>;
  const navBackground = window.navigationBarBackgroundColor ?? '#ffffff';
  const navText = window.navigationBarTextStyle === 'white' ? '#ffffff' : '#000000';
  const tabHeight = frame.tab ? TAB_BAR : 0;
  const webviewHeight = PHONE.height - STATUS_BAR - NAVIGATION_BAR - tabHeight;
  let tabBar = '';
  if (frame.tab) {
    const bar = frame.app.tabBar as unknown as {
      color: string;
      selectedColor: string;
      backgroundColor: string;
      borderStyle?: string;
      list: { pagePath: string; text: string; iconPath?: string; selectedIconPath?: string }[];
    };
    const items = bar.list
      .map((item) => {
        const selected = item.pagePath === frame.tab;
        const icon = selected ? item.selectedIconPath : item.iconPath;
        return `<div class="tab"><img src="${BUILD_ORIGIN}/${icon ?? ''}" alt=""><span style="color:${selected ? bar.selectedColor : bar.color}">${escapeHtml(item.text)}</span></div>`;
      })
      .join('');
    tabBar = `<div class="tabbar" style="background:${bar.backgroundColor};border-top-color:${bar.borderStyle === 'white' ? '#fff' : 'rgba(0,0,0,.33)'}">${items}</div>`;
  }
  const capsuleColor = navText === '#ffffff' ? 'rgba(255,255,255,.6)' : 'rgba(0,0,0,.15)';
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; width: ${PHONE.width}px; height: ${PHONE.height}px; overflow: hidden; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; }
.status { height: ${STATUS_BAR}px; background: ${navBackground}; color: ${navText}; font-size: 12px; font-weight: 600; display: flex; align-items: center; justify-content: space-between; padding: 0 8px; box-sizing: border-box; }
.nav { height: ${NAVIGATION_BAR}px; background: ${navBackground}; color: ${navText}; position: relative; display: flex; align-items: center; justify-content: center; font-size: 17px; font-weight: 500; border-bottom: 0.5px solid rgba(0,0,0,.08); box-sizing: border-box; }
.nav .title { max-width: 200px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.nav .back { position: absolute; left: 12px; top: 13px; width: 11px; height: 11px; border-left: 2.5px solid ${navText}; border-bottom: 2.5px solid ${navText}; transform: rotate(45deg); }
.capsule { position: absolute; right: 7px; top: 6px; width: 87px; height: 32px; border: 0.5px solid ${capsuleColor}; border-radius: 16px; display: flex; align-items: center; box-sizing: border-box; background: rgba(255,255,255,.6); }
.capsule .dots { flex: 1; text-align: center; font-size: 16px; letter-spacing: 1px; line-height: 1; color: ${navText}; }
.capsule .sep { width: 0.5px; height: 18px; background: ${capsuleColor}; }
.capsule .ring { flex: 1; display: flex; justify-content: center; }
.capsule .ring i { width: 14px; height: 14px; border: 2px solid ${navText}; border-radius: 50%; box-sizing: border-box; position: relative; }
.capsule .ring i::after { content: ""; position: absolute; left: 3px; top: 3px; width: 4px; height: 4px; border-radius: 50%; background: ${navText}; }
iframe { display: block; border: 0; width: ${PHONE.width}px; height: ${webviewHeight}px; }
.tabbar { height: ${TAB_BAR}px; display: flex; border-top: 0.5px solid; box-sizing: border-box; }
.tab { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; font-size: 10px; }
.tab img { width: 24px; height: 24px; margin-bottom: 2px; }
</style></head><body>
<div class="status"><span>9:41</span><span>WeChat</span><span>100%</span></div>
<div class="nav">${frame.back ? '<i class="back"></i>' : ''}<span class="title">${escapeHtml(frame.title)}</span>
<div class="capsule"><span class="dots">•••</span><span class="sep"></span><span class="ring"><i></i></span></div></div>
<iframe id="webview" src="${BUILD_ORIGIN}/__webview__/${route}"></iframe>
${tabBar}
</body></html>`;
}

/**
 * Serves the build's files at BUILD_ORIGIN on a Playwright page (and the phone and webview documents themselves),
 * so relative image paths resolve against the page's folder as in WeChat. Returns a setter for the next page.
 */
export async function serveBuild(page: Page, dir: string): Promise<(route: string, phone: string, webview: string) => void> {
  const documents = new Map<string, string>();
  await page.route(`${BUILD_ORIGIN}/**`, async (routeRequest) => {
    const url = new URL(routeRequest.request().url());
    const doc = documents.get(url.pathname);
    if (doc !== undefined) {
      await routeRequest.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: doc });
      return;
    }
    const file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir + path.sep)) {
      await routeRequest.fulfill({ status: 404, body: '' });
      return;
    }
    try {
      const body = readFileSync(file);
      const ext = path.extname(file).toLowerCase();
      const type = {
        '.png': 'image/png',
        '.jpg': 'image/jpeg',
        '.jpeg': 'image/jpeg',
        '.svg': 'image/svg+xml',
        '.gif': 'image/gif',
        '.webp': 'image/webp',
      }[ext];
      await routeRequest.fulfill({ status: 200, body, contentType: type ?? 'application/octet-stream' });
    } catch {
      await routeRequest.fulfill({ status: 404, body: '' });
    }
  });
  return (route, phone, webview) => {
    documents.clear();
    documents.set(`/__phone__/${route}`, phone);
    documents.set(`/__webview__/${route}`, webview);
  };
}
