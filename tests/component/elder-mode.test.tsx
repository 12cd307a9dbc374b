// Elder mode 关怀版 (issue 26): the settings switch turns it on and off, is remembered on the device and is a named
// switch for a screen reader; home in elder mode keeps search's company to my money, 现金宝, customer service, a short
// fund list and the disclosures — no banners, marquee or valuation grid.
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as homeApi from '@/features/home/api';
import { ElderModeRow } from '@/features/account/settings-screen';
import { HomeScreen } from '@/features/home/home-screen';
import { ELDER_RANKED_COUNT } from '@/features/home/home-content';
import type { FilterItem } from '@/lib/api-types/fund';
import accountMessages from '@/locales/messages/account';
import homeMessages from '@/locales/messages/home';
import { setLocale } from '@/locales/i18n';
import { installAccessibility } from '@/platform/a11y-host';
import { ELDER_MODE_STORAGE_KEY, isElderMode, resetElderModeForTests, setElderMode } from '@/platform/elder-mode';
import { localStore } from '@/platform/storage';
import { flush } from './login-helpers';
import { fakeNativeHost, opened } from './native-host';
import { spyNavigation } from './trade-helpers';

const zhAccount = accountMessages['zh-CN'];
const zhHome = homeMessages['zh-CN'];
const enHome = homeMessages['en-US'];

function fund(n: number): FilterItem {
  return { fd_code: `00900${n}`, fd_name: `基金${n}`, type_desc: '股票型', yield: `${10 + n}.00` } as unknown as FilterItem;
}

beforeAll(() => installAccessibility());
beforeEach(() => {
  localStore.remove(ELDER_MODE_STORAGE_KEY);
  resetElderModeForTests();
  document.documentElement.classList.remove('dj-elder');
  jest.spyOn(homeApi, 'getRankedFunds').mockResolvedValue([1, 2, 3, 4, 5].map(fund));
  jest.spyOn(homeApi, 'getValuationSummary').mockResolvedValue({ low: 1, mid: 2, high: 3, date: '2026-11-27' });
});
afterEach(() => {
  jest.restoreAllMocks();
  setLocale('zh-CN');
});

describe('the elder-mode switch in account settings', () => {
  it('is off at first, a named switch; on turns the mode on, remembered, and off again', async () => {
    render(<ElderModeRow />);
    const toggle = screen.getByRole('switch', { name: zhAccount['account.settings.elderMode'] });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(isElderMode()).toBe(false);

    await act(async () => {
      fireEvent.click(toggle);
    });
    await flush();
    expect(isElderMode()).toBe(true);
    expect(localStore.getString(ELDER_MODE_STORAGE_KEY)).toBe('1');
    expect(document.documentElement.classList.contains('dj-elder')).toBe(true);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    // A new launch reads the stored choice.
    resetElderModeForTests();
    expect(isElderMode()).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByRole('switch'));
    });
    await flush();
    expect(isElderMode()).toBe(false);
    expect(localStore.getString(ELDER_MODE_STORAGE_KEY)).toBe('0');
    expect(document.documentElement.classList.contains('dj-elder')).toBe(false);
  });

  it('Space on the focused switch turns it on (keyboard)', async () => {
    render(<ElderModeRow />);
    const toggle = screen.getByRole('switch');
    expect(toggle.getAttribute('tabindex')).toBe('0');
    toggle.focus();
    await act(async () => {
      fireEvent.keyDown(toggle, { key: ' ' });
    });
    await flush();
    expect(isElderMode()).toBe(true);
  });
});

describe('home in elder mode', () => {
  it('lists my money, 现金宝 and customer service in plain words, a short fund list and the disclosures only', async () => {
    setElderMode(true);
    render(<HomeScreen />);
    await flush();
    const entries = screen.getByTestId('home-elder-entries');
    expect(entries.textContent).toContain(zhHome['home.elder.myMoney']);
    expect(entries.textContent).toContain(zhHome['home.elder.xjb']);
    expect(entries.textContent).toContain(zhHome['home.elder.service']);
    expect(screen.getAllByTestId(/^elder-entry-/)).toHaveLength(3);
    expect(screen.getByText(zhHome['home.elder.fundsTitle'])).toBeTruthy();
    expect(screen.getAllByTestId('home-fund')).toHaveLength(ELDER_RANKED_COUNT);
    // Not there: the eight-entry grid, the banners and marquee, the valuation grid.
    expect(screen.queryByTestId('entry-xjb')).toBeNull();
    expect(screen.queryByTestId('home-valuation')).toBeNull();
    expect(document.querySelector('.home-banners, .marquee')).toBeNull();
    // The risk disclosure stays.
    expect(screen.getByTestId('risk-disclosure')).toBeTruthy();
  });

  it('my money opens the native app’s my-money tab inside it (docs/BRIDGE.md), our page in a browser; 现金宝 is ours in both', async () => {
    setElderMode(true);
    render(<HomeScreen />);
    await flush();
    const navigation = spyNavigation();
    const host = fakeNativeHost();
    try {
      host.enter();
      fireEvent.click(screen.getByTestId('elder-entry-myMoney'));
      fireEvent.click(screen.getByTestId('elder-entry-xjb'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      host.leave();
      expect(host.posted).toEqual([opened('myMoneyTab')]);
      expect(navigation.urls()).toEqual(['/xjb']);
      fireEvent.click(screen.getByTestId('elder-entry-myMoney'));
      await flush();
      expect(navigation.urls()).toEqual(['/xjb', '/my-money']);
    } finally {
      host.leave();
      navigation.restore();
    }
  });

  it('speaks English too', async () => {
    setLocale('en-US');
    render(<HomeScreen elder />);
    await flush();
    expect(screen.getByTestId('home-elder-entries').textContent).toContain(enHome['home.elder.myMoney']);
    expect(screen.getByText(enHome['home.elder.fundsTitle'])).toBeTruthy();
  });

  it('the usual home lists five funds and the valuation grid when the mode is off', async () => {
    render(<HomeScreen elder={false} />);
    await flush();
    expect(screen.queryByTestId('home-elder-entries')).toBeNull();
    expect(screen.getAllByTestId('home-fund')).toHaveLength(5);
    expect(screen.getByTestId('home-valuation')).toBeTruthy();
  });
});
