// docs/PRODUCT.md §4.2: the stock-community app uses a different link prefix from version 12.32.0.
import { detectEnvironment } from '@/lib/environment';
import { configureStockAppLinks, resetStockAppLinks, stockAppLink } from '@/platform/stock-app-links';

const ua = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Xueqiu iPhone ${version}`;

afterEach(() => resetStockAppLinks());

test('the new prefix from 12.32.0, the old one before, nothing outside the stock-community app', () => {
  expect(stockAppLink('/S/SH600000', detectEnvironment(ua('12.32.0')))).toBe('xueqiu://xueqiu.com/S/SH600000');
  expect(stockAppLink('/S/SH600000', detectEnvironment(ua('12.40.1')))).toBe('xueqiu://xueqiu.com/S/SH600000');
  expect(stockAppLink('/S/SH600000', detectEnvironment(ua('12.31.9')))).toBe('https://xueqiu.com/S/SH600000');
  expect(stockAppLink('/S/SH600000', detectEnvironment('Mozilla/5.0 (iPhone) Safari/604.1'))).toBeNull();
});

test('a deployment sets the real prefixes', () => {
  configureStockAppLinks({ current: 'xq://open/' });
  expect(stockAppLink('S/SH600000', detectEnvironment(ua('13.0.0')))).toBe('xq://open/S/SH600000');
});
