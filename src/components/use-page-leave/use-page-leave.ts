import { useEffect, useRef } from 'react';
import Taro from '@tarojs/taro';

/** Event the Taro H5 router fires on every route change (no public constant exists for it). */
const H5_ROUTER_CHANGE_EVENT = '__taroRouterChange';

/**
 * Calls `onLeave` when the user leaves the current page while `active`: the page is hidden
 * (navigateTo, switchTab, app to background; both targets) or the H5 router changes route.
 * Works in any component, unlike `useDidHide`, which needs to sit directly under a page.
 */
export function usePageLeave(active: boolean, onLeave: () => void): void {
  const onLeaveRef = useRef(onLeave);
  onLeaveRef.current = onLeave;

  useEffect(() => {
    if (!active) return undefined;
    const leave = (): void => onLeaveRef.current();
    // The page's hide event key ("<page id>.onHide"), when a Taro page hosts us.
    const hideEvent = Taro.getCurrentInstance().router?.onHide;
    if (hideEvent) Taro.eventCenter.on(hideEvent, leave);
    Taro.eventCenter.on(H5_ROUTER_CHANGE_EVENT, leave);
    return () => {
      if (hideEvent) Taro.eventCenter.off(hideEvent, leave);
      Taro.eventCenter.off(H5_ROUTER_CHANGE_EVENT, leave);
    };
  }, [active]);
}
