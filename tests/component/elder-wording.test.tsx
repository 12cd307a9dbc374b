// Elder mode 关怀版 (issue 26): plain words beyond the trading pages — the page titles (the header's and the host's
// navigation bar), the fund page's suitability notice and the watchlist — in both languages; off, the usual words.
import { act, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { useAccountStore } from '@/features/account/store';
import * as fundApi from '@/features/fund/api';
import { RiskNotice } from '@/features/fund/risk-notice';
import { WatchlistScreen } from '@/features/fund/watchlist-screen';
import { useWatchlist } from '@/features/fund/watchlist-store';
import type { FundQuote } from '@/lib/api-types/watchlist';
import { inLocale, setLocale } from '@/locales/i18n';
import { t as tTrade } from '@/locales/trade';
import { t as tFund } from '@/locales/fund';
import { setTransport } from '@/platform/http';
import { PageShell } from '@/pages/shell/page-shell';
import { anonymousTransport } from './anonymous-transport';
import { elderOn, elderReset } from './elder-helpers';

beforeEach(() => {
  window.sessionStorage.clear();
  useAccountStore.getState().reset();
  setTransport(anonymousTransport);
});
afterEach(() => {
  elderReset();
  setLocale('zh-CN');
  jest.restoreAllMocks();
});
afterAll(() => setTransport(null));

describe('page titles', () => {
  it("say the title's plain words in elder mode, in the header and the navigation bar, and follow a language switch", async () => {
    const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle').mockImplementation(async () => ({ errMsg: 'ok' }));
    elderOn();
    window.history.pushState({}, '', '/n/orders/1');
    render(
      <PageShell title={tTrade('trade.title.orderDetail')}>
        <span>order</span>
      </PageShell>,
    );
    expect(screen.getByRole('heading', { name: '这笔买卖的详情' })).toBeInTheDocument();
    await waitFor(() => expect(setTitle).toHaveBeenLastCalledWith({ title: '这笔买卖的详情' }));

    act(() => setLocale('en-US'));
    expect(await screen.findByRole('heading', { name: 'About this trade' })).toBeInTheDocument();
    await waitFor(() => expect(setTitle).toHaveBeenLastCalledWith({ title: 'About this trade' }));
    await act(() => useAccountStore.getState().refresh());
  });

  it('keep the usual title when elder mode is off, or when the title has no plain wording', async () => {
    window.history.pushState({}, '', '/n/orders/1');
    const { unmount } = render(
      <PageShell title={tTrade('trade.title.orderDetail')}>
        <span>order</span>
      </PageShell>,
    );
    expect(screen.getByRole('heading', { name: '订单详情' })).toBeInTheDocument();
    unmount();
    expect(inLocale('设置', 'zh-CN', '.elder')).toBe('设置');
    // Another message with the same words as a title still finds the title's plain wording.
    expect(inLocale('交易记录', 'zh-CN', '.elder')).toBe('我的买卖记录');
    expect(inLocale('Order details', 'zh-CN')).toBe('订单详情');
    await act(() => useAccountStore.getState().refresh());
  });
});

describe("the fund page's suitability notice", () => {
  const investor = { loggedIn: true, riskLevel: 'C3' as const, riskExpired: false };

  it('says the fund is riskier than the investor can bear, in plain words; the levels stay', () => {
    elderOn();
    render(<RiskNotice investor={investor} fundRisk='5' fundCode='000001' />);
    const notice = screen.getByTestId('risk-notice').textContent ?? '';
    expect(notice).toContain('这只基金的风险（R5 高风险）比您能承受的（C3 稳健型）高，买之前要先确认您知道风险。');
    expect(notice).toContain('重新测一次');
    expect(notice).not.toContain('风险承受能力');
  });

  it('an expired assessment, in English', () => {
    setLocale('en-US');
    elderOn();
    render(<RiskNotice investor={{ ...investor, riskLevel: 'C5', riskExpired: true }} fundRisk='3' fundCode='000001' />);
    expect(screen.getByTestId('risk-notice').textContent).toContain(tFund('fund.suitability.expired.elder'));
  });

  it('off: the usual wording', () => {
    render(<RiskNotice investor={investor} fundRisk='5' fundCode='000001' />);
    expect(screen.getByTestId('risk-notice').textContent).toContain('高于您的风险承受能力（C3 稳健型）');
  });
});

describe('the watchlist', () => {
  const quote = (over: Partial<FundQuote>): FundQuote =>
    ({
      fd_code: '000001',
      fd_name: '华夏成长',
      sf_type: '1',
      type_desc: '混合型',
      sale_status: '1',
      end_date: '2026-11-27',
      unit_nav: '1.2345',
      nav_grtd: '0.52',
      nav_grl1m: '2.10',
      yield_7d: null,
      income_per_10k: null,
      ...over,
    }) as FundQuote;

  async function showWatchlist() {
    await act(async () => {
      await useWatchlist.getState().toggleFund('000001', '华夏成长', false);
      await useWatchlist.getState().toggleFund('000009', '易方达天天理财', false);
    });
    jest.spyOn(fundApi, 'getFundQuotes').mockResolvedValue(
      new Map([
        ['000001', quote({})],
        ['000009', quote({ fd_code: '000009', fd_name: '易方达天天理财', sf_type: '4', yield_7d: '1.85', income_per_10k: '0.5012' })],
      ]),
    );
    render(<WatchlistScreen loggedIn={false} statusKnown />);
    await screen.findByTestId('watchlist-yield7d');
  }

  afterEach(async () => {
    await act(async () => {
      for (const item of useWatchlist.getState().items) await useWatchlist.getState().remove(item.symbol, false);
    });
  });

  it('labels its columns, the money-market figures and the local-list notice in plain words', async () => {
    elderOn();
    await showWatchlist();
    const page = screen.getByTestId('watchlist').textContent ?? '';
    for (const plain of [
      '最新每份价格',
      '当天涨跌',
      '近7天年化收益率',
      '每万元每天收益',
      '没有登录：关注的基金只存在这台手机上',
      '登录后保存',
    ]) {
      expect(page).toContain(plain);
    }
    for (const jargon of ['最新净值', '日涨幅', '七日年化', '万份收益']) expect(page).not.toContain(jargon);
    expect(screen.getByTestId('watchlist-sort-nav').getAttribute('aria-label')).toBe('按最新每份价格排序');
  });

  it('in English too; off, the usual words', async () => {
    setLocale('en-US');
    elderOn();
    await showWatchlist();
    expect(screen.getByTestId('watchlist').textContent).toContain('Latest price per share');
    expect(screen.getByTestId('watchlist-yield7d').textContent).toContain('Yearly rate, last 7 days');
  });

  it('off: 最新净值 and 七日年化', async () => {
    await showWatchlist();
    const page = screen.getByTestId('watchlist').textContent ?? '';
    expect(page).toContain('最新净值');
    expect(page).toContain('七日年化');
  });
});
