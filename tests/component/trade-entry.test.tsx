// Ways into trading: the fund page's 买入/认购 and (for a holder) 卖出, and a search result's 买入 — each through the
// purchase gates (login, then account opening) to the buy page.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FundActions } from '@/features/fund/fund-actions';
import { SearchBox } from '@/features/fund/search-box';
import { startPurchase } from '@/features/fund/start-purchase';
import type { FundSummary, SearchItem } from '@/lib/api-types/fund';
import type { FundState } from '@/features/fund/fund-state';
import { setLocale } from '@/locales/i18n';
import { button, fail, fakeServer, holding, resetServer, settle, spyNavigation, summary, until, type FakeServer } from './trade-helpers';

const BUY_URL = '/n/trade/buy/519671';
let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
});

afterEach(() => {
  nav.restore();
  resetServer();
});

describe('startPurchase', () => {
  it('anonymous → login, coming back to the buy page', async () => {
    await startPurchase('519671', { loggedIn: false, openTrade: null });
    expect(nav.urls()).toEqual([`/account/login?redirect=${encodeURIComponent(BUY_URL)}&buyUrl=${encodeURIComponent(BUY_URL)}`]);
  });

  it('no trade account → account opening, then the buy page', async () => {
    await startPurchase('519671', { loggedIn: true, openTrade: false });
    expect(nav.urls()).toEqual([`/ccount?redirect=${encodeURIComponent(BUY_URL)}&buyUrl=${encodeURIComponent(BUY_URL)}`]);
  });

  it('an account that can trade → the buy page', async () => {
    await startPurchase('519671', { loggedIn: true, openTrade: true });
    expect(nav.urls()).toEqual([BUY_URL]);
  });
});

describe('fund page buttons', () => {
  const fund = { fd_code: '519671', fd_name: '银河沪深300价值指数' } as FundSummary;
  const state: FundState = { notices: [], buy: 'buy', autoInvest: false } as unknown as FundState;

  it('买入 opens the buy page; a holder also gets 卖出', async () => {
    server.on('GET /djapi/holding/summary', summary({ items: [holding()] }));
    render(<FundActions fund={fund} state={state} account={{ loggedIn: true, openTrade: true }} />);
    await until(() => expect(screen.getByTestId('sell-button')).toBeInTheDocument());
    fireEvent.click(button('buy-button'));
    await settle();
    fireEvent.click(button('sell-button'));
    await settle();
    expect(nav.urls()).toEqual([BUY_URL, '/n/trade/sell/519671']);
  });

  it('no holding (or no answer): no 卖出, and the one holding is never asked before the list says it is held', async () => {
    // Issue 28: asking GET /djapi/holding/fund/{code} for a fund not held was a 400 in the console.
    server.on('GET /djapi/holding/summary', summary({ items: [holding({ fd_code: '110011' })] }));
    const { unmount } = render(<FundActions fund={fund} state={state} account={{ loggedIn: true, openTrade: true }} />);
    await settle(50);
    expect(screen.queryByTestId('sell-button')).toBeNull();
    unmount();
    server.on('GET /djapi/holding/summary', () => fail(400001, 'x'));
    const second = render(<FundActions fund={fund} state={state} account={{ loggedIn: true, openTrade: true }} />);
    await settle(50);
    expect(screen.queryByTestId('sell-button')).toBeNull();
    second.unmount();
    render(<FundActions fund={fund} state={state} account={{ loggedIn: false, openTrade: null }} />);
    await settle(50);
    expect(server.forms('GET /djapi/holding/summary')).toHaveLength(2);
    expect(server.forms('GET /djapi/holding/fund/519671')).toHaveLength(0);
  });
});

describe('search results', () => {
  const item: SearchItem = { id: '519671', stype: 'funding', scode: '519671', sname: '银河沪深300价值指数' };

  it('a fund result has 买入, which buys without opening the fund page', async () => {
    jest.useFakeTimers();
    try {
      const onSelect = jest.fn();
      const onBuy = jest.fn();
      render(<SearchBox search={async () => ({ items: [item], total: 1 })} onSelect={onSelect} onBuy={onBuy} />);
      const input = document.querySelector('taro-input-core, input')!;
      act(() => {
        input.dispatchEvent(new CustomEvent('focus', { detail: { value: '' }, bubbles: true }));
        input.dispatchEvent(new CustomEvent('input', { detail: { value: '5196' }, bubbles: true }));
      });
      await act(async () => {
        jest.advanceTimersByTime(250);
        await Promise.resolve();
      });
      fireEvent.click(screen.getByTestId('search-result-buy'));
      expect(onBuy).toHaveBeenCalledWith(item);
      expect(onSelect).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
