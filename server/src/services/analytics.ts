// Analytics records uploaded by the pages (POST /xqapi/upload/web): parsed, then stored all or nothing.
import type { Kysely } from 'kysely';
import { ANALYTICS_DEFAULT_MODULE, ANALYTICS_PLATFORMS } from '../constants';
import type { JsonValue } from '../db/platform-types';
import type { DB } from '../db/types';
import { findUnstorable, UNSTORABLE_REASON } from '../domain/storable';

export interface AnalyticsRecord {
  visitorId: string;
  occurredAt: Date;
  platform: string;
  screenSize: string;
  eventCode: string;
  page: string;
  module: string;
  extras: Record<string, JsonValue>;
}

/**
 * One analytics record per line, fields joined by `|` in docs/PRODUCT.md §3 order:
 *   visitorId|timestampMs|platform|screenSize|eventCode|page|module|extrasJson
 * The extras JSON is last, so a `|` inside it is kept. Returns the record or why the line is bad.
 */
export function parseAnalyticsLine(line: string): AnalyticsRecord | string {
  const parts = line.split('|');
  if (parts.length < 8) return `expected 8 fields separated by |, got ${parts.length}`;
  const [visitorId = '', timestamp = '', platform = '', screenSize = '', eventCode = '', page = '', module = ''] = parts;
  const extrasText = parts.slice(7).join('|').trim();
  if (!/^[\w.:-]{1,128}$/.test(visitorId)) return 'visitor id must be 1–128 letters, digits, _ . : -';
  if (!/^\d{10,13}$/.test(timestamp)) return 'timestamp must be milliseconds since 1970';
  const occurredAt = new Date(Number(timestamp));
  if (Number.isNaN(occurredAt.getTime()) || occurredAt.getFullYear() < 2000 || occurredAt.getFullYear() > 2100) {
    return 'timestamp is out of range';
  }
  if (!(ANALYTICS_PLATFORMS as readonly string[]).includes(platform)) {
    return `platform must be one of ${ANALYTICS_PLATFORMS.join(', ')}`;
  }
  if (!/^\d{1,5}[x*]\d{1,5}$/.test(screenSize)) return 'screen size must look like 375x667';
  if (!/^[\w.:-]{1,64}$/.test(eventCode)) return 'event code must be 1–64 letters, digits, _ . : -';
  if (page.length > 256) return 'page is longer than 256 characters';
  if (module.length > 64) return 'module is longer than 64 characters';
  let extras: Record<string, JsonValue> = {};
  if (extrasText) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(extrasText);
    } catch {
      return 'extras must be a JSON object';
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'extras must be a JSON object';
    // "\u0000" or a lone "\ud800" escaped inside the JSON text: jsonb cannot store it.
    const unstorable = findUnstorable(parsed);
    if (unstorable) return `extras${unstorable.path.replaceAll('/', '.').slice(0, 64)} ${UNSTORABLE_REASON[unstorable.reason]}`;
    extras = parsed as Record<string, JsonValue>;
  }
  return { visitorId, occurredAt, platform, screenSize, eventCode, page, module: module || ANALYTICS_DEFAULT_MODULE, extras };
}

/** Every line parsed, or the first bad one (1-based) and why. */
export function parseAnalyticsLines(
  lines: readonly string[],
): { ok: true; records: AnalyticsRecord[] } | { ok: false; line: number; reason: string } {
  const records: AnalyticsRecord[] = [];
  for (const [index, line] of lines.entries()) {
    const parsed = parseAnalyticsLine(line);
    if (typeof parsed === 'string') return { ok: false, line: index + 1, reason: parsed };
    records.push(parsed);
  }
  return { ok: true, records };
}

/** Stores a batch of records of one category, received at `now`. */
export async function saveAnalyticsEvents(
  kysely: Kysely<DB>,
  category: string,
  records: readonly AnalyticsRecord[],
  now: Date,
): Promise<void> {
  await kysely
    .insertInto('analytics_events')
    .values(
      records.map((record) => ({
        category,
        visitor_id: record.visitorId,
        occurred_at: record.occurredAt,
        platform: record.platform,
        screen_size: record.screenSize,
        event_code: record.eventCode,
        page: record.page,
        module: record.module,
        extras: JSON.stringify(record.extras),
        received_at: now,
      })),
    )
    .execute();
}
