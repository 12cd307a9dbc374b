import { create } from 'zustand';
import { localStore } from '@/platform/storage';
import type { AccountUser, RiskLevel } from '@/lib/api-types/account';
import { getAccount, logoutWithRetry } from './api';

/** Login state (SPEC §4): unknown until the current-user call answers, then logged in or not. */
export type LoginStatus = 'unknown' | 'loggedIn' | 'anonymous';

/** SPEC §3: the account response's open_trade is saved locally under this name. */
export const OPEN_TRADE_STORAGE_KEY = 'openTrade';

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
  /** Calls logout (retried), whatever its outcome forgets the user; the caller then leaves for the logout landing. */
  logout(): Promise<void>;
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

// One in-flight request is shared by every page shell that mounts while it runs.
let pending: Promise<void> | null = null;

export const useAccountStore = create<AccountState>()((set) => ({
  ...initial,
  refresh() {
    pending ??= getAccount()
      .then((data) => {
        const user = data.user ?? {};
        const openTrade = user.open_trade ?? null;
        if (openTrade !== null) localStore.setString(OPEN_TRADE_STORAGE_KEY, String(openTrade));
        set({ status: 'loggedIn', maskTelephone: user.mask_telephone ?? null, openTrade, ...profileOf(user) });
      })
      .catch(() => {
        localStore.remove(OPEN_TRADE_STORAGE_KEY);
        set({ ...initial, status: 'anonymous' });
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  },
  async logout() {
    try {
      await logoutWithRetry();
    } catch {
      // SPEC §4: the logout landing is reached even when the call fails.
    } finally {
      localStore.remove(OPEN_TRADE_STORAGE_KEY);
      set({ ...initial, status: 'anonymous' });
    }
  },
  reset() {
    set(initial);
  },
}));

/** Asks the server again even when a refresh is already running (after login, opening, a new password). */
export async function reloadAccount(): Promise<void> {
  if (pending) await pending.catch(() => undefined);
  await useAccountStore.getState().refresh();
}
