// docs/PRODUCT.md §2.6 "old home / home / tab": one home screen, its code by the URL the visit entered by.
import { homePageCode } from '@/features/home/home-page-code';

test('/ is the old home, /_app the app shell tab, /index (and anything else) home', () => {
  expect(homePageCode('/')).toBe('old_home');
  expect(homePageCode('/?channel=x')).toBe('old_home');
  expect(homePageCode('/_app')).toBe('tab');
  expect(homePageCode('/_APP/?hideHomeBtn=1')).toBe('tab');
  expect(homePageCode('/index')).toBe('home');
  expect(homePageCode('/index?lang=en')).toBe('home');
});
