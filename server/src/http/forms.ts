// Reading the account calls' form fields: optional values, the (encrypted) telephone, RSA-encrypted fields, the
// thirdparty_token of a waiting WeChat login; and the per-IP budgets of the login calls.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateMainlandMobile } from '../../../src/lib/validators';
import { THIRDPARTY_TOKEN_COOKIE, XQFD_THIRDPARTY_TOKEN_COOKIE } from '../constants';
import { hitLimit } from '../services/throttle';
import { clientKey } from './client-address';
import { ApiError } from './envelope';
import { ResultCode } from './result-codes';

/** Of `telephone` / `encrypted_telephone` one is "null"; empty and the text null count as absent. */
export function formValue(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' || trimmed === 'null' || trimmed === 'undefined' ? undefined : trimmed;
}

/** The mainland mobile number of a form: plain `telephone`, or `encrypted_telephone` (jsencrypt, server key). */
export function telephoneOf(app: FastifyInstance, body: { telephone?: string; encrypted_telephone?: string }): string {
  const encrypted = formValue(body.encrypted_telephone);
  let telephone = formValue(body.telephone) ?? '';
  if (encrypted !== undefined) {
    const plain = app.serverKeys.decryptText(encrypted);
    // One message for every failure, so the endpoint is no padding oracle (docs/SECURITY.md).
    if (plain === undefined) throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
    telephone = plain.trim();
  }
  return checkedTelephone(telephone);
}

export function checkedTelephone(telephone: string): string {
  if (!validateMainlandMobile(telephone).ok) throw ApiError.of(ResultCode.BAD_TELEPHONE, 'common.validation.phone');
  return telephone.trim();
}

/**
 * An RSA-encrypted form field (the trade password) in clear; undefined when absent or when it does not decrypt
 * (the service decides when that matters, so a lock is told before an unreadable password).
 */
export function decryptedField(app: FastifyInstance, value: string | undefined): string | undefined {
  return value === undefined ? undefined : app.serverKeys.decryptText(value);
}

/** decryptedField off the main thread (ServerKeys.decryptTextAsync): the order path's trade password. */
export async function decryptedFieldAsync(app: FastifyInstance, value: string | undefined): Promise<string | undefined> {
  return value === undefined ? undefined : app.serverKeys.decryptTextAsync(value);
}

/** Counts a call against a per-client budget (IPv4 address or IPv6 /64); over it → 429001. */
export async function limitPerIp(request: FastifyRequest, name: string, budget: { max: number; windowMs: number }): Promise<void> {
  const app = request.server;
  const result = await hitLimit(app.db.kysely, { key: `${name}:${clientKey(request.ip)}`, ...budget, now: app.clock.now() });
  if (!result.allowed) throw ApiError.of(ResultCode.RATE_LIMITED, 'rateLimited', 429);
}

/** The thirdparty_token a login may bind: the form's, else either cookie. */
export function thirdpartyTokenOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return formValue(fromBody) ?? (request.cookies[THIRDPARTY_TOKEN_COOKIE] || request.cookies[XQFD_THIRDPARTY_TOKEN_COOKIE] || undefined);
}
