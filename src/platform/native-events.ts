import { currentBrand } from './brand';
import { NOTIFICATION_TYPE, REFRESHABLE_PAGE, type NativeDestination } from './bridge-enums';
import type { Bridge, DestinationParams } from './bridge.types';
import { nativeBridgePresent } from './native-app';

// What the native app is told when something changes in the pages (docs/BRIDGE.md "Actions": refresh, notify), so
// its own screens show the same state. Outside a native app of the family nothing is sent and the bridge's code never
// loads. A failed call is not the user's concern (the app refreshes on its own next time): errors are swallowed.

async function withBridge(work: (bridge: Bridge) => Promise<unknown>): Promise<boolean> {
  if (!nativeBridgePresent()) return false;
  try {
    const { bridge } = await import('./bridge');
    await work(bridge);
    return true;
  } catch {
    return false;
  }
}

/**
 * An order was placed (buy, sell, 现金宝, a plan's first order): the app's trade and portfolio screens refresh; with
 * simulated money (the brand's demo mark) its simulated account too (`refreshSimulateAccount`).
 */
export function nativeOrderPlaced(): Promise<boolean> {
  return withBridge(async (bridge) => {
    await bridge.refresh(REFRESHABLE_PAGE.TRADE);
    await bridge.refresh(REFRESHABLE_PAGE.PORTFOLIO);
    if (currentBrand().demo) await bridge.notify(NOTIFICATION_TYPE.REFRESH_SIMULATE_ACCOUNT, {});
  });
}

/** A fund was added to or removed from the watchlist: `updateStockFollow`, and the app's portfolio (its watchlist) refreshes. */
export function nativeWatchlistChanged(symbol: string, followed: boolean): Promise<boolean> {
  return withBridge(async (bridge) => {
    await bridge.notify(NOTIFICATION_TYPE.UPDATE_STOCK_FOLLOW, { symbol, followed });
    await bridge.refresh(REFRESHABLE_PAGE.PORTFOLIO);
  });
}

/**
 * The fund trade account was opened (the last step of /ccount): the account at the fund distributor is the broker
 * account the app binds (`bindBrokerSuccess`, broker `fund`), and the user's privileges changed (`refreshUserPrivilege`).
 * docs/BRIDGE.md "Broker binding": another broker's binding would call this with its own `broker`.
 */
export function nativeBrokerBound(broker = 'fund'): Promise<boolean> {
  return withBridge(async (bridge) => {
    await bridge.notify(NOTIFICATION_TYPE.BIND_BROKER_SUCCESS, { broker });
    await bridge.notify(NOTIFICATION_TYPE.REFRESH_USER_PRIVILEGE, {});
  });
}

/**
 * Opens a native destination instead of the H5 screen when inside a native app; false elsewhere (show the H5 one).
 * Where each is opened from: docs/BRIDGE.md "Native destinations opened instead of an H5 screen".
 */
export function openInsteadInNativeApp<D extends NativeDestination>(destination: D, params?: DestinationParams[D]): boolean {
  if (!nativeBridgePresent()) return false;
  void withBridge((bridge) => bridge.open(destination, params));
  return true;
}
