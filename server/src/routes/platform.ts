import { randomBytes } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ANALYTICS_CATEGORY_WEB_BEHAVIOR,
  ANALYTICS_DEFAULT_MODULE,
  ANALYTICS_MAX_RECORDS,
  ANALYTICS_PLATFORMS,
  DEFAULT_MPAAS_APPKEY,
} from '../constants';
import type { JsonValue } from '../db/platform-types';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { ConfigKey, PageUrl } from '../http/schemas';
import { registerDevice } from '../plugins/secure-api';
import { readConfigEntries } from '../services/mpaas-config';
import { encryptSecretFor, parseClientPublicKey } from '../services/secure-message';
import { jsapiSignature } from '../services/wechat';

/** JS-SDK APIs the pages use for sharing (docs/PRODUCT.md §7 "Messaging-app share config"). */
const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
  'hideMenuItems',
  'showMenuItems',
];
/** Open tags that wake the fund app or open the mini program from the WeChat browser. */
const OPEN_TAG_LIST = ['wx-open-launch-app', 'wx-open-launch-weapp'];

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
    extras = parsed as Record<string, JsonValue>;
  }
  return { visitorId, occurredAt, platform, screenSize, eventCode, page, module: module || ANALYTICS_DEFAULT_MODULE, extras };
}

const ConfigEntryView = Type.Object({
  update_type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  timestamp: Type.Integer(),
  value: Type.Unknown(),
});

const platformRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/xqapi/ee2e/public_key_web',
    {
      schema: {
        tags: ['platform'],
        summary: 'Secure API key exchange: registers a device and sends it a secret encrypted to its RSA key',
        body: Type.Object({ public_key: Type.String({ minLength: 64, maxLength: 4096 }) }),
        response: {
          200: EnvelopeOf(Type.Object({ client_id: Type.String(), public_key: Type.String(), secret: Type.String() })),
          400: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      let clientKey;
      try {
        clientKey = parseClientPublicKey(request.body.public_key);
      } catch {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidPublicKey', 400);
      }
      const device = await registerDevice(app.db.kysely, {
        clientPublicKey: request.body.public_key.trim(),
        now: app.clock.now(),
      });
      return ok({
        client_id: device.deviceId,
        public_key: app.serverKeys.publicKeyPem,
        secret: encryptSecretFor(clientKey, device.secret),
      });
    },
  );

  app.get(
    '/mpaas/config/content',
    {
      schema: {
        tags: ['platform'],
        summary: 'Remote configuration: one key with cache check (last_update), or a list of keys',
        querystring: Type.Object(
          {
            appkey: Type.Optional(ConfigKey),
            key: Type.Optional(ConfigKey),
            keys: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}(,[A-Za-z0-9_.-]{1,64}){0,49}$' })),
            last_update: Type.Optional(Type.Integer({ minimum: 0 })),
          },
          // Callers pass their own extra parameters (docs/PRODUCT.md §7); they are ignored, not refused.
          { additionalProperties: true },
        ),
        response: {
          200: EnvelopeOf(
            Type.Object({
              data: Type.Union([
                Type.Object({ keys: Type.Array(Type.Object({ key: Type.String(), timestamp: Type.Integer(), value: Type.Unknown() })) }),
                Type.Record(Type.String(), ConfigEntryView),
              ]),
            }),
          ),
          400: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const { key, keys, last_update: lastUpdate } = request.query;
      const appkey = request.query.appkey ?? DEFAULT_MPAAS_APPKEY;
      if (keys !== undefined) {
        // A list bypasses the client cache (docs/PRODUCT.md §5): always the full values.
        const entries = await readConfigEntries(app.db.kysely, appkey, [...new Set(keys.split(','))]);
        return ok({ data: { keys: entries } });
      }
      if (key === undefined) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
          field: 'querystring.key',
          reason: 'give key or keys',
        });
      }
      const [entry] = await readConfigEntries(app.db.kysely, appkey, [key]);
      if (!entry) return ok({ data: { [key]: { update_type: 1 as const, timestamp: 0, value: null } } });
      // update_type 0: the client's copy (fetched at last_update) is still current; no value sent.
      const unchanged = lastUpdate !== undefined && lastUpdate >= entry.timestamp;
      return ok({
        data: {
          [key]: unchanged
            ? { update_type: 0 as const, timestamp: entry.timestamp, value: null }
            : { update_type: 1 as const, timestamp: entry.timestamp, value: entry.value },
        },
      });
    },
  );

  app.post(
    '/xqapi/upload/web',
    {
      schema: {
        tags: ['platform'],
        summary: 'Analytics upload (text/plain, or form field data)',
        description:
          'One record per line, fields joined by |: visitorId|timestampMs|platform|screenSize|eventCode|page|module|extrasJson. ' +
          'platform: android, ios, mac, windows, other, WeChatApp; screenSize like 375x812; module empty = danjuan; extras a JSON object ' +
          '(from, websource, referrer, channel, url, unionid, scene, appid, trace). All or nothing: a bad line rejects the batch, naming the line.',
        querystring: Type.Object({ category: Type.Literal(ANALYTICS_CATEGORY_WEB_BEHAVIOR) }),
        body: Type.Union([Type.String({ maxLength: 512 * 1024 }), Type.Object({ data: Type.String({ maxLength: 512 * 1024 }) })]),
        response: { 200: EnvelopeOf(Type.Object({ accepted: Type.Integer() })), 400: ErrorEnvelope },
      },
    },
    async (request) => {
      const text = typeof request.body === 'string' ? request.body : request.body.data;
      const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
      if (lines.length === 0) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, { field: 'body', reason: 'no records' });
      }
      if (lines.length > ANALYTICS_MAX_RECORDS) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'analyticsTooMany', 400, { max: ANALYTICS_MAX_RECORDS });
      }
      // All or nothing: a bad line rejects the batch with its number, so nothing is lost silently.
      const records: AnalyticsRecord[] = [];
      for (const [index, line] of lines.entries()) {
        const parsed = parseAnalyticsLine(line);
        if (typeof parsed === 'string') {
          throw ApiError.of(ResultCode.INVALID_PARAMETER, 'analyticsBadLine', 400, { line: index + 1, reason: parsed });
        }
        records.push(parsed);
      }
      await app.db.kysely
        .insertInto('analytics_events')
        .values(
          records.map((record) => ({
            category: request.query.category,
            visitor_id: record.visitorId,
            occurred_at: record.occurredAt,
            platform: record.platform,
            screen_size: record.screenSize,
            event_code: record.eventCode,
            page: record.page,
            module: record.module,
            extras: JSON.stringify(record.extras),
            received_at: app.clock.now(),
          })),
        )
        .execute();
      return ok({ accepted: records.length });
    },
  );

  const wechatConfigSchema = {
    tags: ['platform'],
    querystring: Type.Object({ url: PageUrl }),
  };

  async function signedConfig(url: string) {
    const ticket = await app.wechat.getJsapiTicket();
    const timestamp = Math.floor(app.clock.now().getTime() / 1000);
    const nonceStr = randomBytes(12).toString('base64url');
    return {
      appId: app.wechat.appId,
      timestamp,
      nonceStr,
      signature: jsapiSignature(ticket, nonceStr, timestamp, url),
      jsApiList: JS_API_LIST,
    };
  }

  app.get(
    '/djapi/wechat/wxconfig',
    { schema: { ...wechatConfigSchema, summary: 'WeChat JS-SDK config (share) for the page at url' } },
    async (request) => ok(await signedConfig(request.query.url)),
  );

  app.get(
    '/djapi/wechat/wechat-opentag',
    { schema: { ...wechatConfigSchema, summary: 'WeChat JS-SDK config with open tags (wake the app / mini program)' } },
    async (request) => ok({ ...(await signedConfig(request.query.url)), openTagList: OPEN_TAG_LIST }),
  );
};

export default platformRoutes;
