import { act, render, screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { ToastHost } from '@/components/toast-host/toast-host';
import { showToast } from '@/platform/feedback';

// The host's NutUI half is a lazy chunk on H5; here it fails to load until `mockChunkReachable` is set, as when the
// phone is offline (often the very error the toast is about).
let mockChunkReachable = false;
jest.mock('@/components/toast-host/toast-view', () => {
  if (!mockChunkReachable) throw new Error('Loading chunk toast-view failed');
  return jest.requireActual('@/components/toast-host/toast-view');
});

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

it('tells the user through Taro’s own toast when the NutUI toast cannot load, and uses NutUI once it can', async () => {
  const taroToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' });
  render(<ToastHost />);
  act(() => showToast('网络错误，请重试', { type: 'fail' }));
  await settle();
  expect(taroToast).toHaveBeenCalledTimes(1);
  expect(taroToast).toHaveBeenCalledWith(expect.objectContaining({ title: '网络错误，请重试', icon: 'error', duration: 2000, mask: true }));
  expect(document.querySelector('.nut-toast')).toBeNull();

  mockChunkReachable = true;
  act(() => showToast('已恢复'));
  await settle();
  expect(screen.getByText('已恢复')).toBeInTheDocument();
  expect(taroToast).toHaveBeenCalledTimes(1);
});
