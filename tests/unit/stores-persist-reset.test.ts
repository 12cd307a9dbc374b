// Persisted stores (zustand `persist` over the Taro storage adapter) and resetStores(): the stored keys stay those
// of older builds (their values migrate), and a logout leaves no previous user's account or watchlist in memory or
// storage — also for a store this visit never loaded, and for an answer that arrives after the logout.
import type { Transport, TransportRequest } from '@/platform/http-transport';

type AccountModule = typeof import('@/features/account/store');
type WatchlistModule = typeof import('@/features/fund/watchlist-store');
type HttpModule = typeof import('@/platform/http');
type RegistryModule = typeof import('@/platform/store-registry');

/** The raw value under a key, as Taro writes it on H5 ({"data": "<string>"}). */
function stored(key: string): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse((JSON.parse(raw) as { data: string }).data);
}

function seed(key: string, value: string): void {
  localStorage.setItem(key, JSON.stringify({ data: value }));
}

/** A fresh app: modules loaded now (so stores hydrate from what is stored now), with a scripted server. */
function launch(answer: (req: TransportRequest) => unknown = () => ({ result_code: 0, data: null })) {
  let modules!: { account: AccountModule; watchlist: WatchlistModule; http: HttpModule; registry: RegistryModule };
  jest.isolateModules(() => {
    modules = {
      http: require('@/platform/http') as HttpModule,
      registry: require('@/platform/store-registry') as RegistryModule,
      account: require('@/features/account/store') as AccountModule,
      watchlist: require('@/features/fund/watchlist-store') as WatchlistModule,
    };
  });
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    name: 'fake-server',
    async request(req) {
      requests.push(req);
      return { status: 200, headers: {}, data: await answer(req) };
    },
    upload: async () => ({ status: 200, headers: {}, data: { result_code: 0, data: null } }),
  };
  modules.http.setTransport(transport);
  return { ...modules, requests };
}

const USER = { result_code: 0, data: { user: { mask_telephone: '138****5678', open_trade: true, certified: true, risk_level: 'C3' } } };
const WATCHED = [
  { name: '易方达蓝筹精选混合', symbol: 'F005827' },
  { name: '上证指数', symbol: 'SH000001' },
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('persisted stores', () => {
  it('account: open_trade is kept under openTrade; an older build\'s plain "true" migrates; anonymous removes it', async () => {
    seed('openTrade', 'true');
    const first = launch(() => ({ result_code: 300001, data: null }));
    expect(first.account.useAccountStore.getState()).toMatchObject({ status: 'unknown', openTrade: true });
    expect(stored('openTrade')).toEqual({ state: { openTrade: true }, version: 1 });

    await first.account.useAccountStore.getState().refresh();
    expect(first.account.useAccountStore.getState()).toMatchObject({ status: 'anonymous', openTrade: null });
    expect(localStorage.getItem('openTrade')).toBeNull();

    const second = launch(() => ({ result_code: 0, data: { user: { open_trade: false } } }));
    await second.account.useAccountStore.getState().refresh();
    expect(stored('openTrade')).toEqual({ state: { openTrade: false }, version: 1 });
    expect(launch().account.useAccountStore.getState().openTrade).toBe(false);
  });

  it('watchlist: the device list of an older build (a bare array) migrates; anonymous changes are stored, corrupt values dropped', async () => {
    seed('dj-optional-funds', JSON.stringify([WATCHED[0], { junk: true }]));
    const app = launch();
    const list = app.watchlist.useWatchlist;
    await list.getState().load(false);
    expect(list.getState()).toMatchObject({ status: 'ready', remote: false, items: [WATCHED[0]] });
    expect(stored('dj-optional-funds')).toEqual({ state: { device: [WATCHED[0]] }, version: 1 });

    await list.getState().toggleFund('110011', '易方达中小盘混合', false);
    expect(stored('dj-optional-funds')).toEqual({
      state: { device: [{ name: '易方达中小盘混合', symbol: 'F110011' }, WATCHED[0]] },
      version: 1,
    });
    await list.getState().remove('F110011', false);
    await list.getState().remove('F005827', false);
    expect(localStorage.getItem('dj-optional-funds')).toBeNull(); // an empty list leaves no key, as before

    seed('dj-optional-funds', '{not json');
    await list.getState().load(false);
    expect(list.getState().items).toEqual([]);
  });

  it('watchlist: the first logged-in load moves the device list to the account and keeps nothing of it on the device', async () => {
    seed('dj-optional-funds', JSON.stringify([WATCHED[0]]));
    const app = launch((req) =>
      req.url.includes('watchlist.json') ? { result_code: 0, data: { items: WATCHED } } : { result_code: 0, data: { added: ['F005827'] } },
    );
    await app.watchlist.useWatchlist.getState().load(true);
    expect(app.requests.map((r) => r.url.split('?')[0])).toEqual([
      expect.stringContaining('/xqstock/v5/stock/portfolio/stock/add.json'),
      expect.stringContaining('/xqstock/v5/stock/portfolio/stock/watchlist.json'),
    ]);
    expect(app.watchlist.useWatchlist.getState()).toMatchObject({ status: 'ready', remote: true, items: WATCHED, device: [] });
    expect(localStorage.getItem('dj-optional-funds')).toBeNull();
  });
});

describe('resetStores on logout', () => {
  it('logout forgets the account and the watchlist, in memory and storage, and the identity session fields', async () => {
    const app = launch((req) => {
      if (req.url.includes('/djapi/account')) return USER;
      if (req.url.includes('watchlist.json')) return { result_code: 0, data: { items: WATCHED } };
      return { result_code: 0, data: null };
    });
    const account = app.account.useAccountStore;
    const list = app.watchlist.useWatchlist;
    await account.getState().refresh();
    await list.getState().load(true);
    sessionStorage.setItem('dj-ccount-name', '张三');
    sessionStorage.setItem('CHANNEL', 'kept');
    expect(app.registry.registeredStores()).toEqual(expect.arrayContaining(['account', 'watchlist']));
    expect(account.getState()).toMatchObject({ status: 'loggedIn', maskTelephone: '138****5678', riskLevel: 'C3' });
    expect(list.getState().items).toHaveLength(2);
    expect(stored('openTrade')).toEqual({ state: { openTrade: true }, version: 1 });

    await account.getState().logout();

    expect(app.requests.some((r) => r.url.includes('/djapi/provider/oauth/logout'))).toBe(true);
    expect(account.getState()).toMatchObject({
      status: 'anonymous',
      maskTelephone: null,
      openTrade: null,
      certified: false,
      riskLevel: null,
    });
    expect(list.getState()).toMatchObject({ items: [], device: [], remote: false, status: 'idle' });
    expect(localStorage.getItem('openTrade')).toBeNull();
    expect(localStorage.getItem('dj-optional-funds')).toBeNull();
    expect(sessionStorage.getItem('dj-ccount-name')).toBeNull();
    expect(sessionStorage.getItem('CHANNEL')).toBe('kept');
    // A fresh launch on this device finds nothing of the user either.
    const next = launch();
    expect(next.account.useAccountStore.getState().openTrade).toBeNull();
    await next.watchlist.useWatchlist.getState().load(false);
    expect(next.watchlist.useWatchlist.getState().items).toEqual([]);
  });

  it('an answer for the previous user that arrives after the logout is ignored', async () => {
    let releaseWatchlist!: () => void;
    let releaseAccount!: () => void;
    const app = launch((req) => {
      if (req.url.includes('watchlist.json'))
        return new Promise((resolve) => (releaseWatchlist = () => resolve({ result_code: 0, data: { items: WATCHED } })));
      if (req.url.includes('/djapi/account')) return new Promise((resolve) => (releaseAccount = () => resolve(USER)));
      return { result_code: 0, data: null };
    });
    const loading = app.watchlist.useWatchlist.getState().load(true);
    const refreshing = app.account.useAccountStore.getState().refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    app.registry.resetStores();
    releaseWatchlist();
    releaseAccount();
    await Promise.all([loading, refreshing]);
    expect(app.watchlist.useWatchlist.getState()).toMatchObject({ items: [], status: 'idle' });
    expect(app.account.useAccountStore.getState()).toMatchObject({ status: 'unknown', maskTelephone: null });
    expect(localStorage.getItem('openTrade')).toBeNull();
  });

  it('removes the user keys of stores this visit never loaded', () => {
    seed('dj-optional-funds', JSON.stringify({ state: { device: WATCHED }, version: 1 }));
    seed('openTrade', JSON.stringify({ state: { openTrade: true }, version: 1 }));
    seed('dj-last-login-phone', '13812345678');
    let registry!: RegistryModule;
    jest.isolateModules(() => {
      registry = require('@/platform/store-registry') as RegistryModule;
    });
    expect(registry.registeredStores()).toEqual([]);
    registry.resetStores();
    expect(localStorage.getItem('dj-optional-funds')).toBeNull();
    expect(localStorage.getItem('openTrade')).toBeNull();
    // The one-tap login sheet offers the last phone again after a logout (docs/PRODUCT.md §4): not a store's data.
    expect(localStorage.getItem('dj-last-login-phone')).not.toBeNull();
  });

  it('one failing reset does not stop the others', () => {
    let registry!: RegistryModule;
    jest.isolateModules(() => {
      registry = require('@/platform/store-registry') as RegistryModule;
    });
    const later = jest.fn();
    registry.registerStore('broken', () => {
      throw new Error('boom');
    });
    registry.registerStore('later', later);
    expect(() => registry.resetStores()).not.toThrow();
    expect(later).toHaveBeenCalledTimes(1);
  });
});
