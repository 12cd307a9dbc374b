import { create } from 'zustand';
import { getAccount, logoutWithRetry } from './api';

/** Login state (SPEC §4): unknown until the current-user call answers, then logged in or not. */
export type LoginStatus = 'unknown' | 'loggedIn' | 'anonymous';

export interface AccountState {
  status: LoginStatus;
  maskTelephone: string | null;
  openTrade: boolean | null;
  /** Asks the server who is logged in; any failure (300001, network) counts as anonymous. */
  refresh(): Promise<void>;
  /** Calls logout (retried), whatever its outcome forgets the user; the caller then leaves for the logout landing. */
  logout(): Promise<void>;
  reset(): void;
}

const initial = { status: 'unknown' as LoginStatus, maskTelephone: null, openTrade: null };

// One in-flight request is shared by every page shell that mounts while it runs.
let pending: Promise<void> | null = null;

export const useAccountStore = create<AccountState>()((set) => ({
  ...initial,
  refresh() {
    pending ??= getAccount()
      .then((data) => {
        set({
          status: 'loggedIn',
          maskTelephone: data.user?.mask_telephone ?? null,
          openTrade: data.user?.open_trade ?? null,
        });
      })
      .catch(() => set({ status: 'anonymous', maskTelephone: null, openTrade: null }))
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
      set({ ...initial, status: 'anonymous' });
    }
  },
  reset() {
    set(initial);
  },
}));
