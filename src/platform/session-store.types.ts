/** Per-visit key/value storage: the browser's sessionStorage on H5; an in-memory map per launch on weapp. */
export interface SessionStore {
  getSessionItem(key: string): string | null;
  setSessionItem(key: string, value: string): void;
  removeSessionItem(key: string): void;
  clearSession(): void;
}
