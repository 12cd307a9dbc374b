import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { DemoClockBadge } from '@/components/demo-clock-badge/demo-clock-badge';
import { useAccountStore } from '@/features/account/store';
import { PageShell } from '@/pages/shell/page-shell';
import { setTransport } from '@/platform/http';
import { setLocale } from '@/locales/i18n';
import { resetBootDataForTests } from '@/platform/boot-data';
import { anonymousTransport } from './anonymous-transport';

/** The page HTML's boot block as the server writes it (server/src/plugins/page-html.ts). */
function bootBlock(content: object): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'dj-boot';
  element.textContent = JSON.stringify(content);
  document.body.appendChild(element);
}

describe('DemoClockBadge', () => {
  afterEach(() => {
    resetBootDataForTests();
    document.getElementById('dj-boot')?.remove();
    setLocale('zh-CN');
  });

  it('shows the business time the server’s moved clock gives, in both locales', () => {
    bootBlock({ at: Date.now(), answers: {}, clock: { now: '2025-03-11T10:00:00.000+08:00' } });
    const { unmount } = render(<DemoClockBadge />);
    expect(screen.getByText('演示时间')).toBeInTheDocument();
    expect(screen.getByText('2025-03-11 10:00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-label', expect.stringContaining('不是今天'));
    unmount();
    setLocale('en-US');
    render(<DemoClockBadge />);
    expect(screen.getByText('Demo time')).toBeInTheDocument();
  });

  it('takes its own room in the page’s flow, above the content — never over it (issue 28)', async () => {
    // A fixed corner badge covered 确认净值 on the order detail and the plan's name on 我的资产 at 390 px.
    setTransport(anonymousTransport);
    bootBlock({ at: Date.now(), answers: {}, clock: { now: '2025-03-11T10:00:00.000+08:00' } });
    window.history.pushState({}, '', '/n/orders/1');
    render(
      <PageShell title='订单详情'>
        <span data-testid='content'>确认净值</span>
      </PageShell>,
    );
    const badge = await screen.findByRole('status');
    const body = document.querySelector('.page-shell__body');
    expect(badge.parentElement).toBe(body);
    // Before the content in the document's order, in the same flow.
    expect(badge.compareDocumentPosition(screen.getByTestId('content')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const css = readFileSync(join(__dirname, '../../src/components/demo-clock-badge/demo-clock-badge.scss'), 'utf8');
    expect(css).not.toMatch(/position:\s*(fixed|absolute|sticky)/);
    await act(() => useAccountStore.getState().refresh());
    setTransport(null);
  });

  it('draws nothing when the page says nothing about the clock', () => {
    bootBlock({ at: Date.now(), answers: {} });
    const { container } = render(<DemoClockBadge />);
    expect(container).toBeEmptyDOMElement();
  });
});
