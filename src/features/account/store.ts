import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AccountUser, RiskLevel } from '@/lib/api-types/account';
import { LOCAL_KEY_OPEN_TRADE } from '@/lib/constants';
import { LEGACY_STORAGE_VERSION, taroPersistStorage } from '@/platform/persist-storage';
import { registerStore, resetStores } from '@/platform/store-registry';
import { getAccount, logoutWithRetry } from './api';
import { forgetCertifiedIdCard } from './opening-id';

/** Login state (docs/PRODUCT.md §4): unknown until the current-user call answers, then logged in or not. */
export type LoginStatus = 'unknown' | 'loggedIn' | 'anonymous';

/** docs/PRODUCT.md §3: the account response's open_trade is saved locally under this name (persisted by `persist`). */
export const OPEN_TRADE_STORAGE_KEY = LOCAL_KEY_OPEN_TRADE;

export interface AccountProfile {
  certified: boolean;
  realNameMasked: string | null;
  bankCard: { bankCode: string; cardTail: string } | null;
  hasTradePassword: boolean;
  tradePasswordLockedUntil: string | null;
  riskLevel: RiskLevel | null;
  riskValidUntil: string | null;
  riskExpired: boolean;
}

export interface AccountState extends AccountProfile {
  status: LoginStatus;
  maskTelephone: string | null;
  openTrade: boolean | null;
  /** Asks the server who is logged in; any failure (300001, network) counts as anonymous. */
  refresh(): Promise<void>;
  /**
   * Calls logout (retried); whatever its outcome forgets the user — `resetStores()`: this store, the watchlist and
   * every other registered store, in memory and storage —; the caller then leaves for the logout landing.
   */
  logout(): Promise<void>;
  /** Back to the unknown state of a fresh launch; a request in flight for the previous user is ignored. */
  reset(): void;
}

const emptyProfile: AccountProfile = {
  certified: false,
  realNameMasked: null,
  bankCard: null,
  hasTradePassword: false,
  tradePasswordLockedUntil: null,
  riskLevel: null,
  riskValidUntil: null,
  riskExpired: false,
};

const initial = { status: 'unknown' as LoginStatus, maskTelephone: null, openTrade: null, ...emptyProfile };

function profileOf(user: AccountUser): AccountProfile {
  return {
    certified: user.certified ?? false,
    realNameMasked: user.real_name_masked ?? null,
    bankCard: user.bank_card ? { bankCode: user.bank_card.bank_code, cardTail: user.bank_card.card_tail } : null,
    hasTradePassword: user.has_trade_password ?? false,
    tradePasswordLockedUntil: user.trade_password_locked_until ?? null,
    riskLevel: user.risk_level ?? null,
    riskValidUntil: user.risk_valid_until ?? null,
    riskExpired: user.risk_expired ?? false,
  };
}

/** What is kept across launches: only open_trade (docs/PRODUCT.md §3); the rest comes from `/djapi/account` each visit. */
type PersistedAccount = Pick<AccountState, 'openTrade'>;

// One in-flight request is shared by every page shell that mounts while it runs.
let pending: Promise<void> | null = null;
// Bumped by reset (logout): an answer to a request made before it belongs to the previous user.
let generation = 0;

export const useAccountStore = create<AccountState>()(
  persist(
    (set) => ({
      ...initial,
      refresh() {
        if (pending) return pending;
        const ticket = generation;
        const mine: Promise<void> = getAccount()
          .then((data) => {
            if (ticket !== generation) return;
            const user = data.user ?? {};
            set({ status: 'loggedIn', maskTelephone: user.mask_telephone ?? null, openTrade: user.open_trade ?? null, ...profileOf(user) });
          })
          .catch(() => {
            if (ticket === generation) set({ ...initial, status: 'anonymous' });
          })
          .finally(() => {
            if (pending === mine) pending = null;
          });
        pending = mine;
        return mine;
      },
      async logout() {
        try {
          await logoutWithRetry();
        } catch {
          // docs/PRODUCT.md §4: the logout landing is reached even when the call fails.
        } finally {
          resetStores();
          set({ status: 'anonymous' });
        }
      },
      reset() {
        generation += 1;
        forgetCertifiedIdCard(); // logout: the next user's birthday is not this one's
        pending = null;
        set(initial);
      },
    }),
    {
      // Stored as {"state":{"openTrade":true},"version":1}; version 0 is the plain "true"/"false" of older builds.
      name: OPEN_TRADE_STORAGE_KEY,
      version: 1,
      storage: taroPersistStorage<PersistedAccount>({ isEmpty: (s) => s.openTrade === null }),
      partialize: (s): PersistedAccount => ({ openTrade: s.openTrade }),
      migrate: (stored, version): PersistedAccount => ({
        openTrade: version === LEGACY_STORAGE_VERSION ? legacyOpenTrade(stored) : openTradeOf(stored),
      }),
      merge: (stored, current) => ({ ...current, openTrade: openTradeOf(stored) ?? current.openTrade }),
    },
  ),
);

/** The value older builds wrote: the string 'true' or 'false' (read back as JSON, so a boolean). */
function legacyOpenTrade(stored: unknown): boolean | null {
  if (stored === true || stored === 'true') return true;
  return stored === false || stored === 'false' ? false : null;
}

function openTradeOf(stored: unknown): boolean | null {
  const value = (stored as Partial<PersistedAccount> | null | undefined)?.openTrade;
  return typeof value === 'boolean' ? value : null;
}

registerStore('account', () => useAccountStore.getState().reset());

/** Asks the server again even when a refresh is already running (after login, opening, a new password). */
export async function reloadAccount(): Promise<void> {
  if (pending) await pending.catch(() => undefined);
  await useAccountStore.getState().refresh();
}
