// The watchlist ("optional"): on the server for a logged-in user (SPEC §7 watchlist call + add/cancel),
// on this device for an anonymous visitor. A device list is moved to the account at the first logged-in load.
// The login state comes from the page (a feature never reads another feature's store).
import { create } from 'zustand';
import { localStore } from '@/platform/storage';
import type { WatchItem } from '@/lib/api-types/watchlist';
import { addToWatchlist, fundSymbol, getWatchlist, removeFromWatchlist } from './api';

export const LOCAL_WATCHLIST_KEY = 'dj-optional-funds';

export type WatchlistStatus = 'idle' | 'loading' | 'ready' | 'error';

interface WatchlistState {
  items: WatchItem[];
  status: WatchlistStatus;
  /** Whether the list lives on the server (logged in) or on this device. */
  remote: boolean;
  load(loggedIn: boolean): Promise<void>;
  /** Adds or removes a fund; resolves with the new "watched" state; throws when the server refuses. */
  toggleFund(code: string, name: string, loggedIn: boolean): Promise<boolean>;
  remove(symbol: string, loggedIn: boolean): Promise<void>;
  reset(): void;
}

function readLocal(): WatchItem[] {
  try {
    const items = localStore.getJson<WatchItem[]>(LOCAL_WATCHLIST_KEY);
    return Array.isArray(items) ? items.filter((i) => i && typeof i.symbol === 'string' && typeof i.name === 'string') : [];
  } catch {
    return []; // a corrupt value is a lost cache, not a crash
  }
}

function writeLocal(items: WatchItem[]): void {
  if (items.length === 0) localStore.remove(LOCAL_WATCHLIST_KEY);
  else localStore.setJson(LOCAL_WATCHLIST_KEY, items);
}

export const useWatchlist = create<WatchlistState>((set, get) => ({
  items: [],
  status: 'idle',
  remote: false,
  async load(loggedIn) {
    set({ status: 'loading' });
    if (!loggedIn) {
      set({ items: readLocal(), status: 'ready', remote: false });
      return;
    }
    try {
      const local = readLocal();
      if (local.length > 0) {
        await addToWatchlist(local.map((i) => i.symbol));
        writeLocal([]);
      }
      set({ items: await getWatchlist(), status: 'ready', remote: true });
    } catch {
      set({ status: 'error', remote: true });
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
    if (!loggedIn) writeLocal(items);
    set({ items, remote: loggedIn, status: 'ready' });
    return !watched;
  },
  async remove(symbol, loggedIn) {
    if (loggedIn) await removeFromWatchlist([symbol]);
    const items = get().items.filter((i) => i.symbol !== symbol);
    if (!loggedIn) writeLocal(items);
    set({ items });
  },
  reset() {
    set({ items: [], status: 'idle', remote: false });
  },
}));

/** The fund code of a fund symbol ('F009005' → '009005'), or null for stocks and indices. */
export function fundCodeOfSymbol(symbol: string): string | null {
  return /^F\d{6}$/.test(symbol) ? symbol.slice(1) : null;
}
