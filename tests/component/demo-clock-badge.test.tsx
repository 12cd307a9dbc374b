import { render, screen } from '@testing-library/react';
import { DemoClockBadge } from '@/components/demo-clock-badge/demo-clock-badge';
import { setLocale } from '@/locales/i18n';
import { resetBootDataForTests } from '@/platform/boot-data';

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

  it('draws nothing when the page says nothing about the clock', () => {
    bootBlock({ at: Date.now(), answers: {} });
    const { container } = render(<DemoClockBadge />);
    expect(container).toBeEmptyDOMElement();
  });
});
