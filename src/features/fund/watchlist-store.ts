// The watchlist ("optional"): on the server for a logged-in user (docs/PRODUCT.md §7 watchlist call + add/cancel),
// on this device for an anonymous visitor. A device list is moved to the account at the first logged-in load.
// The login state comes from the page (a feature never reads another feature's store).
import { nativeWatchlistChanged } from '@/platform/native-events';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { WatchItem } from '@/lib/api-types/watchlist';
import { LOCAL_KEY_WATCHLIST } from '@/lib/constants';
import { LEGACY_STORAGE_VERSION, taroPersistStorage } from '@/platform/persist-storage';
import { registerStore } from '@/platform/store-registry';
import { addToWatchlist, fundSymbol, getWatchlist, removeFromWatchlist } from './api';

/** Where the device list is stored (persisted by `persist`; older builds stored the bare JSON array). */
export const LOCAL_WATCHLIST_KEY = LOCAL_KEY_WATCHLIST;

export type WatchlistStatus = 'idle' | 'loading' | 'ready' | 'error';

interface WatchlistState {
  items: WatchItem[];
  status: WatchlistStatus;
  /** Whether the list lives on the server (logged in) or on this device. */
  remote: boolean;
  /** The anonymous visitor's list on this device: the only part persisted (a logged-in list stays on the server). */
  device: WatchItem[];
  load(loggedIn: boolean): Promise<void>;
  /** Adds or removes a fund; resolves with the new "watched" state; throws when the server refuses. */
  toggleFund(code: string, name: string, loggedIn: boolean): Promise<boolean>;
  remove(symbol: string, loggedIn: boolean): Promise<void>;
  /** Forgets every list, on the device too (logout); a call in flight for the previous user is ignored. */
  reset(): void;
}

type PersistedWatchlist = Pick<WatchlistState, 'device'>;

/** Stored items that look like items (a corrupt or foreign value is a lost cache, not a crash). */
function validItems(value: unknown): WatchItem[] {
  return Array.isArray(value) ? value.filter((i): i is WatchItem => !!i && typeof i.symbol === 'string' && typeof i.name === 'string') : [];
}

// Bumped by reset (logout): an answer to a call made before it belongs to the previous user.
let generation = 0;

export const useWatchlist = create<WatchlistState>()(
  persist(
    (set, get) => ({
      items: [],
      status: 'idle',
      remote: false,
      device: [],
      async load(loggedIn) {
        const ticket = generation;
        set({ status: 'loading' });
        // The device list as stored now (another tab may have changed it).
        await useWatchlist.persist.rehydrate();
        if (ticket !== generation) return;
        if (!loggedIn) {
          set({ items: get().device, status: 'ready', remote: false });
          return;
        }
        try {
          const local = get().device;
          if (local.length > 0) {
            await addToWatchlist(local.map((i) => i.symbol));
            if (ticket !== generation) return;
            set({ device: [] });
          }
          const items = await getWatchlist();
          if (ticket === generation) set({ items, status: 'ready', remote: true });
        } catch {
          if (ticket === generation) set({ status: 'error', remote: true });
        }
      },
      async toggleFund(code, name, loggedIn) {
        const symbol = fundSymbol(code);
        const watched = get().items.some((i) => i.symbol === symbol);
        if (loggedIn) {
          if (watched) await removeFromWatchlist([symbol]);
          else await addToWatchlist([symbol]);
        }
        const items = watched ? get().items.filter((i) => i.symbol !== symbol) : [{ name, symbol }, ...get().items];
        set(loggedIn ? { items, remote: true, status: 'ready' } : { items, device: items, remote: false, status: 'ready' });
        void nativeWatchlistChanged(symbol, !watched);
        return !watched;
      },
      async remove(symbol, loggedIn) {
        if (loggedIn) await removeFromWatchlist([symbol]);
        const items = get().items.filter((i) => i.symbol !== symbol);
        set(loggedIn ? { items } : { items, device: items });
        void nativeWatchlistChanged(symbol, false);
      },
      reset() {
        generation += 1;
        set({ items: [], status: 'idle', remote: false, device: [] });
      },
    }),
    {
      name: LOCAL_WATCHLIST_KEY,
      version: 1,
      storage: taroPersistStorage<PersistedWatchlist>({ isEmpty: (s) => s.device.length === 0 }),
      partialize: (s): PersistedWatchlist => ({ device: s.device }),
      // Version 0: the bare array of items older builds stored under the same key.
      migrate: (stored, version): PersistedWatchlist => ({
        device: validItems(version === LEGACY_STORAGE_VERSION ? stored : (stored as Partial<PersistedWatchlist> | null)?.device),
      }),
      merge: (stored, current) => ({ ...current, device: validItems((stored as Partial<PersistedWatchlist> | null | undefined)?.device) }),
    },
  ),
);

registerStore('watchlist', () => useWatchlist.getState().reset());

/** The fund code of a fund symbol ('F009005' → '009005'), or null for stocks and indices. */
export function fundCodeOfSymbol(symbol: string): string | null {
  return /^F\d{6}$/.test(symbol) ? symbol.slice(1) : null;
}
