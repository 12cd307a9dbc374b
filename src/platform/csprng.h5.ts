import { t } from '@/locales/i18n';

// Browsers (and jsdom, backed by node:crypto) have WebCrypto's getRandomValues: nothing to seed.

export function ensureCsprngReady(): Promise<void> {
  return Promise.resolve();
}

export function randomBytes(length: number): Uint8Array {
  const webCrypto = globalThis.crypto;
  if (!webCrypto || typeof webCrypto.getRandomValues !== 'function') {
    throw new Error(t('platform.crypto.noRandomSource'));
  }
  const out = new Uint8Array(length);
  // getRandomValues refuses more than 65536 bytes per call.
  for (let offset = 0; offset < length; offset += 65536) {
    webCrypto.getRandomValues(out.subarray(offset, Math.min(length, offset + 65536)));
  }
  return out;
}
