import { act, render, screen } from '@testing-library/react';
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

it('tells the user through the platform’s own toast when the NutUI toast cannot load, and uses NutUI once it can', async () => {
  render(<ToastHost />);
  act(() => showToast('网络错误，请重试', { type: 'fail' }));
  await settle();
  expect(screen.getByRole('alert')).toHaveTextContent('网络错误，请重试');
  expect(document.querySelector('.nut-toast')).toBeNull();

  mockChunkReachable = true;
  act(() => showToast('已恢复'));
  await settle();
  expect(document.querySelector('.nut-toast')).toHaveTextContent('已恢复');
});
