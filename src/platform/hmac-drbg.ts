import HmacSHA256 from 'crypto-js/hmac-sha256';
import { concatBytes } from './bytes';
import { bytesToWordArray, wordArrayToBytes } from './word-array';

/**
 * HMAC_DRBG (NIST SP 800-90A, SHA-256, no prediction resistance) so a synchronous
 * `getRandomValues` can be served from an asynchronously obtained seed (wx.getRandomValues is async only).
 */
export class HmacDrbg {
  private key: Uint8Array = new Uint8Array(32);
  private value: Uint8Array = new Uint8Array(32).fill(1);
  private seeded = false;

  get isSeeded(): boolean {
    return this.seeded;
  }

  /** Mixes fresh entropy in; may be called again at any time to reseed. */
  reseed(entropy: Uint8Array): void {
    if (entropy.length < 32) throw new Error('HMAC_DRBG needs at least 32 bytes of entropy');
    this.update(entropy);
    this.seeded = true;
  }

  generate(length: number): Uint8Array {
    if (!this.seeded) throw new Error('HMAC_DRBG used before it was seeded');
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      this.value = this.hmac(this.key, this.value);
      const take = Math.min(32, length - filled);
      out.set(this.value.subarray(0, take), filled);
      filled += take;
    }
    this.update(new Uint8Array(0));
    return out;
  }

  private update(provided: Uint8Array): void {
    this.key = this.hmac(this.key, concatBytes(this.value, Uint8Array.of(0), provided));
    this.value = this.hmac(this.key, this.value);
    if (provided.length === 0) return;
    this.key = this.hmac(this.key, concatBytes(this.value, Uint8Array.of(1), provided));
    this.value = this.hmac(this.key, this.value);
  }

  private hmac(key: Uint8Array, data: Uint8Array): Uint8Array {
    return wordArrayToBytes(HmacSHA256(bytesToWordArray(data), bytesToWordArray(key)));
  }
}
