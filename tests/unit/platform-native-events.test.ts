// docs/BRIDGE.md refresh / notify: what the native app is told when an order is placed, the watchlist changes or the
// fund account is opened (the broker binding); native destinations instead of the H5 screens. Nothing outside an app.
import { nativeBrokerBound, nativeOrderPlaced, nativeWatchlistChanged, openInsteadInNativeApp } from '@/platform/native-events';

import { fakeNativeHost, type PostedMessage } from '../component/native-host';

// The app faked at the bridge boundary (its user agent and DJBridge), the same fake the component tests use.
let host = fakeNativeHost();
let posted: PostedMessage[];
const enterApp = (): void => host.enter();

beforeEach(() => {
  host = fakeNativeHost();
  posted = host.posted;
});
afterEach(() => host.leave());

test('outside a native app nothing is sent and the H5 screens stay', async () => {
  expect(await nativeOrderPlaced()).toBe(false);
  expect(await nativeWatchlistChanged('F000001', true)).toBe(false);
  expect(await nativeBrokerBound()).toBe(false);
  expect(openInsteadInNativeApp('changePassword')).toBe(false);
  expect(posted).toEqual([]);
});

test('an order refreshes the app’s trade and portfolio screens, and the simulated account in the demo', async () => {
  enterApp();
  expect(await nativeOrderPlaced()).toBe(true);
  expect(posted.slice(0, 2)).toEqual([
    { action: 'nav.refresh', params: { page: 'trade' } },
    { action: 'nav.refresh', params: { page: 'portfolio' } },
  ]);
  // The default brand is the demo (simulated money).
  expect(posted[2]).toEqual({ action: 'event.notify', params: { type: 'refreshSimulateAccount', payload: {} } });
});

test('a watchlist change sends updateStockFollow; an opened account sends bindBrokerSuccess and refreshUserPrivilege', async () => {
  enterApp();
  await nativeWatchlistChanged('F000001', true);
  await nativeBrokerBound();
  expect(posted).toEqual([
    { action: 'event.notify', params: { type: 'updateStockFollow', payload: { symbol: 'F000001', followed: true } } },
    { action: 'nav.refresh', params: { page: 'portfolio' } },
    { action: 'event.notify', params: { type: 'bindBrokerSuccess', payload: { broker: 'fund' } } },
    { action: 'event.notify', params: { type: 'refreshUserPrivilege', payload: {} } },
  ]);
});

test('inside the app its own change-password screen opens instead of ours', async () => {
  enterApp();
  expect(openInsteadInNativeApp('changePassword')).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(posted).toEqual([{ action: 'nav.open', params: { destination: 'changePassword' } }]);
});
