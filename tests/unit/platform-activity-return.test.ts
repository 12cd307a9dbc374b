// backToActivityPage (docs/PRODUCT.md §3, §7.4) under the app registry's activity base URL (docs/BRIDGE.md "App registry").
import { activityReturn, rememberActivityPage } from '@/platform/activity-return';
import { activityBasePath, configureAppRegistry, resetAppRegistry } from '@/platform/app-registry';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';

afterEach(() => {
  resetAppRegistry();
  sessionStore.remove(SESSION_KEYS.backToActivityPage);
});

test('an activity page is remembered under backToActivityPage and returned to once', () => {
  rememberActivityPage('/n/activity/competition/42');
  expect(sessionStore.get(SESSION_KEYS.backToActivityPage)).toBe('/n/activity/competition/42');
  expect(activityReturn('/my-money')).toBe('/n/activity/competition/42');
  expect(activityReturn('/my-money')).toBe('/my-money');
  rememberActivityPage('/funding/000001');
  expect(activityReturn('/my-money')).toBe('/my-money');
});

test('the activity base follows the fund app’s registry entry (its path when a full URL is given)', () => {
  expect(activityBasePath()).toBe('/n/activity/');
  configureAppRegistry({ 3: { activityBaseUrl: 'https://fund.example.com/campaigns' } });
  expect(activityBasePath()).toBe('/campaigns/');
  rememberActivityPage('/n/activity/competition/42');
  expect(activityReturn('/my-money')).toBe('/my-money');
  rememberActivityPage('/campaigns/spring');
  expect(activityReturn('/my-money')).toBe('/campaigns/spring');
});
