import { fireEvent, render, screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { InfoBanner } from '@/components/info-banner/info-banner';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { setLocale } from '@/locales/i18n';

/** NutUI Button renders a Taro button element; the user taps the element holding the label. */
function tapButton(label: string): void {
  fireEvent.click(screen.getByText(label));
}

describe('EmptyBox', () => {
  afterEach(() => setLocale('zh-CN'));

  it('says "No data yet" by default, in both locales', () => {
    const { unmount } = render(<EmptyBox />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    unmount();
    setLocale('en-US');
    render(<EmptyBox />);
    expect(screen.getByText('No data yet')).toBeInTheDocument();
  });

  it('never loads its illustration from another host', () => {
    render(<EmptyBox title='没有找到相关内容' />);
    expect(screen.getByText('没有找到相关内容')).toBeInTheDocument();
    for (const img of document.querySelectorAll('img, taro-image-core')) {
      expect(img.getAttribute('src') ?? '').toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });
});

describe('ErrorBox', () => {
  afterEach(() => {
    setLocale('zh-CN');
    jest.restoreAllMocks();
  });

  it('says "Network exception, please retry later" and retries through the callback', () => {
    setLocale('en-US');
    const onRetry = jest.fn();
    render(<ErrorBox onRetry={onRetry} />);
    expect(screen.getByText('Network exception, please retry later')).toBeInTheDocument();
    expect(screen.queryByText('Refresh')).not.toBeInTheDocument();
    tapButton('Click to retry');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers "Refresh", which opens the current page again in its place', () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' });
    window.history.replaceState(null, '', '/funding/009005?channel=demo');
    render(<ErrorBox />);
    expect(screen.getByText('网络异常，请稍后重试')).toBeInTheDocument();
    expect(screen.queryByText('点击重试')).not.toBeInTheDocument();
    tapButton('刷新');
    expect(redirectTo).toHaveBeenCalledWith({ url: '/funding/009005?channel=demo' });
  });

  it('can offer both buttons', () => {
    render(<ErrorBox onRetry={jest.fn()} refreshable />);
    expect(screen.getByText('点击重试')).toBeInTheDocument();
    expect(screen.getByText('刷新')).toBeInTheDocument();
  });
});

describe('InfoBanner', () => {
  afterEach(() => setLocale('zh-CN'));

  it('is an info banner by default, without a close button', () => {
    render(<InfoBanner>基金净值每个交易日更新</InfoBanner>);
    expect(screen.getByText('基金净值每个交易日更新')).toBeInTheDocument();
    expect(document.querySelector('.info-banner')).toHaveClass('info-banner--info');
    expect(screen.queryByRole('button', { name: '关闭' })).not.toBeInTheDocument();
  });

  it('takes the other types', () => {
    render(<InfoBanner type='warning'>注意</InfoBanner>);
    expect(document.querySelector('.info-banner')).toHaveClass('info-banner--warning');
  });

  it('closes from its right button and tells the caller', () => {
    setLocale('en-US');
    const onClose = jest.fn();
    render(
      <InfoBanner type='error' closable onClose={onClose}>
        Purchase suspended
      </InfoBanner>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Purchase suspended')).not.toBeInTheDocument();
  });
});

describe('SkeletonList', () => {
  it('announces loading with one placeholder per item', () => {
    render(<SkeletonList items={4} />);
    expect(screen.getByRole('status', { name: '加载中…' })).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelectorAll('.skeleton-list__item')).toHaveLength(4);
  });
});
