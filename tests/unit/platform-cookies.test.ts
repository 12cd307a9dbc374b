import Taro from '@tarojs/taro';
import * as h5Cookies from '@/platform/cookies.h5';
import * as weappCookies from '@/platform/cookies.weapp';
import { CookieJar, parseSetCookie, splitSetCookie } from '@/platform/cookie-jar';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const API = 'https://api.example.com/djapi/account';

describe('H5 cookies (document.cookie)', () => {
  beforeEach(() => {
    for (const name of ['xq_a_token', 'u', 'channel', 'keep', 'isMiniprogram', 'scene']) h5Cookies.removeCookie(name);
  });

  it('sets, reads (decoded) and removes cookies', () => {
    h5Cookies.setCookie('channel', 'XQWX 1');
    expect(h5Cookies.getCookie('channel')).toBe('XQWX 1');
    h5Cookies.removeCookie('channel');
    expect(h5Cookies.getCookie('channel')).toBeUndefined();
  });

  it('clearIdentityCookies removes the identity cookies and keeps the rest', () => {
    h5Cookies.setCookie('xq_a_token', 't');
    h5Cookies.setCookie('u', '1');
    h5Cookies.setCookie('keep', 'yes');
    h5Cookies.clearIdentityCookies();
    expect(h5Cookies.getCookie('xq_a_token')).toBeUndefined();
    expect(h5Cookies.getCookie('u')).toBeUndefined();
    expect(h5Cookies.getCookie('keep')).toBe('yes');
  });

  it('leaves the Cookie header to the browser and marks launches outside the mini program', () => {
    expect(h5Cookies.cookieHeaderFor(API)).toBeUndefined();
    h5Cookies.applyLaunchCookies({ scene: 1001 });
    expect(h5Cookies.getCookie('isMiniprogram')).toBe('0');
    expect(h5Cookies.getCookie('scene')).toBe('1001');
  });
});

describe('Set-Cookie parsing', () => {
  it('splits several cookies joined by commas without breaking Expires dates', () => {
    const header = 'a=1; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT, b=2; Max-Age=60, c=3; HttpOnly';
    expect(splitSetCookie(header)).toEqual(['a=1; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT', 'b=2; Max-Age=60', 'c=3; HttpOnly']);
    expect(splitSetCookie(['x=1', 'y=2, z=3'])).toEqual(['x=1', 'y=2', 'z=3']);
  });

  it('reads expiry, Max-Age (which wins over Expires), domain and path', () => {
    expect(parseSetCookie('xq_a_token=abc; Max-Age=7200; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/', API, NOW)).toEqual({
      name: 'xq_a_token',
      value: 'abc',
      domain: 'api.example.com',
      hostOnly: true,
      path: '/',
      expiresAt: NOW + 7_200_000,
    });
    expect(parseSetCookie('u=9; Domain=.example.com; Expires=Wed, 21 Oct 2099 07:28:00 GMT', API, NOW)).toMatchObject({
      domain: 'example.com',
      hostOnly: false,
      path: '/djapi',
      expiresAt: Date.UTC(2099, 9, 21, 7, 28, 0),
    });
  });

  it('deletes a cookie on Max-Age=0 or a past Expires', () => {
    const jar = new CookieJar();
    jar.put(parseSetCookie('u=1; Path=/', API, NOW)!, NOW);
    jar.put(parseSetCookie('uid=2; Path=/', API, NOW)!, NOW);
    expect(jar.headerFor(API, NOW)).toBe('u=1; uid=2');
    jar.put(parseSetCookie('u=; Path=/; Max-Age=0', API, NOW)!, NOW);
    jar.put(parseSetCookie('uid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT', API, NOW)!, NOW);
    expect(jar.headerFor(API, NOW)).toBeUndefined();
  });

  it('sends cookies only to matching hosts and paths, and forgets expired ones', () => {
    const jar = new CookieJar();
    jar.put(parseSetCookie('host=1; Path=/', API, NOW)!, NOW);
    jar.put(parseSetCookie('wide=2; Domain=example.com; Path=/; Max-Age=10', API, NOW)!, NOW);
    jar.put(parseSetCookie('deep=3; Path=/djapi/fund', API, NOW)!, NOW);
    expect(jar.headerFor('https://api.example.com/djapi/fund/1', NOW)).toBe('deep=3; host=1; wide=2');
    expect(jar.headerFor('https://cdn.example.com/x', NOW)).toBe('wide=2');
    expect(jar.headerFor('https://other.com/', NOW)).toBeUndefined();
    expect(jar.headerFor('https://cdn.example.com/x', NOW + 10_001)).toBeUndefined();
  });
});

describe('weapp cookie jar (persisted in Taro storage)', () => {
  beforeEach(() => {
    Taro.clearStorageSync();
    weappCookies.reloadCookieJarForTests();
  });

  it('absorbs Set-Cookie headers and sends them back as the Cookie header', () => {
    weappCookies.absorbSetCookie(API, 'xq_a_token=t1; Path=/; Max-Age=3600, XSRF-TOKEN=x1; Path=/');
    expect(weappCookies.getCookie('xq_a_token')).toBe('t1');
    expect(weappCookies.cookieHeaderFor('https://api.example.com/djapi/fund/1')).toBe('xq_a_token=t1; XSRF-TOKEN=x1');
  });

  it('keeps cookies with an expiry across a relaunch, and drops session cookies', () => {
    weappCookies.absorbSetCookie(API, ['xq_a_token=t1; Path=/; Max-Age=3600', 'session=s; Path=/']);
    weappCookies.reloadCookieJarForTests(); // a new launch reads the stored jar
    expect(weappCookies.getCookie('xq_a_token')).toBe('t1');
    expect(weappCookies.getCookie('session')).toBeUndefined();
  });

  it('sets launch cookies (isMiniprogram 1, scene, appid, channel, unionid, trace)', () => {
    weappCookies.applyLaunchCookies({ scene: 1047, appid: 'wx123', channel: 'c1', unionid: 'un', trace: 'tr' });
    expect(weappCookies.cookieHeaderFor(API)).toBe('isMiniprogram=1; scene=1047; appid=wx123; channel=c1; unionid=un; trace=tr');
  });

  it('clearIdentityCookies removes every identity cookie', () => {
    weappCookies.absorbSetCookie(
      API,
      'accesstoken=a; Max-Age=99, u=1; Max-Age=99, uid=1; Max-Age=99, refreshtoken=r; Max-Age=99, xq-dj-token=d; Max-Age=99, xq_a_token=x; Max-Age=99, thirdparty_token=t; Max-Age=99, xqfd_thirdparty_token=f; Max-Age=99, channel=keep; Max-Age=99',
    );
    weappCookies.clearIdentityCookies();
    weappCookies.reloadCookieJarForTests();
    expect(weappCookies.cookieHeaderFor(API)).toBe('channel=keep');
  });

  it('survives a corrupt stored jar', () => {
    Taro.setStorageSync('cookie-jar', '{not json');
    weappCookies.reloadCookieJarForTests();
    expect(weappCookies.getCookie('u')).toBeUndefined();
    weappCookies.setCookie('u', '1', { maxAgeSeconds: 60 });
    expect(weappCookies.getCookie('u')).toBe('1');
  });
});
