// A server that answers every call as to a visitor who is not logged in (300001 请先登录): the pages draw their
// logged-out state without a real session.
import type { Transport } from '@/platform/http';

export const anonymousTransport: Transport = {
  name: 'fake-server',
  async request() {
    return { status: 200, headers: {}, data: { result_code: 300001, data: null, message: '请先登录' } };
  },
};
