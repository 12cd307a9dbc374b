import { window as taroWindow } from '@tarojs/runtime';
import { t } from '@/locales/i18n';
import { HmacDrbg } from './hmac-drbg';

/** The slice of `wx` this file needs: wx.getRandomValues is asynchronous only (base library ≥ 2.15.0). */
interface WxRandom {
  getRandomValues(options: { length: number; success: (res: { randomValues: ArrayBuffer }) => void; fail: (err: unknown) => void }): void;
}

const SEED_BYTES = 48;
const drbg = new HmacDrbg();
let seeding: Promise<void> | null = null;

function wxRandom(): WxRandom | undefined {
  const wx = (globalThis as { wx?: Partial<WxRandom> }).wx;
  return wx && typeof wx.getRandomValues === 'function' ? (wx as WxRandom) : undefined;
}

function fetchEntropy(length: number): Promise<Uint8Array> {
  const wx = wxRandom();
  if (!wx) return Promise.reject(new Error(t('platform.crypto.noRandomSource')));
  return new Promise((resolve, reject) => {
    wx.getRandomValues({
      length,
      success: (res) => resolve(new Uint8Array(res.randomValues)),
      fail: reject,
    });
  });
}

/** A WebCrypto-shaped getRandomValues served by the DRBG, for libraries that look for `crypto` (jsencrypt). */
function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
  if (!array) return array;
  const bytes = drbg.generate(array.byteLength);
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
  return array;
}

// docs/WEAPP.md "The Taro recipe": jsencrypt reads `self.crypto` (self = Taro's window on weapp) and silently falls back to
// Math.random without it; give it a real CSPRNG. Installed only once seeded, so it can never answer unseeded.
function installGlobalCrypto(): void {
  const holders: Array<Record<string, unknown>> = [taroWindow as unknown as Record<string, unknown>];
  holders.push(globalThis as unknown as Record<string, unknown>);
  for (const holder of holders) {
    const existing = holder.crypto as { getRandomValues?: unknown } | undefined;
    if (existing && typeof existing.getRandomValues === 'function') continue;
    try {
      Object.defineProperty(holder, 'crypto', { value: { getRandomValues }, configurable: true, writable: true });
    } catch {
      // A frozen global: libraries there get no crypto and our own code never asks them for randomness.
    }
  }
}

export function ensureCsprngReady(): Promise<void> {
  if (drbg.isSeeded) return Promise.resolve();
  seeding ??= fetchEntropy(SEED_BYTES).then(
    (entropy) => {
      drbg.reseed(entropy);
      installGlobalCrypto();
    },
    (err: unknown) => {
      seeding = null; // let a later call try again
      throw err;
    },
  );
  return seeding;
}

export function randomBytes(length: number): Uint8Array {
  if (!drbg.isSeeded) throw new Error(t('platform.crypto.noRandomSource'));
  const out = drbg.generate(length);
  // Fold fresh platform entropy in for the next calls without making this call wait for it.
  fetchEntropy(SEED_BYTES).then(
    (entropy) => drbg.reseed(entropy),
    () => undefined,
  );
  return out;
}
