import { randomBytes } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ANALYTICS_CATEGORY_WEB_BEHAVIOR, ANALYTICS_MAX_RECORDS, DEFAULT_MPAAS_APPKEY } from '../constants';
import { systemClock } from '../domain/clock';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { ConfigKey, PageUrl } from '../http/schemas';
import { registerDevice } from '../plugins/secure-api';
import { parseAnalyticsLines, saveAnalyticsEvents } from '../services/analytics';
import { readConfigEntries } from '../services/mpaas-config';
import { SecureMessageError, agreeX25519, encryptSecretFor, parseClientPublicKey, publicKeyPem } from '../services/secure-message';
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
        summary: 'Secure API key exchange: registers a device and agrees its secret (X25519, or the older RSA exchange)',
        description:
          "X25519 (today's clients): `public_key` is the client's X25519 key as SPKI (PEM or base64 DER); the answer is " +
          "the device id, the server's ephemeral X25519 key (SPKI PEM) and `key_confirmation` = " +
          'base64 HMAC-SHA256(secret, "dj-confirm"), where secret = HKDF-SHA256(shared, "dj-ee2e-x25519-v1", ' +
          'clientPublic ‖ serverPublic ‖ client_id). RSA (older clients): `public_key` is an RSA-2048 SPKI key; the answer ' +
          'carries `secret`, the 32-byte device secret RSA-PKCS#1 v1.5-encrypted to it. docs/SECURITY.md "Key exchange".',
        body: Type.Object({ public_key: Type.String({ minLength: 40, maxLength: 4096 }) }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              client_id: Type.String(),
              public_key: Type.String(),
              secret: Type.Optional(Type.String()),
              key_confirmation: Type.Optional(Type.String()),
            }),
          ),
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
      if (clientKey.asymmetricKeyType === 'x25519') {
        const x25519Key = clientKey;
        let device;
        try {
          device = await registerDevice(app.db.kysely, {
            clientPublicKey: publicKeyPem(x25519Key),
            now: app.clock.now(),
            agree: (deviceId) => agreeX25519(x25519Key, deviceId),
          });
        } catch (error) {
          if (error instanceof SecureMessageError) throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidPublicKey', 400);
          throw error;
        }
        return ok({ client_id: device.deviceId, public_key: device.serverPublicKeyPem, key_confirmation: device.keyConfirmation });
      }
      // The older RSA exchange (native apps, outside clients): the secret travels encrypted to the client's key.
      const device = await registerDevice(app.db.kysely, {
        clientPublicKey: publicKeyPem(clientKey),
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
      // A multipart/form-data upload leaves no body here (@fastify/multipart streams it, so the schema saw nothing to
      // check): it is not a format of this endpoint — a clear 415, not a crash on the missing body.
      const body = request.body as typeof request.body | undefined;
      if (body === undefined || body === null)
        throw ApiError.of(ResultCode.UNSUPPORTED_MEDIA_TYPE, 'unsupportedMediaType', 415, {
          type: `${(request.headers['content-type'] ?? 'none').split(';')[0]} (send text/plain, or a form with the field data)`,
        });
      const text = typeof body === 'string' ? body : body.data;
      const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
      if (lines.length === 0) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, { field: 'body', reason: 'no records' });
      }
      if (lines.length > ANALYTICS_MAX_RECORDS) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'analyticsTooMany', 400, { max: ANALYTICS_MAX_RECORDS });
      }
      // All or nothing: a bad line rejects the batch with its number, so nothing is lost silently.
      const parsed = parseAnalyticsLines(lines);
      if (!parsed.ok)
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'analyticsBadLine', 400, { line: parsed.line, reason: parsed.reason });
      await saveAnalyticsEvents(app.db.kysely, request.query.category, parsed.records, app.clock.now());
      return ok({ accepted: parsed.records.length });
    },
  );

  const wechatConfigSchema = {
    tags: ['platform'],
    querystring: Type.Object({ url: PageUrl }),
  };

  async function signedConfig(url: string) {
    const ticket = await app.wechat.getJsapiTicket();
    // WeChat checks the signature's time against the real one: the wall clock, not the (movable) business clock.
    const timestamp = Math.floor(systemClock.now().getTime() / 1000);
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
