import Taro from '@tarojs/taro';
import { setTransport } from '@/platform/http';
import { TransportError } from '@/platform/http-errors';
import {
  ANALYTICS_UPLOAD_URL,
  PAGE_CODES,
  configureAnalytics,
  flushAnalytics,
  formatRecordLine,
  pendingAnalyticsCount,
  resetAnalytics,
  trackEvent,
  trackPage,
} from '@/platform/analytics';
import { platformFromUserAgent } from '@/platform/analytics-host.h5';
import { observeInView } from '@/platform/in-view.h5';
import { sessionStore, SESSION_KEYS } from '@/platform/storage';
import { envelopeResponse, stubTransport, type StubTransport } from './platform-test-transport';

let transport: StubTransport;

beforeEach(() => {
  Taro.clearStorageSync();
  resetAnalytics();
  sessionStore.clear();
  transport = stubTransport();
  transport.respond(() => envelopeResponse({ result_code: 0, data: { accepted: 1 } }));
  setTransport(transport);
});

afterEach(() => {
  resetAnalytics();
  setTransport(null);
  jest.useRealTimers();
});

const uploadedLines = (): string[] => transport.requests.flatMap((r) => (r.body ?? '').split('\n'));

describe('record line format', () => {
  it('joins the docs/PRODUCT.md §3 fields with | in order, extras as JSON last', () => {
    const line = formatRecordLine('v1', {
      timestamp: 1763798400000,
      platform: 'ios',
      screen: '390x844',
      event: 'search_click',
      page: PAGE_CODES.search,
      module: 'fund',
      extras: { channel: 'c1', url: 'https://x.example.com/a?b=1|2' },
    });
    const fields = line.split('|');
    expect(fields.slice(0, 7)).toEqual(['v1', '1763798400000', 'ios', '390x844', 'search_click', 'search', 'fund']);
    // a | inside the JSON is escaped, so the line has exactly 8 fields and the JSON still parses back
    expect(fields).toHaveLength(8);
    expect(JSON.parse(fields[7])).toEqual({ channel: 'c1', url: 'https://x.example.com/a?b=1|2' });
  });

  it('keeps separators and line breaks out of the plain fields', () => {
    const line = formatRecordLine('v', {
      timestamp: 1,
      platform: 'other',
      screen: '1x1',
      event: 'a|b\nc',
      page: '',
      module: 'm',
      extras: {},
    });
    expect(line).toBe('v|1|other|1x1|a b c||m|{}');
  });

  it('maps user agents to the docs/PRODUCT.md §3 platforms', () => {
    expect(platformFromUserAgent('Mozilla/5.0 (Linux; Android 13; Pixel 7)')).toBe('android');
    expect(platformFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(platformFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('mac');
    expect(platformFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(platformFromUserAgent('curl/8.0')).toBe('other');
  });
});

describe('batching and upload', () => {
  it('uploads a pipe-joined text body to POST /xqapi/upload/web?category=web_behavior', async () => {
    sessionStore.set(SESSION_KEYS.channel, 'XQWX01');
    trackPage(PAGE_CODES.fundDetail, { extras: { from: 'search' } });
    trackEvent('change_number', { page: PAGE_CODES.myMoney, module: 'xjb' });
    await flushAnalytics();
    const [req] = transport.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(ANALYTICS_UPLOAD_URL);
    expect(req.headers['Content-Type']).toMatch(/^text\/plain/);
    const lines = uploadedLines();
    expect(lines).toHaveLength(2);
    const [visitor, timestamp, platform, screen, event, page, module, extras] = lines[0].split('|');
    expect(visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(timestamp)).toBeGreaterThan(1.7e12);
    expect(platform).toBe('other'); // jsdom's user agent
    expect(screen).toMatch(/^\d+x\d+$/);
    expect([event, page, module]).toEqual(['page_view', 'fund_detail', 'fund']); // module: the fund app's own name
    expect(JSON.parse(extras)).toMatchObject({ from: 'search', channel: 'XQWX01', url: 'http://localhost/' });
    expect(lines[1].split('|').slice(4, 7)).toEqual(['change_number', 'my_money', 'xjb']);
    expect(lines[1].split('|')[0]).toBe(visitor); // one persisted visitor id
  });

  it('flushes when the batch is full', async () => {
    configureAnalytics({ batchSize: 3 });
    trackEvent('a');
    trackEvent('b');
    expect(transport.requests).toHaveLength(0);
    trackEvent('c');
    await flushAnalytics();
    expect(uploadedLines().map((l) => l.split('|')[4])).toEqual(['a', 'b', 'c']);
  });

  it('flushes on a timer after the first record', async () => {
    jest.useFakeTimers();
    configureAnalytics({ flushIntervalMs: 5000 });
    trackEvent('a');
    await jest.advanceTimersByTimeAsync(4999);
    expect(transport.requests).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(uploadedLines().map((l) => l.split('|')[4])).toEqual(['a']);
  });

  it('flushes when the page is hidden', async () => {
    trackEvent('leaving');
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 0));
    expect(uploadedLines().map((l) => l.split('|')[4])).toEqual(['leaving']);
  });

  it('keeps records for the next flush when the network fails, drops a batch the server refuses', async () => {
    transport.respond(() => Promise.reject(new TransportError('network')));
    trackEvent('a');
    await flushAnalytics();
    expect(pendingAnalyticsCount()).toBe(1);
    transport.respond(() => envelopeResponse({ result_code: 100001, data: null, message: 'bad line 1' }, 400));
    await flushAnalytics();
    expect(pendingAnalyticsCount()).toBe(0);
  });
});

describe('in-view tracking (H5 IntersectionObserver)', () => {
  type Callback = (entries: Array<{ isIntersecting: boolean; intersectionRatio: number }>) => void;
  let instances: Array<{ callback: Callback; options: IntersectionObserverInit; disconnect: jest.Mock; observe: jest.Mock }>;

  beforeEach(() => {
    instances = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      disconnect = jest.fn();
      observe = jest.fn();
      constructor(
        public callback: Callback,
        public options: IntersectionObserverInit,
      ) {
        instances.push(this);
      }
    };
  });

  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('fires once when 80 % of the element is visible', () => {
    const element = document.createElement('div');
    const seen = jest.fn();
    observeInView({ element }, seen);
    const [observer] = instances;
    expect(observer.options.threshold).toEqual([0.8]);
    expect(observer.observe).toHaveBeenCalledWith(element);
    observer.callback([{ isIntersecting: true, intersectionRatio: 0.5 }]);
    expect(seen).not.toHaveBeenCalled();
    observer.callback([{ isIntersecting: true, intersectionRatio: 0.85 }]);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(observer.disconnect).toHaveBeenCalled();
  });
});
