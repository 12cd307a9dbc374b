import { createHash } from 'node:crypto';

/** Bearer tokens (access tokens, thirdparty_tokens) are 20 random bytes in hex; nothing else can be one. */
export const TOKEN_PATTERN = /^[0-9a-f]{40}$/;

/** What the database keeps of a bearer token: its SHA-256 in hex (the token itself is never stored). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
