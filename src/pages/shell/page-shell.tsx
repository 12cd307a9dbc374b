import { DeferredRender } from '@/components/deferred-render/deferred-render';
import { DemoClockBadge } from '@/components/demo-clock-badge/demo-clock-badge';
import { DemoMoneyMark } from '@/components/demo-money-mark/demo-money-mark';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Taro from '@tarojs/taro';
import { View } from '@tarojs/components';
import { Header } from '@/components/header/header';
import { ToastHost } from '@/components/toast-host/toast-host';
import { hostDrawsTitleBar, isHideHomeFlag, isHomeUrl, shouldShowHeader } from '@/components/header/header-rules';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { tabBarLabelKeys, tabOf } from '@/components/tab-bar/tab-bar-rules';
import { useAccountStore } from '@/features/account/store';
import { getLocale, inLocale, onLocaleChange, pickLocale, t } from '@/locales/i18n';
import { matchSpecUrl, specUrl } from '@/lib/routes';
import type { Query } from '@/lib/routes';
import { currentSpecUrl, navigateBackOrHome, navigateToSpecUrl, pageEnvironment } from '@/platform/navigation';
import { chooseLocale } from '@/platform/locale-preference';
import { useShare } from '@/platform/share';
import { ELDER_CLASS, ELDER_WORDING_SUFFIX, useElderMode } from '@/platform/elder-mode';
import { showTabBarLabels } from '@/platform/tab-bar-labels';
import type { ShareInput } from '@/platform/share.types';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';
import './page-shell.scss';
import './elder-mode.scss';

// Every page renders inside PageShell: it remembers the visit-wide query flags (docs/PRODUCT.md §2 "Query parameters
// on any page", stored under docs/PRODUCT.md §3's session keys), keeps the login state fresh and draws the global header.

export interface PageUrl {
  /** The spec URL of this page instance (path + query), fixed when the page mounts. */
  url: string;
  /** Path params and query, decoded (`fundcode`, `planId`, `channel`, `redirect`, …). */
  params: Query;
}

function readPageUrl(): PageUrl {
  const url = currentSpecUrl();
  const match = matchSpecUrl(url);
  return { url, params: match ? { ...match.query, ...match.params } : {} };
}

/** This page's URL and params; read once, because on H5 a page hidden under another must not see its URL. */
export function usePageUrl(): PageUrl {
  const [pageUrl] = useState(readPageUrl);
  return pageUrl;
}

/** Stores `channel` and `hideHomeBtn` when the URL carries them; they then hold for the whole visit. */
export function rememberVisitFlags(params: Query): void {
  if (params.channel) sessionStore.set(SESSION_KEYS.channel, params.channel);
  if (params.hideHomeBtn !== undefined) sessionStore.set(SESSION_KEYS.hideHomeBtn, params.hideHomeBtn);
}

export function isHomeButtonHidden(params: Query): boolean {
  return isHideHomeFlag(params.hideHomeBtn ?? sessionStore.get(SESSION_KEYS.hideHomeBtn));
}

/** Logout (docs/PRODUCT.md §4): call it (retried), clear identity session fields, land on the remove-cookies page. */
export async function exitAccount(): Promise<void> {
  await useAccountStore.getState().logout();
  sessionStore.clearIdentity();
  await navigateToSpecUrl(specUrl('logoutLanding'), { relaunch: true });
}

/**
 * Calls `onShow` each time this page is shown again (back to it, both targets). `useDidShow` needs to sit directly
 * under a Taro page; this works in any component of one, like components/use-page-leave.
 */
function usePageShow(onShow: () => void): void {
  const onShowRef = useRef(onShow);
  onShowRef.current = onShow;
  useEffect(() => {
    // The page's show event key ("<page id>.onShow"), when a Taro page hosts us.
    const showEvent = Taro.getCurrentInstance().router?.onShow;
    if (!showEvent) return undefined;
    const show = (): void => onShowRef.current();
    Taro.eventCenter.on(showEvent, show);
    return () => void Taro.eventCenter.off(showEvent, show);
  }, []);
}

interface PageShellProps {
  children: ReactNode;
  /** Page title (browser tab / mini program navigation bar). */
  title?: string;
  /** Home and 404 render full width. */
  fullWidth?: boolean;
  className?: string;
  /**
   * What this page shares (WeChat card, mini program menu, native share sheet). By default: the page's own URL
   * under its title and the app's tagline; a page (or a component in it) may also call `useShare` itself.
   */
  share?: ShareInput;
}

export function PageShell({ children, title, fullWidth, className, share }: PageShellProps) {
  const { url, params } = usePageUrl();
  // The default share card; `share` given = the page's own choice, which also beats any useShare fallback.
  useShare({ title, ...share }, { fallback: !share });
  const status = useAccountStore((s) => s.status);
  const maskTelephone = useAccountStore((s) => s.maskTelephone);
  const [environment] = useState(() => pageEnvironment(params.channel ?? sessionStore.get(SESSION_KEYS.channel)));
  // A locale switch anywhere re-renders the header and remounts the page's body in the new language (its data
  // reloads too, so the server's messages follow: they read the `lang` cookie the switch sets).
  const [locale, setLocaleShown] = useState(getLocale);
  useEffect(() => onLocaleChange(setLocaleShown), []);
  // Elder mode 关怀版 (platform/elder-mode.ts): the shell wears its class, so every page's text, targets and colours follow.
  const elder = useElderMode();

  useEffect(() => {
    rememberVisitFlags(params);
    // An explicit `lang` in a link opened inside the app wins, like at launch (platform/locale-preference.ts).
    if (params.lang) chooseLocale(pickLocale(params.lang));
    if (useAccountStore.getState().status === 'unknown') void useAccountStore.getState().refresh();
  }, [params]);

  // The title of the browser tab (and of the host's bar in WeChat or a native app): set again whenever this page is
  // shown, since going back to a page kept under another does not mount it again.
  // The page made its title once, in the language of then: after a switch it is shown in the new one (in elder mode in
  // plain words, the title's `.elder` message where there is one).
  const shownTitle = useMemo(
    () => (title ? inLocale(title, locale, elder ? ELDER_WORDING_SUFFIX : undefined) : undefined),
    [title, locale, elder],
  );
  const showTitle = () => {
    if (shownTitle) void Taro.setNavigationBarTitle({ title: shownTitle }).catch(() => undefined);
  };
  useEffect(showTitle, [shownTitle]);
  usePageShow(showTitle);

  const hideHomeBtn = isHomeButtonHidden(params);
  const home = isHomeUrl(url);
  const tab = tabOf(url);
  // The mini program's own tab bar (WeChat's, labelled in Chinese by app.json) in the app's language: set from a tab page
  // when it first draws (the launch), whenever it is shown again and when the language changes (H5: nothing to do).
  const labelTabBar = () => {
    if (tab !== null) showTabBarLabels(tabBarLabelKeys().map((key) => t(key)));
  };
  useEffect(labelTabBar, [tab, locale]);
  usePageShow(labelTabBar);

  // Title and back in our header only where no host bar draws them; no back on the top-level (tab) pages.
  const titled = !home && !hostDrawsTitleBar(environment);
  const showBack = titled && tab === null && !hideHomeBtn;
  // The bottom tab bar (phones, H5): top-level pages only, not inside a native app or the mini program (their own).
  const tabbed = tab !== null && !hideHomeBtn && !environment.isNativeApp && !environment.isMiniprogram;

  return (
    <View
      className={`page-shell${fullWidth ? ' page-shell--full' : ''}${tabbed ? ' page-shell--tabbed' : ''}${elder ? ` ${ELDER_CLASS}` : ''}`}
    >
      {shouldShowHeader(url) ? (
        <Header
          currentUrl={url}
          account={{ status, maskTelephone }}
          environment={environment}
          hideHomeBtn={hideHomeBtn}
          fullWidth={fullWidth}
          onNavigate={(target) => void navigateToSpecUrl(target)}
          onExit={() => void exitAccount()}
          title={titled ? shownTitle : undefined}
          onBack={showBack ? () => void navigateBackOrHome() : undefined}
        />
      ) : null}
      <View className={`page-shell__body${className ? ` ${className}` : ''}`}>
        {/* In the page's flow, above its content: a fixed badge sat over 确认净值 and plan names (issue 28). */}
        {process.env.TARO_ENV === 'h5' ? <DemoClockBadge /> : null}
        <DemoMoneyMark url={url} />
        <DeferredRender key={locale}>{children}</DeferredRender>
      </View>
      {/* Toasts drawn with NutUI so the app config's position and mask apply (docs/PRODUCT.md §9). */}
      <ToastHost />
      {tabbed && tab ? <TabBar current={tab} onNavigate={(target) => void navigateToSpecUrl(target)} /> : null}
    </View>
  );
}
