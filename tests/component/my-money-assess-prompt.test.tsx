// After opening an account the investor landed on 我的资产 with 风险等级：未测评 and no word of what comes next
// (issue 28): an opened account without a valid assessment says why it is needed before the first purchase, and goes
// there; an assessed one, or one not opened, is not asked.
import { fireEvent, render, screen } from '@testing-library/react';
import { MyMoneyOverview } from '@/features/account/components/my-money-overview';
import { useAccountStore } from '@/features/account/store';
import { setLocale } from '@/locales/i18n';
import { settle, spyNavigation } from './trade-helpers';

let nav: ReturnType<typeof spyNavigation>;
beforeEach(() => {
  setLocale('zh-CN');
  nav = spyNavigation();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
});
afterEach(() => {
  nav.restore();
  useAccountStore.getState().reset();
});

describe('my money after opening', () => {
  it('opened, not assessed: the prompt says why and leads to the assessment, back to my money', async () => {
    useAccountStore.setState({ status: 'loggedIn', certified: true, hasTradePassword: true, riskLevel: null, riskExpired: false });
    render(<MyMoneyOverview onLogout={() => undefined} />);
    expect(screen.getByTestId('assess-prompt').textContent).toContain('首次买入前需完成风险测评');
    fireEvent.click(screen.getByTestId('assess-prompt-go'));
    await settle();
    expect(nav.urls()).toEqual([`/n/risk-assessment?redirect=${encodeURIComponent('/my-money')}`]);
  });

  it('assessed, or not opened yet: no prompt', () => {
    useAccountStore.setState({ status: 'loggedIn', certified: true, hasTradePassword: true, riskLevel: 'C3', riskExpired: false });
    const { unmount } = render(<MyMoneyOverview onLogout={() => undefined} />);
    expect(screen.queryByTestId('assess-prompt')).toBeNull();
    unmount();
    useAccountStore.setState({ status: 'loggedIn', certified: false, hasTradePassword: false, riskLevel: null, riskExpired: false });
    render(<MyMoneyOverview onLogout={() => undefined} />);
    expect(screen.queryByTestId('assess-prompt')).toBeNull();
  });
});
