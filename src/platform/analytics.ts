import { ensureCsprngReady, randomBytes } from '@/platform/csprng';
import { getCookie } from '@/platform/cookies';
import { analyticsPlatform, currentUrl, onHide, referrer, screenSize } from '@/platform/analytics-host';
import { APP_ID } from '@/lib/constants';
import { getApp } from './app-registry';
import { bytesToHex } from './bytes';
import { ApiError, HttpError, post } from './http';
import type { PageCode } from './page-codes';
import { SESSION_KEYS, localStore, sessionStore } from './storage';

export { PAGE_CODES, type PageCode } from './page-codes';

/** docs/PRODUCT.md §3 analytics record extras, sent as JSON in the last field. */
export interface AnalyticsExtras {
  from?: string;
  websource?: string;
  referrer?: string;
  channel?: string;
  url?: string;
  unionid?: string;
  scene?: string;
  appid?: string;
  trace?: string;
}

/** One record (the visitor id is added when the batch is written). */
export interface AnalyticsRecord {
  timestamp: number;
  platform: string;
  screen: string;
  event: string;
  page: PageCode | '';
  module: string;
  extras: AnalyticsExtras;
}

export interface TrackOptions {
  page?: PageCode;
  module?: string;
  extras?: AnalyticsExtras;
}

export const ANALYTICS_UPLOAD_URL = '/xqapi/upload/web?category=web_behavior';
/** The record's module when a caller names none: the fund app's own name (its app-registry key). */
export function defaultAnalyticsModule(): string {
  return getApp(APP_ID.FUND).appKey;
}
/** Event codes of docs/PRODUCT.md §2.6 "Tracked events" (the search click is the search box's `search_click`). */
export const TRACK_EVENTS = {
  /** A tap on a customer-service entry (the header's box, the FAQ's card); extras.from = the page it was tapped on. */
  customerServiceClick: 'customer_service_click',
  /** The phone number was changed (account settings); sent once the server accepted the new number. */
  changePhone: 'change_phone',
  /** An element came 80 % into view (IN_VIEW_THRESHOLD) for the first time on this page: module = what it is. */
  exposure: 'exposure',
} as const;
/** The event code of a page view. */
export const PAGE_VIEW_EVENT = 'page_view';
/** The server takes at most 500 records per upload. */
const MAX_RECORDS_PER_UPLOAD = 500;
const VISITOR_ID_STORAGE_KEY = 'dj-visitor-id';
const EXTRA_KEYS: readonly (keyof AnalyticsExtras)[] = [
  'from',
  'websource',
  'referrer',
  'channel',
  'url',
  'unionid',
  'scene',
  'appid',
  'trace',
];

interface AnalyticsSettings {
  module: string;
  /** Upload when this many records are waiting. */
  batchSize: number;
  /** Upload this long after the first waiting record. */
  flushIntervalMs: number;
  /** Records kept for a retry when uploads fail (oldest dropped first). */
  maxQueued: number;
}

const DEFAULT_SETTINGS: Omit<AnalyticsSettings, 'module'> & { module?: string } = {
  batchSize: 20,
  flushIntervalMs: 5000,
  maxQueued: 500,
};

let settings: Omit<AnalyticsSettings, 'module'> & { module?: string } = { ...DEFAULT_SETTINGS };
let queue: AnalyticsRecord[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | null = null;
let stopHideListener: (() => void) | null = null;

export function configureAnalytics(next: Partial<AnalyticsSettings>): void {
  settings = { ...settings, ...next };
}

/** Clears queue, timers and settings (tests, logout of a shared device). */
export function resetAnalytics(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  queue = [];
  flushing = null;
  stopHideListener?.();
  stopHideListener = null;
  settings = { ...DEFAULT_SETTINGS };
}

/** A persisted random visitor id (16 CSPRNG bytes, hex). */
export async function visitorId(): Promise<string> {
  const existing = localStore.getString(VISITOR_ID_STORAGE_KEY);
  if (existing) return existing;
  await ensureCsprngReady();
  const fresh = bytesToHex(randomBytes(16));
  localStore.setString(VISITOR_ID_STORAGE_KEY, fresh);
  return fresh;
}

/** A field may not break the line format: no separators or line breaks inside it. */
function field(value: string | number): string {
  return String(value).replace(/[|\r\n]/g, ' ');
}

/**
 * One line of the upload body: visitor id|timestamp|platform|screen|event|page|module|extras JSON.
 * The JSON is last and has its `|` escaped as \u007c (still valid JSON), so a line splits into exactly 8 fields.
 */
export function formatRecordLine(visitor: string, record: AnalyticsRecord): string {
  const extras = JSON.stringify(record.extras).replace(/\|/g, '\\u007c');
  return [visitor, record.timestamp, record.platform, record.screen, record.event, record.page, record.module]
    .map(field)
    .concat(extras)
    .join('|');
}

function defaultExtras(): AnalyticsExtras {
  const extras: AnalyticsExtras = {
    url: currentUrl(),
    referrer: referrer(),
    channel: sessionStore.get(SESSION_KEYS.channel) ?? getCookie('channel'),
    unionid: getCookie('unionid'),
    scene: getCookie('scene'),
    appid: getCookie('appid'),
    trace: getCookie('trace'),
  };
  return extras;
}

function cleanExtras(extras: AnalyticsExtras): AnalyticsExtras {
  const out: AnalyticsExtras = {};
  for (const key of EXTRA_KEYS) {
    const value = extras[key];
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

function schedule(): void {
  stopHideListener ??= onHide(() => {
    void flushAnalytics();
  });
  if (queue.length >= settings.batchSize) {
    void flushAnalytics();
    return;
  }
  if (timer === undefined) {
    timer = setTimeout(() => {
      timer = undefined;
      void flushAnalytics();
    }, settings.flushIntervalMs);
  }
}

export function trackEvent(event: string, options: TrackOptions = {}): void {
  queue.push({
    timestamp: Date.now(),
    platform: analyticsPlatform(),
    screen: screenSize(),
    event,
    page: options.page ?? '',
    module: options.module ?? settings.module ?? defaultAnalyticsModule(),
    extras: cleanExtras({ ...defaultExtras(), ...options.extras }),
  });
  if (queue.length > settings.maxQueued) queue = queue.slice(queue.length - settings.maxQueued);
  schedule();
}

export function trackPage(page: PageCode, options: Omit<TrackOptions, 'page'> = {}): void {
  trackEvent(PAGE_VIEW_EVENT, { ...options, page });
}

/** Uploads everything waiting; failed batches go back to the front of the queue for the next flush. */
export async function flushAnalytics(): Promise<void> {
  if (flushing) return flushing;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const batch = queue.slice(0, MAX_RECORDS_PER_UPLOAD);
  queue = queue.slice(MAX_RECORDS_PER_UPLOAD);
  flushing = (async () => {
    try {
      const visitor = await visitorId();
      const body = batch.map((record) => formatRecordLine(visitor, record)).join('\n');
      await post(ANALYTICS_UPLOAD_URL, body, { contentType: 'text', silent: true });
    } catch (err) {
      // Only transient failures are retried: the server refuses a malformed batch as a whole, for good.
      if (isTransient(err)) queue = batch.concat(queue).slice(-settings.maxQueued);
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

function isTransient(err: unknown): boolean {
  if (err instanceof HttpError) return err.kind !== 'status' || (err.status ?? 0) >= 500;
  return !(err instanceof ApiError);
}

/** Records still waiting (tests and diagnostics). */
export function pendingAnalyticsCount(): number {
  return queue.length;
}
