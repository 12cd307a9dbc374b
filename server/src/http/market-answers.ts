// Answers of the market read calls (fund, discovery, index valuation): bodies built once per market snapshot and
// kept by the market cache as ready JSON (text, or the whole envelope as bytes), sent without re-serialising.
import type { FastifyReply } from 'fastify';
import { envelopeText } from './envelope';
import type { MarketCache, MarketSnapshot } from '../market/market-cache';

/** Content type of every JSON answer sent as ready text or bytes. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a ready JSON body as is (Fastify does not re-serialise a string with a JSON content type), and waits
 * for it to be written, as Fastify asks of async handlers that send themselves.
 */
export async function sendBody(reply: FastifyReply, body: string | Buffer): Promise<void> {
  await reply.header('content-type', JSON_CONTENT_TYPE).send(body);
}

/** Sends ready envelope bytes from a synchronous handler (which then returns nothing). */
export function sendEnvelope(reply: FastifyReply, bytes: Buffer): void {
  reply.header('content-type', JSON_CONTENT_TYPE).send(bytes);
}

/** Sends `data` (serialised by the caller, or cached as text by `MarketCache.body`) in the success envelope. */
export function sendDataText(reply: FastifyReply, dataJson: string): Promise<void> {
  return sendBody(reply, envelopeText(dataJson));
}

/**
 * Answers a read keyed by a code (a fund, an index): from the ready envelope when the snapshot is fresh
 * (synchronously: the hot path, no promise), else `find` looks the code up in the current snapshot (throwing
 * the route's 404) and the envelope is built, cached and sent.
 */
export function answerFound<T>(
  cache: MarketCache,
  reply: FastifyReply,
  key: string,
  find: (snap: MarketSnapshot) => T,
  build: (snap: MarketSnapshot, found: T) => Promise<unknown> | unknown,
): void | Promise<void> {
  const hit = cache.cachedEnvelope(key);
  if (hit !== undefined) return sendEnvelope(reply, hit);
  return answerSlow(cache, reply, key, find, build);
}

async function answerSlow<T>(
  cache: MarketCache,
  reply: FastifyReply,
  key: string,
  find: (snap: MarketSnapshot) => T,
  build: (snap: MarketSnapshot, found: T) => Promise<unknown> | unknown,
): Promise<void> {
  const snap = await cache.current();
  const found = find(snap);
  return sendBody(reply, await cache.envelope(snap, key, () => build(snap, found)));
}

/** Answers a read that needs no lookup: the ready envelope, else built from the current snapshot. */
export function answerCached(
  cache: MarketCache,
  reply: FastifyReply,
  key: string,
  build: (snap: MarketSnapshot) => Promise<unknown> | unknown,
): void | Promise<void> {
  const hit = cache.cachedEnvelope(key);
  if (hit !== undefined) return sendEnvelope(reply, hit);
  return (async () => {
    const snap = await cache.current();
    return sendBody(reply, await cache.envelope(snap, key, () => build(snap)));
  })();
}
