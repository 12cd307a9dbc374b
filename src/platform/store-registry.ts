// One `resetStores()` for logout: every store holding a user's data registers its reset here when its module
// loads (features may not import each other, and the platform knows no feature), and logout calls resetStores().
import { USER_LOCAL_KEYS } from '@/lib/constants';
import { localStore, sessionStore } from './storage';

const resets = new Map<string, () => void>();

/**
 * Registers a store's reset under a unique name (registering the name again replaces it): back to the state of a
 * fresh visitor, in memory and in its persisted key, and any request in flight for the old user ignored when it
 * answers. Call it next to the store's `create`:
 * `registerStore('watchlist', () => useWatchlist.getState().reset());`
 * A store with a persisted key also adds the key to USER_LOCAL_KEYS (lib/constants.ts).
 */
export function registerStore(name: string, reset: () => void): void {
  resets.set(name, reset);
}

/** The registered names (tests). */
export function registeredStores(): string[] {
  return [...resets.keys()];
}

/**
 * Forgets the user on this device (logout; the logout landing): every registered store is reset, then every user
 * key is removed from local storage — also those of stores this visit never loaded — and the identity fields from
 * session storage. Never throws: one failing reset does not stop the others, nor the logout.
 */
export function resetStores(): void {
  for (const reset of resets.values()) {
    try {
      reset();
    } catch {
      // The keys below still go; the page the logout lands on starts the app again.
    }
  }
  for (const key of USER_LOCAL_KEYS) localStore.remove(key);
  sessionStore.clearIdentity();
}
