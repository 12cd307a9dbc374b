import Taro from '@tarojs/taro';
import { setLocale } from '@/locales/i18n';
import { setTransport } from '@/platform/http';
import { TransportError } from '@/platform/http-errors';
import { clearConfigCache, fetchConfig, fetchConfigList, mpaasStorageKey, type ConfigResult } from '@/platform/mpaas';
import { configureAppRegistry, resetAppRegistry } from '@/platform/app-registry';
import { envelopeResponse, stubTransport, type StubTransport } from './platform-test-transport';

// A config server with one entry per key, answering like server/src/routes/platform.ts.
function configServer(transport: StubTransport, entries: Record<string, { timestamp: number; value: unknown }>): void {
  transport.respond((req) => {
    const query = new URL(req.url, 'http://h').searchParams;
    const keys = query.get('keys');
    if (keys) {
      return envelopeResponse({
        result_code: 0,
        data: { data: { keys: keys.split(',').map((key) => ({ key, ...entries[key] })) } },
      });
    }
    const key = query.get('key') ?? '';
    const entry = entries[key];
    const lastUpdate = query.get('last_update');
    const unchanged = entry && lastUpdate !== null && Number(lastUpdate) >= entry.timestamp;
    return envelopeResponse({
      result_code: 0,
      data: {
        data: {
          [key]: unchanged
            ? { update_type: 0, timestamp: entry.timestamp, value: null }
            : { update_type: 1, timestamp: entry?.timestamp ?? 0, value: entry?.value ?? null },
        },
      },
    });
  });
}

const query = (transport: StubTransport, index: number): Record<string, string> =>
  Object.fromEntries(new URL(transport.requests[index].url, 'http://h').searchParams);

let transport: StubTransport;
const banners = { timestamp: 1000, value: [{ id: 'xjb' }] };

beforeEach(() => {
  Taro.clearStorageSync();
  clearConfigCache();
  resetAppRegistry();
  transport = stubTransport();
  setTransport(transport);
  configServer(transport, { home_banners: banners, home_marquee: { timestamp: 5, value: { speed: 50 } } });
});

afterEach(() => {
  setTransport(null);
  jest.useRealTimers();
  setLocale('zh-CN');
});

describe('request parameters (docs/PRODUCT.md §7)', () => {
  it("sends the default app's appkey, the key and the caller's parameters, GET /mpaas/config/content", async () => {
    await fetchConfig({ key: 'home_banners', params: { platform: 'h5' } });
    expect(transport.requests[0].url.split('?')[0]).toBe('/mpaas/config/content');
    expect(query(transport, 0)).toEqual({ appkey: 'social', key: 'home_banners', platform: 'h5' });
  });

  it("uses the chosen app's appkey, or the caller's", async () => {
    configureAppRegistry({ 3: { appKey: 'danjuan-fund' } });
    await fetchConfig({ key: 'home_banners', aid: 3 });
    await fetchConfig({ key: 'home_banners', appkey: 'mine' });
    expect(query(transport, 0).appkey).toBe('danjuan-fund');
    expect(query(transport, 1).appkey).toBe('mine');
  });

  it('sends a list of keys comma-joined, bypassing the cache', async () => {
    const result = await fetchConfigList({ keys: ['home_banners', 'home_marquee'] });
    expect(query(transport, 0)).toEqual({ appkey: 'social', keys: 'home_banners,home_marquee' });
    expect(result).toMatchObject({ cached: false, safe: true });
    expect(result.data.keys.map((entry) => entry.key)).toEqual(['home_banners', 'home_marquee']);
    expect(Taro.getStorageInfoSync().keys.filter((k) => k.startsWith('mpaas-'))).toEqual([]);
  });
});

describe('cache semantics (docs/PRODUCT.md §4 "Configuration cache entry")', () => {
  it('fresh data is returned not cached and safe, and stored as stale without maxAge', async () => {
    await expect(fetchConfig({ key: 'home_banners', cache: true })).resolves.toEqual({
      data: banners.value,
      cached: false,
      safe: true,
    });
    expect(JSON.parse(Taro.getStorageSync(mpaasStorageKey('social', 'home_banners')) as string)).toEqual({
      value: banners.value,
      timestamp: 1000,
      stale: true,
    });
  });

  it('a stale entry with caching on is returned first, and the refresh still goes out (last_update = cached timestamp)', async () => {
    await fetchConfig({ key: 'home_banners', cache: true });
    const updates: ConfigResult<unknown>[] = [];
    const first = await fetchConfig({ key: 'home_banners', cache: true, onUpdate: (r) => updates.push(r) });
    expect(first).toEqual({ data: banners.value, cached: true, safe: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(transport.requests).toHaveLength(2);
    expect(query(transport, 1).last_update).toBe('1000');
    // server: update_type 0 → the cached copy, now confirmed
    expect(updates).toEqual([{ data: banners.value, cached: true, safe: true }]);
  });

  it('server update_type 0 returns the cached copy flagged cached and safe', async () => {
    await fetchConfig({ key: 'home_banners' });
    await expect(fetchConfig({ key: 'home_banners' })).resolves.toEqual({ data: banners.value, cached: true, safe: true });
    expect(query(transport, 1).last_update).toBe('1000');
  });

  it('changed data replaces the cached copy', async () => {
    await fetchConfig({ key: 'home_banners' });
    configServer(transport, { home_banners: { timestamp: 2000, value: [{ id: 'pension' }] } });
    await expect(fetchConfig({ key: 'home_banners' })).resolves.toEqual({ data: [{ id: 'pension' }], cached: false, safe: true });
    const stored = JSON.parse(Taro.getStorageSync(mpaasStorageKey('social', 'home_banners')) as string);
    expect(stored.timestamp).toBe(2000);
  });

  it('maxAge stores the entry not stale: returned at once, cached and not safe, without a call; deleted after maxAge', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    await fetchConfig({ key: 'home_banners', maxAge: 60_000 });
    const stored = JSON.parse(Taro.getStorageSync(mpaasStorageKey('social', 'home_banners')) as string);
    expect(stored.stale).toBe(false);
    await expect(fetchConfig({ key: 'home_banners', maxAge: 60_000 })).resolves.toEqual({
      data: banners.value,
      cached: true,
      safe: false,
    });
    expect(transport.requests).toHaveLength(1);
    jest.advanceTimersByTime(60_000);
    expect(Taro.getStorageSync(mpaasStorageKey('social', 'home_banners'))).toBeFalsy();
    await fetchConfig({ key: 'home_banners', maxAge: 60_000 });
    expect(transport.requests).toHaveLength(2);
    expect(query(transport, 1).last_update).toBeUndefined();
  });

  it('a boolean cache option stores as stale even after a maxAge entry', async () => {
    await fetchConfig({ key: 'home_banners', maxAge: 60_000 });
    configServer(transport, { home_banners: { timestamp: 3000, value: 'v3' } });
    await fetchConfig({ key: 'home_banners', cache: false });
    expect(JSON.parse(Taro.getStorageSync(mpaasStorageKey('social', 'home_banners')) as string)).toMatchObject({
      value: 'v3',
      stale: true,
    });
  });
});

describe('errors (docs/PRODUCT.md §8)', () => {
  it('"unchanged" with no local cache rejects with the catalogue message', async () => {
    setLocale('en-US');
    transport.respond(() =>
      envelopeResponse({ result_code: 0, data: { data: { home_banners: { update_type: 0, timestamp: 1, value: null } } } }),
    );
    await expect(fetchConfig({ key: 'home_banners' })).rejects.toThrow('No Update for MpaaS Data, but No Cache in client');
  });

  it('a network error is passed to the caller as a rejection', async () => {
    transport.respond(() => Promise.reject(new TransportError('network')));
    await expect(fetchConfig({ key: 'home_banners' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('times out after 3000 ms in a browser', async () => {
    jest.useFakeTimers();
    transport.respond(() => new Promise(() => undefined));
    let settled = false;
    const pending = fetchConfig({ key: 'home_banners' })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout' });
  });

  it('a refresh failure after a served stale copy goes to onUpdateError', async () => {
    await fetchConfig({ key: 'home_banners', cache: true });
    transport.respond(() => Promise.reject(new TransportError('network')));
    const errors: Error[] = [];
    const first = await fetchConfig({ key: 'home_banners', cache: true, onUpdateError: (e) => errors.push(e) });
    expect(first.cached).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toHaveLength(1);
  });

  it('a cache read failure silently yields an empty cache: the value is fetched again', async () => {
    Taro.setStorageSync(mpaasStorageKey('social', 'home_banners'), '{corrupt');
    await expect(fetchConfig({ key: 'home_banners', cache: true })).resolves.toEqual({
      data: banners.value,
      cached: false,
      safe: true,
    });
    expect(query(transport, 0).last_update).toBeUndefined();
  });
});
