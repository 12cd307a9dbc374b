import { useCallback, useRef, useState, type ReactElement } from 'react';
import { TradePasswordDialog } from '@/components/trade-password-dialog/trade-password-dialog';
import type { AmountValue } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/account';
import { confirm } from '@/platform/feedback';
import { ApiError } from '@/platform/http';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { verifyTradePassword as defaultVerify } from './api';
import { errorText } from './login-flow';
import { useAccountStore } from './store';

/** Server answers of the verify call (docs/PRODUCT.md §8.4). */
export const TRADE_PASSWORD_WRONG = 400051;
export const TRADE_PASSWORD_LOCKED = 400052;
export const TRADE_PASSWORD_NOT_SET = 400053;

export interface TradePasswordOrder {
  payee?: string;
  amount?: AmountValue;
  title?: string;
}

export interface TradePasswordCheck {
  /** Render this once in the page. */
  dialog: ReactElement;
  /**
   * Asks for the trade password and has the server verify it. Resolves true when verified; false when the
   * user cancelled, or has no trade password (after the docs/PRODUCT.md §5 confirm, which leads to the set page).
   */
  check(order?: TradePasswordOrder): Promise<boolean>;
}

export interface TradePasswordCheckDeps {
  verify(password: string): Promise<unknown>;
  confirmNotSet(): Promise<boolean>;
  goSetPassword(): void;
}

const defaultDeps: TradePasswordCheckDeps = {
  verify: defaultVerify,
  confirmNotSet: () => confirm({ content: t('account.tp.notSet'), okText: t('account.tp.goSet'), cancelText: t('account.login.cancel') }),
  goSetPassword: () => void navigateToSpecUrl(specUrl('tradePassword', {}, { redirect: currentSpecUrl() })),
};

/**
 * The trade-password check for trading, on the shared dialog: verified by the server;
 * wrong → the reason with the tries left; locked → the time it unlocks; not set → the confirm of docs/PRODUCT.md §5.
 */
export function useTradePasswordCheck(deps: Partial<TradePasswordCheckDeps> = {}): TradePasswordCheck {
  const { verify, confirmNotSet, goSetPassword } = { ...defaultDeps, ...deps };
  const [order, setOrder] = useState<TradePasswordOrder | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const settle = useRef<((verified: boolean) => void) | null>(null);

  const finish = useCallback((verified: boolean) => {
    setOrder(null);
    setError(undefined);
    setLoading(false);
    settle.current?.(verified);
    settle.current = null;
  }, []);

  const notSet = useCallback(async () => {
    finish(false);
    if (await confirmNotSet()) goSetPassword();
  }, [confirmNotSet, finish, goSetPassword]);

  const check = useCallback(
    (next: TradePasswordOrder = {}) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        const account = useAccountStore.getState();
        if (account.status === 'loggedIn' && !account.hasTradePassword) {
          void notSet();
          return;
        }
        setError(undefined);
        setOrder(next);
      }),
    [notSet],
  );

  const onComplete = async (password: string) => {
    setLoading(true);
    setError(undefined);
    try {
      await verify(password);
      finish(true);
    } catch (err) {
      setLoading(false);
      if (err instanceof ApiError && err.resultCode === TRADE_PASSWORD_NOT_SET) {
        await notSet();
        return;
      }
      // Wrong (with the tries left), locked (with the time) or anything else: the server's reason.
      setError(errorText(err));
    }
  };

  const dialog = (
    <TradePasswordDialog
      visible={order !== null}
      title={order?.title}
      payee={order?.payee}
      amount={order?.amount}
      error={error}
      loading={loading}
      onComplete={(password) => void onComplete(password)}
      onCancel={() => finish(false)}
    />
  );
  return { dialog, check };
}
