import { randomBytes, randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICE_ID_HEADER, DEVICE_INFO_CACHE_MS, SECURE_API_HEADER } from '../constants';
import type { DB } from '../db/types';
import { ApiError } from '../http/envelope';
import { canonicalUrl, pathOf } from '../http/request-url';
import { ResultCode } from '../http/result-codes';
import { openMessage, sealMessage } from '../services/secure-message';

/** The device secret of a request that came encrypted; its response is encrypted with it. */
const secureRequests = new WeakMap<FastifyRequest, Buffer>();

export function isSecureRequest(request: FastifyRequest): boolean {
  return secureRequests.has(request);
}

/**
 * Registers a device after the key exchange; returns its id and secret. The secret is drawn here (the RSA exchange
 * sends it encrypted) unless `agree` derives it from the new device id (the X25519 exchange binds the id into it).
 */
export async function registerDevice<T extends { secret: Buffer } = { secret: Buffer }>(
  kysely: Kysely<DB>,
  opts: { clientPublicKey: string; now: Date; agree?: (deviceId: string) => T },
): Promise<T & { deviceId: string; expiresAt: Date }> {
  const deviceId = randomUUID();
  const agreed = opts.agree ? opts.agree(deviceId) : ({ secret: randomBytes(32) } as T);
  const secret = agreed.secret;
  const expiresAt = new Date(opts.now.getTime() + DEVICE_INFO_CACHE_MS);
  await kysely
    .insertInto('devices')
    .values({
      id: deviceId,
      secret: secret.toString('base64'),
      client_public_key: opts.clientPublicKey,
      created_at: opts.now,
      expires_at: expiresAt,
    })
    .execute();
  return { ...agreed, deviceId, expiresAt };
}

async function deviceSecret(request: FastifyRequest): Promise<Buffer> {
  const header = request.headers[DEVICE_ID_HEADER];
  const deviceId = typeof header === 'string' ? header.trim() : '';
  // Device ids are UUIDs; anything else cannot be registered.
  if (!/^[0-9a-f-]{36}$/i.test(deviceId)) throw ApiError.of(ResultCode.DEVICE_INVALID, 'deviceUnknown', 400);
  const row = await request.server.db.kysely
    .selectFrom('devices')
    .select(['secret', 'expires_at'])
    .where('id', '=', deviceId.toLowerCase())
    .executeTakeFirst();
  if (!row) throw ApiError.of(ResultCode.DEVICE_INVALID, 'deviceUnknown', 400);
  if (row.expires_at.getTime() <= request.server.clock.now().getTime()) {
    throw ApiError.of(ResultCode.DEVICE_EXPIRED, 'deviceExpired', 400);
  }
  return Buffer.from(row.secret, 'base64');
}

interface SecureApiEntry {
  path: string;
  method: string;
}

/** How long an instance trusts its copy of security_api_list before reading it again. */
const SECURE_LIST_TTL_MS = 60_000;

/** The union of every app's `security_api_list` config entry (a path ending in * is a prefix). */
async function loadSecureApiList(request: FastifyRequest): Promise<SecureApiEntry[]> {
  const rows = await request.server.db.kysely.selectFrom('mpaas_config').select('value').where('key', '=', 'security_api_list').execute();
  return rows.flatMap((row) =>
    Array.isArray(row.value)
      ? row.value.flatMap((entry) =>
          typeof entry === 'object' && entry !== null && !Array.isArray(entry) && typeof entry.path === 'string'
            ? [{ path: canonicalUrl(entry.path), method: typeof entry.method === 'string' ? entry.method.toUpperCase() : 'POST' }]
            : [],
        )
      : [],
  );
}

/**
 * Whether a call is on the list. `url` is the request's canonical URL (request.url after app.ts's rewriteUrl), the
 * one the router routed: `/xqapi/provider/oauth/%74oken` and `POST http://host/xqapi/…` are the listed path here too.
 */
export function isListedSecureApi(list: SecureApiEntry[], method: string, url: string): boolean {
  const path = pathOf(canonicalUrl(url));
  return list.some(
    (entry) => entry.method === method && (entry.path.endsWith('*') ? path.startsWith(entry.path.slice(0, -1)) : path === entry.path),
  );
}

function parsePlaintext(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      throw ApiError.of(ResultCode.DEVICE_INVALID, 'secureMessageInvalid', 400);
    }
  }
  return { ...parseQueryString(trimmed) };
}

/**
 * Secure API (docs/PRODUCT.md §7): a request with `isenc: 1` and `X-Device-Id` carries its body as one
 * base64 message (see docs/SECURITY.md); we verify and decrypt it before validation, and
 * answer with `data` encrypted as a base64 message of its JSON and the header `isenc: 1`.
 */
export function registerSecureApi(app: FastifyInstance): void {
  let cached: { list: SecureApiEntry[]; until: number } | undefined;
  const secureList = async (request: FastifyRequest): Promise<SecureApiEntry[]> => {
    const now = Date.now();
    if (!cached || cached.until <= now) cached = { list: await loadSecureApiList(request), until: now + SECURE_LIST_TTL_MS };
    return cached.list;
  };

  // The hooks run on every request, so each returns synchronously (no promise) when it has nothing to do:
  // GET reads in clear are the hot path (bench/README.md).
  app.addHook('onRequest', (request, _reply, done) => {
    // The body is the base64 message whatever the client labelled it: parse it as text.
    if (request.headers[SECURE_API_HEADER] === '1' && request.headers['content-type'] !== undefined) {
      request.headers['content-type'] = 'text/plain';
    }
    done();
  });

  const refuseListedInClear = async (request: FastifyRequest): Promise<void> => {
    // A listed call in clear means the client lost its list or device: refuse rather than
    // accept secrets in plain text; 900001 makes the client register again (docs/PRODUCT.md §8).
    if (isListedSecureApi(await secureList(request), request.method, request.url)) {
      throw ApiError.of(ResultCode.DEVICE_INVALID, 'secureRequired', 400);
    }
  };

  const openSecureRequest = async (request: FastifyRequest): Promise<void> => {
    const secret = await deviceSecret(request);
    secureRequests.set(request, secret);
    const body: unknown = request.body;
    if (body === undefined || body === null || body === '') return;
    if (typeof body !== 'string') throw ApiError.of(ResultCode.DEVICE_INVALID, 'secureMessageInvalid', 400);
    let plaintext: string;
    try {
      plaintext = openMessage(secret, body);
    } catch {
      throw ApiError.of(ResultCode.DEVICE_INVALID, 'secureMessageInvalid', 400);
    }
    request.body = parsePlaintext(plaintext);
  };

  app.addHook('preValidation', (request, _reply, done) => {
    if (request.headers[SECURE_API_HEADER] === '1') {
      openSecureRequest(request).then(() => done(), done);
      return;
    }
    if (request.method !== 'POST') {
      done();
      return;
    }
    refuseListedInClear(request).then(() => done(), done);
  });

  // onSend sees the serialized JSON, so response schemas never touch the encrypted string.
  app.addHook('onSend', (request, reply, payload: unknown, done) => {
    const secret = secureRequests.get(request);
    // Ready envelopes of the market cache come as bytes.
    const text =
      secret === undefined
        ? undefined
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : undefined;
    if (secret === undefined || text === undefined) {
      done(null, payload);
      return;
    }
    const sealed = sealEnvelope(secret, reply, text);
    done(null, sealed === text ? payload : sealed);
  });
}

/** The answer of an encrypted request: its `data` sealed with the device secret (other fields in clear). */
function sealEnvelope(secret: Buffer, reply: FastifyReply, payload: string): string {
  let envelope: unknown;
  try {
    envelope = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (typeof envelope !== 'object' || envelope === null || !('data' in envelope)) return payload;
  const data = (envelope as { data: unknown }).data;
  if (data === null || data === undefined) return payload;
  reply.header(SECURE_API_HEADER, '1');
  // Only the envelope travels in clear; any other top-level field (e.g. the token call's
  // access_token) is already inside `data`, so it is dropped rather than leaked.
  const { result_code, message, error_description, error_code } = envelope as Record<string, unknown>;
  return JSON.stringify({ result_code, error_code, message, error_description, data: sealMessage(secret, JSON.stringify(data)) });
}
