// The purchase kit (docs/ARCHITECTURE.md "A purchase flow"): PurchaseGates → a form of AmountKeypad and
// PaymentPicker → this order step → the result. The order step, after the form: the risk warning (before the password
// when the quote warns, or after a 410003 answer: the same order again, same request id, risk_confirm=1, without
// asking for the password twice), the password step, one request id per intent, and where each answer leads.
import { nativeOrderPlaced } from '@/platform/native-events';
import { useState, type ReactElement } from 'react';
import { Text } from '@tarojs/components';
import { Dialog } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/dialog/style/css';
import { PURCHASE_RESULT, purchaseErrorText, resultCodeOf, riskWarningOf } from './purchase-errors';
import { usePurchasePassword, type PasswordOrderOutcome, type PasswordPrompt } from './purchase-password';
import { useRequestIntent } from './request-id';
import './purchase.scss';

/** One order as the form has it when the user submits: what makes it the same intent, and how to send it. */
export interface PurchaseRequest<T> {
  /** The same key on a retry keeps the request id (amount, way of paying, schedule…); another key is a new intent. */
  key: string;
  /** What the password dialog shows (payee, amount, a title). */
  prompt: PasswordPrompt;
  /** The call: the request id, the encrypted password, and whether the investor accepted the risk warning. */
  send: (requestId: string, encryptedPassword: string, riskConfirmed: boolean) => Promise<T>;
}

export interface PurchaseOrderOptions<T> {
  /** The request ids' kind ('buy', 'aip', …). */
  kind: string;
  /** The quote's suitability: 'warn' shows the risk warning before the password (once accepted, not again). */
  warnFirst: boolean;
  /** The warning to show: the quote's, or the feature's fallback; a 410003 answer's own text wins. */
  riskWarning: string;
  /** The risk dialog's texts: its title, the accepting button ('确认购买'), the declining one ('再想想'). */
  riskTexts: { title: string; confirm: string; cancel: string };
  /** Placed: go to the result. */
  onPlaced: (value: T) => void | Promise<void>;
  /** Sends the user where the answer says to fix things (login, opening, assessment, password): true if it did. */
  leadToFix: (error: unknown) => Promise<boolean>;
  /** Refused (or lost): the text to show the user (the form shows it as a notice and a toast). */
  onRefused: (message: string) => void;
}

export interface PurchaseOrder<T> {
  /** The user submitted the form's order. */
  submit: (request: PurchaseRequest<T>) => void;
  /** True while a risk-confirmed resend is on its way. */
  busy: boolean;
  /** The risk dialog and the password dialog: render once. */
  element: ReactElement;
}

interface RiskDialog<T> {
  text: string;
  request: PurchaseRequest<T>;
  /** After a 410003: the password as sent, to send the same order again with risk_confirm=1. */
  resendWith: string | null;
}

/**
 * `const flow = usePurchaseOrder({ kind: 'buy', warnFirst, riskWarning, riskTexts, onPlaced, leadToFix, onRefused })`;
 * render `{flow.element}` once; on submit `flow.submit({ key, prompt, send })`.
 */
export function usePurchaseOrder<T>(options: PurchaseOrderOptions<T>): PurchaseOrder<T> {
  const { kind, warnFirst, riskWarning, riskTexts, onPlaced, leadToFix, onRefused } = options;
  const [riskAccepted, setRiskAccepted] = useState(false);
  const [riskDialog, setRiskDialog] = useState<RiskDialog<T> | null>(null);
  const [busy, setBusy] = useState(false);
  const intent = useRequestIntent<PurchaseRequest<T>>(kind);
  const password = usePurchasePassword();

  const settle = async (outcome: PasswordOrderOutcome<T>, request: PurchaseRequest<T>, accepted: boolean) => {
    intent.settle(outcome);
    if (outcome.ok) {
      // Inside a native app its trade and portfolio screens show the new order too (docs/BRIDGE.md refresh).
      void nativeOrderPlaced();
      return void (await onPlaced(outcome.value));
    }
    if (outcome.cancelled) return;
    const { error } = outcome;
    if (resultCodeOf(error) === PURCHASE_RESULT.riskConfirmRequired && !accepted) {
      setRiskDialog({ text: riskWarningOf(error) ?? riskWarning, request, resendWith: outcome.encrypted });
      return;
    }
    if (await leadToFix(error)) return;
    onRefused(purchaseErrorText(error));
  };

  /** Asks for the password and places the order. */
  const order = async (request: PurchaseRequest<T>, accepted: boolean) => {
    const requestId = await intent.idFor(request.key, request);
    const outcome = await password.run(request.prompt, (encrypted) => request.send(requestId, encrypted, accepted));
    await settle(outcome, request, accepted);
  };

  /** After a 410003 the same order goes again, same request id, with risk_confirm=1, without asking twice. */
  const resend = async (encryptedPassword: string) => {
    const current = intent.current();
    if (!current) return;
    setBusy(true);
    try {
      const value = await current.what.send(current.requestId, encryptedPassword, true);
      await settle({ ok: true, value, encrypted: encryptedPassword }, current.what, true);
    } catch (error) {
      // The server checked suitability before the password: ask for it now.
      if (resultCodeOf(error) === PURCHASE_RESULT.wrongPassword) await order(current.what, true);
      else await settle({ ok: false, cancelled: false, error, encrypted: encryptedPassword }, current.what, true);
    } finally {
      setBusy(false);
    }
  };

  const submit = (request: PurchaseRequest<T>) => {
    if (warnFirst && !riskAccepted) {
      setRiskDialog({ text: riskWarning, request, resendWith: null });
      return;
    }
    void order(request, riskAccepted);
  };

  const acceptRisk = () => {
    const dialog = riskDialog;
    setRiskDialog(null);
    setRiskAccepted(true);
    if (!dialog) return;
    if (dialog.resendWith) void resend(dialog.resendWith);
    else void order(dialog.request, true);
  };

  const element = (
    <>
      <Dialog
        className='purchase-risk-dialog'
        visible={riskDialog !== null}
        title={riskTexts.title}
        content={
          <Text className='purchase-risk-dialog__text' data-testid='risk-warning-text'>
            {riskDialog?.text ?? ''}
          </Text>
        }
        confirmText={riskTexts.confirm}
        cancelText={riskTexts.cancel}
        closeOnOverlayClick={false}
        footerDirection='vertical'
        onConfirm={acceptRisk}
        onCancel={() => {
          setRiskDialog(null);
          intent.clear();
        }}
        onClose={() => setRiskDialog(null)}
      />
      {password.dialog}
    </>
  );
  return { submit, busy, element };
}
