import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { Header } from '@/components/header/header';
import { appStoreUrl, hostDrawsTitleBar, isActiveLink, isHomeUrl, NAV_LINKS, shouldShowHeader } from '@/components/header/header-rules';
import { TABS, tabOf } from '@/components/tab-bar/tab-bar-rules';
import type { HeaderProps } from '@/components/header/header.types';
import { useAccountStore } from '@/features/account/store';
import { setLocale } from '@/locales/i18n';
import * as analytics from '@/platform/analytics';
import { setTransport } from '@/platform/http';
import type { Transport } from '@/platform/http';
import type { TransportRequest } from '@/platform/http-transport';
import { PageShell } from '@/pages/shell/page-shell';
import { fakeNativeHost, opened } from './native-host';

const browser = { isOwnApp: false, isThirdApp: false };

function renderHeader(overrides: Partial<HeaderProps> = {}) {
  const props: HeaderProps = {
    currentUrl: '/funding/000001?channel=x',
    account: { status: 'anonymous', maskTelephone: null },
    environment: browser,
    hideHomeBtn: false,
    onNavigate: jest.fn(),
    onExit: jest.fn(),
    ...overrides,
  };
  render(<Header {...props} />);
  return props;
}

function link(name: string | RegExp): HTMLAnchorElement {
  return screen.getByRole('link', { name }) as HTMLAnchorElement;
}

/**
 * A header link with a short form is named by its visible text (WCAG 2.5.3): here, without the stylesheet that hides
 * one of the two forms, its name is the full wording followed by the short one.
 */
function labelled(full: string): RegExp {
  return new RegExp(`^${full.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

afterEach(() => setLocale('zh-CN'));

describe('global header (docs/PRODUCT.md §2)', () => {
  it('offers account opening and a login that comes back to the current page to anonymous visitors', () => {
    setLocale('en-US');
    renderHeader();
    expect(link(labelled('10-second account opening')).getAttribute('href')).toBe('/ccount');
    expect(link('Login').getAttribute('href')).toBe('/account/login?redirect=%2Ffunding%2F000001%3Fchannel%3Dx');
    expect(screen.queryByText('[Exit]')).toBeNull();
  });

  it('greets a logged-in user by masked phone, links to my money and exits', () => {
    setLocale('en-US');
    const props = renderHeader({ account: { status: 'loggedIn', maskTelephone: '138****8000' } });
    expect(link(labelled('Welcome 138****8000')).getAttribute('href')).toBe('/my-money');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '[Exit]' }));
    expect(props.onExit).toHaveBeenCalledTimes(1);
  });

  it('records the customer-service click (docs/PRODUCT.md §2.6) with the page it was tapped on', () => {
    const track = jest.spyOn(analytics, 'trackEvent').mockImplementation(() => undefined);
    const props = renderHeader();
    fireEvent.click(within(screen.getByTestId('header-service')).getByRole('link'));
    expect(track).toHaveBeenCalledWith('customer_service_click', { module: 'header', extras: { from: '/funding/000001' } });
    expect(props.onNavigate).toHaveBeenCalledTimes(1);
    track.mockRestore();
  });

  it('inside the native app the logo and home open its fund home, Welcome its my-money tab; in a browser our pages', async () => {
    const own = { isOwnApp: true, isThirdApp: false };
    const props = renderHeader({ account: { status: 'loggedIn', maskTelephone: '138****8000' }, environment: own });
    const host = fakeNativeHost();
    host.enter();
    try {
      fireEvent.click(screen.getByTestId('header-logo'));
      fireEvent.click(link('首页'));
      fireEvent.click(link(labelled('欢迎您 138****8000')));
      // Links to pages of ours still go there.
      fireEvent.click(link('QDII基金'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      host.leave();
    }
    expect(host.posted).toEqual([opened('fundHome'), opened('fundHome'), opened('myMoneyTab')]);
    expect(props.onNavigate).toHaveBeenCalledTimes(1);
    expect(props.onNavigate).toHaveBeenLastCalledWith('/rank-xq/qdii');
    fireEvent.click(screen.getByTestId('header-logo'));
    fireEvent.click(link(labelled('欢迎您 138****8000')));
    expect((props.onNavigate as jest.Mock).mock.calls.slice(1)).toEqual([['/'], ['/my-money']]);
  });

  it('shows no account entry while the login state is unknown', () => {
    renderHeader({ account: { status: 'unknown', maskTelephone: null } });
    expect(within(screen.getByTestId('header-account')).queryAllByRole('link')).toHaveLength(0);
  });

  it('links the logo home and lists the five nav links, highlighting the current one', () => {
    renderHeader({ currentUrl: '/rank-xq/qdii?channel=x' });
    expect(screen.getByTestId('header-logo').getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation');
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/rn/fund/filter', '/index-mass', '/rank-xq/qdii', '/djmodule/value-center']);
    expect(link('QDII基金').getAttribute('aria-current')).toBe('page');
    expect(link('首页').getAttribute('aria-current')).toBeNull();
  });

  it('highlights home on /, /index and /_app', () => {
    for (const url of ['/', '/index?channel=1', '/_app']) {
      const { unmount } = render(
        <Header
          currentUrl={url}
          account={{ status: 'anonymous', maskTelephone: null }}
          environment={browser}
          hideHomeBtn={false}
          onNavigate={jest.fn()}
          onExit={jest.fn()}
        />,
      );
      expect(link('首页').getAttribute('aria-current')).toBe('page');
      unmount();
    }
  });

  it('highlights index valuation on the table and on an index page of it, and nothing else there', () => {
    for (const url of ['/djmodule/value-center', '/djmodule/value-center/SH000300?channel=x', '/djmodule/value-center/sz399006']) {
      const { unmount } = render(
        <Header
          currentUrl={url}
          account={{ status: 'anonymous', maskTelephone: null }}
          environment={browser}
          hideHomeBtn={false}
          onNavigate={jest.fn()}
          onExit={jest.fn()}
        />,
      );
      expect([url, link('指数估值').getAttribute('aria-current')]).toEqual([url, 'page']);
      expect(
        within(screen.getByRole('navigation'))
          .getAllByRole('link')
          .filter((a) => a.getAttribute('aria-current') === 'page'),
      ).toHaveLength(1);
      unmount();
    }
    const valueCenter = NAV_LINKS.find((l) => l.key === 'valueCenter');
    if (!valueCenter) throw new Error('no valuation link');
    for (const url of ['/djmodule/value-center/SH000300/more', '/djmodule/other', '/index-mass', '/funding/000001']) {
      expect([url, isActiveLink(valueCenter, url)]).toEqual([url, false]);
    }
  });

  it('hides the home link when hideHomeBtn is set', () => {
    renderHeader({ hideHomeBtn: true });
    expect(screen.queryByRole('link', { name: '首页' })).toBeNull();
    expect(link('基金筛选')).toBeInTheDocument();
  });

  it('navigates inside the app on a plain click and leaves modified clicks to the browser', () => {
    const props = renderHeader();
    fireEvent.click(link('指数估值'));
    expect(props.onNavigate).toHaveBeenCalledWith('/djmodule/value-center');
    // jsdom cannot follow the link the browser would open in a new tab: stop it after our handler ran.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(link('指数选基'), { ctrlKey: true });
    expect(props.onNavigate).toHaveBeenCalledTimes(1);
  });

  it('shows the Download App box in a browser but not inside a third-party app or our own app', () => {
    setLocale('en-US');
    const { unmount } = render(
      <Header
        currentUrl='/index'
        account={{ status: 'anonymous', maskTelephone: null }}
        environment={browser}
        hideHomeBtn={false}
        onNavigate={jest.fn()}
        onExit={jest.fn()}
      />,
    );
    const box = screen.getByTestId('header-download');
    expect(within(box).getByRole('link', { name: 'iPhone' }).getAttribute('href')).toBe(appStoreUrl('澄观基金'));
    expect(within(box).getByRole('link', { name: 'Android' }).getAttribute('href')).toBe('/download');
    expect(within(box).getByRole('img', { name: /Scan to download/ })).toBeInTheDocument();
    unmount();
    for (const environment of [
      { isOwnApp: false, isThirdApp: true },
      { isOwnApp: true, isThirdApp: false },
    ]) {
      const view = render(
        <Header
          currentUrl='/index'
          account={{ status: 'anonymous', maskTelephone: null }}
          environment={environment}
          hideHomeBtn={false}
          onNavigate={jest.fn()}
          onExit={jest.fn()}
        />,
      );
      expect(screen.queryByTestId('header-download')).toBeNull();
      expect(screen.getByTestId('header-service')).toBeInTheDocument();
      view.unmount();
    }
  });

  it('always shows customer service, opening the service page for this entry page', () => {
    renderHeader({ environment: { isOwnApp: false, isThirdApp: true } });
    const href = within(screen.getByTestId('header-service')).getByRole('link').getAttribute('href') ?? '';
    expect(href.startsWith('/service/customservice?snb_account_type=2&params=')).toBe(true);
    expect(decodeURIComponent(href.split('params=')[1])).toBe(JSON.stringify({ entryPage: '/funding/000001' }));
  });

  it('toggles the compact menu on phones', () => {
    renderHeader();
    const button = screen.getByRole('button', { name: '菜单' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: '收起菜单' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('global-header').className).toContain('dj-header--open');
  });

  it('shows the page title and a back button when given them, and neither otherwise (issue 17)', () => {
    const onBack = jest.fn();
    renderHeader({ title: 'QDII基金排行', onBack });
    expect(screen.getByRole('heading', { name: 'QDII基金排行' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    // The logo still links home beside them.
    expect(screen.getByTestId('header-logo').getAttribute('href')).toBe('/');
  });

  it('draws no title nor back on home or where the host has its own bar', () => {
    renderHeader({ currentUrl: '/index' });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    const plain = { isNativeApp: false, isWechat: false, isMiniprogram: false };
    expect(hostDrawsTitleBar(plain)).toBe(false);
    expect(hostDrawsTitleBar({ ...plain, isNativeApp: true })).toBe(true);
    expect(hostDrawsTitleBar({ ...plain, isWechat: true })).toBe(true);
    expect(hostDrawsTitleBar({ ...plain, isMiniprogram: true })).toBe(true);
    expect(['/', '/index', '/_app?channel=x'].every(isHomeUrl)).toBe(true);
    expect(isHomeUrl('/index-mass')).toBe(false);
  });

  it('knows the top-level pages of the tab bar (首页 / 自选 / 我的)', () => {
    expect(TABS.map((tab) => tab.href)).toEqual(['/index', '/n/optional', '/my-money']);
    expect(['/', '/index?channel=x', '/_app', '/n/optional', '/my-money'].map(tabOf)).toEqual([
      'home',
      'home',
      'home',
      'watchlist',
      'myMoney',
    ]);
    expect(['/funding/000001', '/rank-xq/qdii', '/n/trade/buy/000001', '/nope'].map(tabOf)).toEqual([null, null, null, null]);
  });

  it('is not drawn on activity pages and the OAuth loading page', () => {
    expect(shouldShowHeader('/n/activity/pension')).toBe(false);
    expect(shouldShowHeader('/n/activity/competition/3?x=1')).toBe(false);
    expect(shouldShowHeader('/thirdAppSupport/redirect?redirect=%2F')).toBe(false);
    expect(shouldShowHeader('/n/activityx')).toBe(true);
    expect(shouldShowHeader('/index')).toBe(true);
    expect(shouldShowHeader('/nope')).toBe(true);
  });
});

describe('page shell', () => {
  let calls: TransportRequest[];

  function serve(account: unknown, logout: unknown = { result_code: 0, data: null }): void {
    calls = [];
    const fake: Transport = {
      name: 'fake-server',
      async request(req) {
        calls.push(req);
        if (req.url.includes('/djapi/account')) return { status: 200, headers: {}, data: account };
        if (req.url.includes('/djapi/provider/oauth/logout')) return { status: 200, headers: {}, data: logout };
        return { status: 200, headers: {}, data: { result_code: 0, data: null } };
      },
    };
    setTransport(fake);
  }

  beforeEach(() => {
    window.sessionStorage.clear();
    useAccountStore.getState().reset();
  });
  afterAll(() => setTransport(null));

  it('remembers channel and hideHomeBtn for the visit and asks who is logged in', async () => {
    serve({ result_code: 0, data: { user: { mask_telephone: '139****0001', open_trade: true } } });
    window.history.pushState({}, '', '/funding/000001?channel=XQWX01&hideHomeBtn=1');
    render(
      <PageShell>
        <span>body</span>
      </PageShell>,
    );
    expect(screen.getByText('body')).toBeInTheDocument();
    await waitFor(() => expect(link('欢迎您 139****0001')).toBeInTheDocument());
    expect(window.sessionStorage.getItem('CHANNEL')).toBe('XQWX01');
    expect(window.sessionStorage.getItem('hideHomeBtn')).toBe('1');
    expect(screen.queryByRole('link', { name: '首页' })).toBeNull();
    // An XQWX channel is a third-party environment: no Download App box.
    expect(screen.queryByTestId('header-download')).toBeNull();
    expect(calls.filter((c) => c.url.includes('/djapi/account'))).toHaveLength(1);
  });

  it('treats a not-logged-in answer as anonymous', async () => {
    serve({ result_code: 300001, data: null, message: '请先登录' });
    window.history.pushState({}, '', '/index');
    render(
      <PageShell>
        <span>home</span>
      </PageShell>,
    );
    await waitFor(() => expect(link('登录').getAttribute('href')).toBe('/account/login?redirect=%2Findex'));
    expect(screen.getByTestId('header-download')).toBeInTheDocument();
    act(() => setLocale('en-US'));
    expect(link(labelled('10-second account opening'))).toBeInTheDocument();
  });

  it('draws no header on activity pages', async () => {
    serve({ result_code: 300001, data: null });
    window.history.pushState({}, '', '/n/activity/pension');
    render(
      <PageShell>
        <span>activity</span>
      </PageShell>,
    );
    expect(screen.getByText('activity')).toBeInTheDocument();
    expect(screen.queryByTestId('global-header')).toBeNull();
    await act(() => useAccountStore.getState().refresh());
  });

  it('[Exit] tries logout 3 times, clears identity session fields and lands on the remove-cookies page even on failure', async () => {
    serve({ result_code: 0, data: { user: { mask_telephone: '139****0001' } } }, { result_code: 500, data: null, message: 'busy' });
    // Taro's router is not running in jsdom: record where the app asks to go instead.
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockImplementation(async () => ({ errMsg: 'reLaunch:ok' }));
    window.history.pushState({}, '', '/index');
    window.sessionStorage.setItem('dj-ccount-name', '张三');
    window.sessionStorage.setItem('CHANNEL', 'kept');
    render(
      <PageShell>
        <span>home</span>
      </PageShell>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '[退出]' }));
    await waitFor(() => expect(relaunch).toHaveBeenCalledWith({ url: '/account/remove_cookies/dont/do/it' }));
    expect(calls.filter((c) => c.url.includes('/djapi/provider/oauth/logout') && c.method === 'POST')).toHaveLength(3);
    expect(window.sessionStorage.getItem('dj-ccount-name')).toBeNull();
    expect(window.sessionStorage.getItem('CHANNEL')).toBe('kept');
    await waitFor(() => expect(link('登录')).toBeInTheDocument());
    relaunch.mockRestore();
  });
});
