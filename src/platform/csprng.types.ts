/** A cryptographically secure random source that works the same on H5 and in the mini program. */
export interface Csprng {
  /** Resolves once secure randomness is available (the mini program seeds it asynchronously). */
  ensureCsprngReady(): Promise<void>;
  /** `length` secure random bytes; throws instead of ever falling back to Math.random. */
  randomBytes(length: number): Uint8Array;
}
