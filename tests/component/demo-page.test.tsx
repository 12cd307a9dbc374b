import { act, fireEvent, render, screen, within } from '@testing-library/react';
import DemoPage, { DEMO_TRADE_PASSWORD, DEMO_VERIFY_MS } from '@/pages/demo/index';
import { demoShortcutLinks } from '@/pages/demo/demo-links';
import { FUND_SAMPLES, FUND_SAMPLE_CODES } from '@/lib/fund-samples';
// The server's market generator creates exactly these funds: the app's list must agree with it.
import { FUND_SAMPLES as SERVER_FUND_SAMPLES } from '../../server/src/market/samples';
import { ROUTES, matchSpecUrl } from '@/lib/routes';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS } from '@/lib/constants';
import { setLocale } from '@/locales/i18n';
import { useAccountStore } from '@/features/account/store';

/** Moves fake time on and lets the widgets' promise callbacks (NoticeBar measuring itself) settle inside act. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}

async function renderPage(): Promise<void> {
  render(<DemoPage />);
  await advance(0);
}

async function typePassword(digits: string): Promise<void> {
  for (const digit of digits) {
    const key = [...document.querySelectorAll('.nut-numberkeyboard .key')].find((el) => el.textContent === digit);
    if (!key) throw new Error(`no key ${digit}`);
    const touch = { clientX: 1, clientY: 1 };
    fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
    fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
  }
  await advance(TRADE_PASSWORD_COMPLETE_DELAY_MS);
}

describe('demo page /n/demo', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/n/demo');
    // An anonymous visitor: the page shell then has no current-user call to make (no server in these tests).
    useAccountStore.setState({ status: 'anonymous' });
  });
  afterEach(() => {
    jest.useRealTimers();
    setLocale('zh-CN');
    act(() => useAccountStore.getState().reset());
  });

  it('lists a shortcut for every route, with sample params that match the route table', () => {
    const links = demoShortcutLinks();
    expect(links.map((l) => l.name).sort()).toEqual(ROUTES.map((r) => r.name).sort());
    for (const link of links) expect(matchSpecUrl(link.url)?.route.name).toBe(link.name);
    expect(links.find((l) => l.name === 'fundDetail')?.url).toBe('/funding/009005');
    expect(links.find((l) => l.name === 'autoInvestDetail')?.url).toMatch(/^\/autoinvesment\/detail\/1\?prelink=/);
  });

  it('links the same fund-type samples the server generates, one six-digit code each', () => {
    expect(FUND_SAMPLE_CODES).toEqual(SERVER_FUND_SAMPLES);
    const codes = FUND_SAMPLES.map((sample) => sample.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });

  it('shows the widgets, the shortcut links and every fund-type sample', async () => {
    await renderPage();
    expect(screen.getAllByText('开发者演示').length).toBeGreaterThan(0);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText('网络异常，请稍后重试')).toBeInTheDocument();
    expect(screen.getByText('/ccount/certification?pageId=6&redirect=%2Fmy-money&buyUrl=%2Ffunding%2F009005')).toBeInTheDocument();
    for (const sample of FUND_SAMPLES) expect(screen.getAllByText(`/funding/${sample.code}`).length).toBeGreaterThan(0);
    expect(screen.getByText('未开放')).toBeInTheDocument();
    expect(screen.getByText('限制大额申购（每日 1,000 元）')).toBeInTheDocument();
  });

  it('says "Password correct" for the demo password', async () => {
    setLocale('en-US');
    await renderPage();
    fireEvent.click(screen.getAllByText('Enter trade password').at(-1)!);
    expect(screen.getByText('Please enter your trade password')).toBeInTheDocument();
    await typePassword(DEMO_TRADE_PASSWORD);
    expect(screen.getByText('Verifying…')).toBeInTheDocument();
    await advance(DEMO_VERIFY_MS);
    expect(screen.getByText('Result: Password correct')).toBeInTheDocument();
  });

  it('says "Password error: {reason}" for anything else and lets the user try again', async () => {
    setLocale('en-US');
    await renderPage();
    fireEvent.click(screen.getAllByText('Enter trade password').at(-1)!);
    await typePassword('654321');
    await advance(DEMO_VERIFY_MS);
    const message = 'Password error: it does not match the demo password';
    expect(screen.getByText(`Result: ${message}`)).toBeInTheDocument();
    const dialog = document.querySelector('.nut-shortpassword') as HTMLElement;
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(dialog.querySelectorAll('.nut-shortpassword-input-fake-li-icon')).toHaveLength(0);
    await typePassword(DEMO_TRADE_PASSWORD);
    await advance(DEMO_VERIFY_MS);
    expect(screen.getByText('Result: Password correct')).toBeInTheDocument();
  });

  it('opens the date picker with the demo minimum 2021-01-01 and shows the picked date', async () => {
    await renderPage();
    expect(screen.getByText('选择日期（最早 2021-01-01）')).toBeInTheDocument();
    fireEvent.click(screen.getAllByText('选择日期').at(-1)!);
    const firstYear = document.querySelector('.nut-pickerview-list .nut-pickerview-roller-item');
    expect(firstYear?.textContent).toBe('2021');
    fireEvent.click(screen.getByText('确定'));
    expect(screen.getByText(/^已选日期：\d{4}-\d{2}-\d{2}$/)).toBeInTheDocument();
  });

  it('switches the whole page to English and back', async () => {
    await renderPage();
    // The header's language switch says "English" too: press the demo's own button.
    const demoButton = (label: string) => screen.getAllByText(label).find((node) => node.closest('.nut-button'))!;
    fireEvent.click(demoButton('English'));
    expect(screen.getByText('No data yet')).toBeInTheDocument();
    fireEvent.click(demoButton('中文'));
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
});
