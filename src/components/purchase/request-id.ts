// The idempotency key of a money-moving intent (issue 12 §9) — a purchase, a sale, a deposit, a withdrawal, a new
// plan: made once per intent and sent again on every retry of that intent, so a retry after a lost answer never
// places a second order. The server takes 8–64 of [A-Za-z0-9_-].
import { useRef } from 'react';
import { ensureCsprngReady, randomBytes } from '@/platform/csprng';
import type { PasswordOrderOutcome } from '../trade-password-dialog/use-password-order';
import { outcomeUnknown } from './purchase-errors';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** `buy-lzx3k2a1-<24 hex>`: the kind (a few lower-case letters: buy, sell, xjbin, aip…), the time (base 36), 96 random bits. */
export async function newRequestId(kind: string): Promise<string> {
  await ensureCsprngReady();
  return `${kind}-${Date.now().toString(36)}-${hex(randomBytes(12))}`;
}

/** The intent a request id belongs to: its key (what makes it the same intent), the id, and what it was. */
export interface Intent<T> {
  key: string;
  requestId: string;
  what: T;
}

export interface RequestIntent<T> {
  /** The id of the intent `key`: kept while the key is the same, a new one for another key. */
  idFor(key: string, what: T): Promise<string>;
  /** The intent of the last id, until it is settled or cleared. */
  current(): Intent<T> | null;
  /** After an answer: a final one (placed, refused) ends the intent; a lost one (`outcomeUnknown`) keeps the id. */
  settle(outcome: PasswordOrderOutcome<unknown>): void;
  /** The user gave the intent up (closed a dialog): the next attempt is a new intent. */
  clear(): void;
}

/**
 * One request id per intent, for a form: `await intent.idFor(amount, {amount})` before the call, `intent.settle(outcome)`
 * after it. The same amount (and way) retried after a lost answer keeps the id; anything else is a new intent.
 */
export function useRequestIntent<T = undefined>(kind: string): RequestIntent<T> {
  const intent = useRef<Intent<T> | null>(null);
  return {
    async idFor(key, what) {
      if (intent.current?.key !== key) intent.current = { key, what, requestId: await newRequestId(kind) };
      return intent.current.requestId;
    },
    current: () => intent.current,
    settle(outcome) {
      if (outcome.ok || (!outcome.cancelled && !outcomeUnknown(outcome.error))) intent.current = null;
    },
    clear() {
      intent.current = null;
    },
  };
}
