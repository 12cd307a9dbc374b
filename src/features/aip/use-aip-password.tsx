// The trade-password keypad flow of the trading screens (features/trade/use-password-order.tsx), for auto-invest:
// features never import each other, so the ~80 lines live here too (a candidate for components/).
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { TradePasswordDialog } from '@/components/trade-password-dialog/trade-password-dialog';
import type { AmountValue } from '@/lib/format';
import { encryptTradePassword } from './api';
import { AIP_RESULT, aipErrorText, resultCodeOf } from './aip-errors';

export interface PasswordPrompt {
  title?: string;
  /** Who receives the money: the fund (buy), the card (sell). */
  payee?: string;
  amount?: AmountValue;
}

export type PasswordOrderOutcome<T> =
  /** The order went through; `encrypted` is the password as sent (a risk-confirmed resend may reuse it). */
  | { ok: true; value: T; encrypted: string }
  /** The user closed the dialog. */
  | { ok: false; cancelled: true }
  /** The server (or the network) refused: the dialog is closed, the caller shows why. */
  | { ok: false; cancelled: false; error: unknown; encrypted: string | null };

export interface PasswordOrder {
  /** Render this once in the screen. */
  dialog: ReactElement;
  /**
   * Asks for the trade password and sends the order with it (encrypted). A wrong password keeps the dialog open
   * with the server's message (tries left); any other answer closes it and resolves.
   */
  run<T>(prompt: PasswordPrompt, send: (encryptedPassword: string) => Promise<T>): Promise<PasswordOrderOutcome<T>>;
}

interface Pending {
  send: (encrypted: string) => Promise<unknown>;
  settle: (outcome: PasswordOrderOutcome<unknown>) => void;
}

/** The shared trade-password dialog driving a deposit or a withdrawal (the trading feature's flow, same dialog). */
export function useAipPassword(): PasswordOrder {
  const [prompt, setPrompt] = useState<PasswordPrompt | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const pending = useRef<Pending | null>(null);

  const finish = useCallback((outcome: PasswordOrderOutcome<unknown>) => {
    setPrompt(null);
    setError(undefined);
    setLoading(false);
    const current = pending.current;
    pending.current = null;
    current?.settle(outcome);
  }, []);

  const run = useCallback(
    <T,>(next: PasswordPrompt, send: (encrypted: string) => Promise<T>) =>
      new Promise<PasswordOrderOutcome<T>>((resolve) => {
        pending.current?.settle({ ok: false, cancelled: true });
        pending.current = { send, settle: resolve as (outcome: PasswordOrderOutcome<unknown>) => void };
        setError(undefined);
        setLoading(false);
        setPrompt(next);
      }),
    [],
  );

  const onComplete = async (password: string) => {
    const current = pending.current;
    if (!current) return;
    setLoading(true);
    setError(undefined);
    let encrypted: string | null = null;
    try {
      encrypted = await encryptTradePassword(password);
      const value = await current.send(encrypted);
      if (pending.current === current) finish({ ok: true, value, encrypted });
    } catch (err) {
      if (pending.current !== current) return;
      if (resultCodeOf(err) === AIP_RESULT.wrongPassword) {
        // Wrong, with the tries left: another go in the same dialog.
        setLoading(false);
        setError(aipErrorText(err));
        return;
      }
      finish({ ok: false, cancelled: false, error: err, encrypted });
    }
  };

  const dialog = (
    <TradePasswordDialog
      visible={prompt !== null}
      title={prompt?.title}
      payee={prompt?.payee}
      amount={prompt?.amount}
      error={error}
      loading={loading}
      onComplete={(password) => void onComplete(password)}
      onCancel={() => {
        if (!loading) finish({ ok: false, cancelled: true });
      }}
    />
  );
  return { dialog, run: run as PasswordOrder['run'] };
}
