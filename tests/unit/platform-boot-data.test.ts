import { BOOT_ANSWER_MAX_AGE_MS, resetBootDataForTests, takeBootAnswer } from '@/platform/boot-data';
import { get, post, setTransport } from '@/platform/http';
import { stubTransport } from './platform-test-transport';

// The answers the server inlines in a page's HTML (server/src/plugins/page-html.ts) for the page's first GETs.
function inline(answers: Record<string, unknown>, raw?: string): void {
  document.getElementById('dj-boot')?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'dj-boot';
  element.textContent = raw ?? JSON.stringify({ at: Date.now(), answers });
  document.body.appendChild(element);
  resetBootDataForTests();
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setTransport(null);
  jest.useRealTimers();
});

it('hands out each inlined answer once, for its exact URL, and takes the block out of the page', () => {
  inline({ '/djapi/account': { result_code: 300001 }, '/djapi/x?a=1&b=2': { result_code: 0, data: 1 } });
  expect(takeBootAnswer('/djapi/x?b=2&a=1')).toBeUndefined();
  expect(takeBootAnswer('/djapi/x?a=1&b=2')).toEqual({ result_code: 0, data: 1 });
  expect(takeBootAnswer('/djapi/x?a=1&b=2')).toBeUndefined();
  expect(document.getElementById('dj-boot')).toBeNull();
  expect(takeBootAnswer('/djapi/account')).toEqual({ result_code: 300001 });
});

it('ignores a damaged block, and answers that are not asked for soon after loading', () => {
  inline({}, '{"at": 1, "answers": {');
  expect(takeBootAnswer('/djapi/account')).toBeUndefined();
  jest.useFakeTimers();
  inline({ '/djapi/account': { result_code: 0, data: {} } });
  expect(takeBootAnswer('/djapi/none')).toBeUndefined(); // reads the block now
  jest.advanceTimersByTime(BOOT_ANSWER_MAX_AGE_MS + 1);
  expect(takeBootAnswer('/djapi/account')).toBeUndefined();
});

it('the http client answers a GET from the page instead of the network, once; a POST always goes out', async () => {
  inline({ '/djapi/fund/009005': { result_code: 0, data: { fd_code: '009005' } }, '/djapi/watch': { result_code: 0, data: 'inlined' } });
  const fetchSpy = jest.fn(async () => ({
    status: 200,
    headers: new Map(),
    text: async () => '{"result_code":0,"data":{"fd_code":"fresh"}}',
  }));
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
  await expect(get('/djapi/fund/009005')).resolves.toEqual({ fd_code: '009005' });
  expect(fetchSpy).not.toHaveBeenCalled();
  await expect(get('/djapi/fund/009005')).resolves.toEqual({ fd_code: 'fresh' });
  expect(fetchSpy).toHaveBeenCalledTimes(1);
  await post('/djapi/watch', { code: '009005' });
  expect(fetchSpy).toHaveBeenCalledTimes(2);
});

it('inside our native apps (another transport) every request goes through it, inlined answers or not', async () => {
  inline({ '/djapi/account': { result_code: 300001 } });
  const bridgeLike = stubTransport();
  bridgeLike.respond(() => ({ status: 200, headers: {}, data: { result_code: 0, data: { user: {} } } }));
  setTransport(bridgeLike);
  await expect(get('/djapi/account')).resolves.toEqual({ user: {} });
  expect(bridgeLike.requests).toHaveLength(1);
});
