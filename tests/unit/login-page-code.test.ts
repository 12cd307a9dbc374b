// docs/PRODUCT.md §12 `xq_login`: the login page's analytics code by where it runs.
import { loginPageCode } from '@/features/account/login-page-code';
import { detectEnvironment } from '@/lib/environment';

const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const at = (userAgent: string) => detectEnvironment(userAgent, { channel: null, taroEnv: 'h5' });

test('inside the stock-community app the login is its account: xq_login; elsewhere login_option', () => {
  expect(loginPageCode(at(`${SAFARI} Xueqiu iPhone 14.20`))).toBe('xq_login');
  expect(loginPageCode(at(SAFARI))).toBe('login_option');
  expect(loginPageCode(at(`${SAFARI} danjuanfund/6.91.0 DJ/6910`))).toBe('login_option');
});
