// The trade-password keypad flow shared by the money-moving screens (trading, the cash product, auto-invest): ask
// for the password, send the call with it encrypted, keep the dialog open on a wrong password, settle otherwise.
import { useCallback, useRef, useState, type ReactElement } from 'react';
import type { AmountValue } from '@/lib/format';
import { TradePasswordDialog, type PasswordDetail } from './trade-password-dialog';

export interface PasswordPrompt {
  title?: string;
  /** Who receives the money: the fund (buy), the card (sell). */
  payee?: string;
  amount?: AmountValue;
  /** What else the investor should see before typing the password: the fee, when the shares or the money arrive. */
  details?: PasswordDetail[];
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

/** What differs between the features driving the dialog: how the password is sent, and how errors read. */
export interface PasswordOrderOptions {
  /** Encrypts the password for the server (each feature's api). */
  encrypt: (password: string) => Promise<string>;
  /** True for the server's "wrong trade password" answer: the dialog stays open for another try. */
  isWrongPassword: (error: unknown) => boolean;
  /** The text to show for a refusal (the feature's catalogue). */
  errorText: (error: unknown) => string;
}

/** The trade-password dialog driving a money-moving call (buy, sell, cancel, deposit, withdraw, a plan's change). */
export function usePasswordOrder({ encrypt, isWrongPassword, errorText }: PasswordOrderOptions): PasswordOrder {
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
      encrypted = await encrypt(password);
      const value = await current.send(encrypted);
      if (pending.current === current) finish({ ok: true, value, encrypted });
    } catch (err) {
      if (pending.current !== current) return;
      if (isWrongPassword(err)) {
        // Wrong, with the tries left: another go in the same dialog.
        setLoading(false);
        setError(errorText(err));
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
      details={prompt?.details}
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
