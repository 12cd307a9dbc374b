import * as C from '@/lib/constants';

// docs/PRODUCT.md §9 values, restated here so an accidental edit of a business constant fails loudly.
test('business constants match docs/PRODUCT.md §9', () => {
  expect(C.REQUEST_TIMEOUT_MS).toBe(20000);
  expect(C.DEVICE_INFO_CACHE_MS).toBe(172_800_000);
  expect(C.SECURITY_API_CONFIG_CACHE_MS).toBe(7_200_000);
  expect([C.TRADE_PASSWORD_LENGTH, C.PASSCODE_DEFAULT_LENGTH, C.CODE_LENGTH, C.PHONE_LENGTH]).toEqual([6, 6, 4, 11]);
  expect([C.SMS_RESEND_COUNTDOWN_S, C.VOICE_PROMPT_DELAY_MS, C.AREA_CODE]).toEqual([30, 1000, '86']);
  expect([C.SEARCH_DEBOUNCE_MS, C.TOKEN_RETRY_MAX, C.LOGOUT_RETRY]).toEqual([200, 3, 3]);
  expect([C.WATCHLIST_SIZE, C.WATCHLIST_PID, C.SEARCH_SOURCE]).toEqual([10000, -17, 'index']);
  expect(C.LOGIN_TOKEN_COOKIE_LIFETIME).toBe(120);
  expect([C.TOAST_DURATION_MS, C.TOAST_DEFAULT_POSITION, C.TOAST_APP_POSITION]).toEqual([2000, 'center', 'top']);
  expect([C.MARQUEE_SPEED, C.MARQUEE_GAP_PX, C.IN_VIEW_THRESHOLD]).toEqual([50, 50, 0.8]);
  expect([C.SWIPER_AUTOPLAY_MS, C.PULL_REFRESH_DONE_HOLD_MS]).toEqual([3000, 500]);
  expect([C.MPAAS_BROWSER_TIMEOUT_MS, C.MPAAS_NON_BROWSER_TIMEOUT_MS, C.MPAAS_STORAGE_PREFIX]).toEqual([3000, 1000, 'mpaas-']);
  expect([C.HTTP_DEFAULT_TIMEOUT, C.DEFAULT_AID]).toEqual([0, 1]);
  expect(Object.values(C.APP_ID)).toEqual([1, 2, 3, 4]);
  expect([C.ANIMATION_TENSION, C.ANIMATION_FRICTION, C.TRADE_PASSWORD_COMPLETE_DELAY_MS]).toEqual([170, 26, 30]);
  expect([C.NEW_BRIDGE_MIN_BUILD, C.FUND_APP_DEDICATED_ACTIONS_MIN_VERSION, C.STOCK_APP_NEW_LINK_PREFIX_MIN_VERSION]).toEqual([
    6910,
    '6.91',
    '12.32.0',
  ]);
  expect(C.PARTNER_CHANNEL_IDS).toEqual(['2500000386', '2500000387', '2500000388', '2500000389', '2500000390', '2500000443']);
  expect(C.INDICATOR_DEFAULTS.macd).toEqual({ short: 12, long: 26, signal: 9 });
  expect(C.INDICATOR_DEFAULTS.cci).toEqual({ period: 14, factor: 0.015 });
});
