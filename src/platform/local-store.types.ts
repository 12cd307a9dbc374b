/**
 * Persistent key/value storage: localStorage on H5, wx storage in the mini program. Values are kept in Taro's
 * format on both (H5: `{"data": …}` JSON), so what one version of the app stored the next one reads.
 * Every call throws what the host throws (full, refused); `storage.ts` decides what that means.
 */
export interface LocalStore {
  /** The stored value, or undefined when there is none (or it was not written through this API). */
  readLocal(key: string): unknown;
  writeLocal(key: string, value: string): void;
  removeLocal(key: string): void;
  localKeys(): string[];
}
