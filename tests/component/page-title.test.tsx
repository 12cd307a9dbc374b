import { act, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/discover';
import { inLocale, setLocale } from '@/locales/i18n';
import { setTransport } from '@/platform/http';
import { PageShell } from '@/pages/shell/page-shell';
import { anonymousTransport } from './anonymous-transport';

// The page title PageShell hands the header and the document (issue 17 "Navigation"): shown on a page other than
// home, with back; after a language switch in the language chosen, though the page made it once, before.

beforeEach(() => {
  window.sessionStorage.clear();
  useAccountStore.getState().reset();
  setTransport(anonymousTransport);
});
afterEach(() => setLocale('zh-CN'));
afterAll(() => setTransport(null));

describe('page title', () => {
  it('is shown with a back button on a ranking, set as the document title, and follows a language switch', async () => {
    const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle').mockImplementation(async () => ({ errMsg: 'ok' }));
    window.history.pushState({}, '', '/rank-xq/qdii');
    render(
      <PageShell title={t('discover.rank.qdii.title')}>
        <span>list</span>
      </PageShell>,
    );
    expect(screen.getByRole('heading', { name: 'QDII基金排行' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
    await waitFor(() => expect(setTitle).toHaveBeenLastCalledWith({ title: 'QDII基金排行' }));

    act(() => setLocale('en-US'));
    expect(await screen.findByRole('heading', { name: 'QDII fund ranking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await waitFor(() => expect(setTitle).toHaveBeenLastCalledWith({ title: 'QDII fund ranking' }));
    await act(() => useAccountStore.getState().refresh());
    setTitle.mockRestore();
  });

  it('is not drawn on home (the logo is), and no back there', async () => {
    window.history.pushState({}, '', '/index');
    render(
      <PageShell title='首页标题'>
        <span>home</span>
      </PageShell>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    expect(screen.getByTestId('tab-bar')).toBeInTheDocument();
    await act(() => useAccountStore.getState().refresh());
  });

  it('inLocale says a catalogue text in the other language and leaves other text alone', () => {
    expect(inLocale('QDII基金排行', 'en-US')).toBe('QDII fund ranking');
    expect(inLocale('QDII fund ranking', 'zh-CN')).toBe('QDII基金排行');
    expect(inLocale('001108 翠微恒生科技', 'en-US')).toBe('001108 翠微恒生科技');
  });
});
