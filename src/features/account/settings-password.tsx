import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { CODE_LENGTH } from '@/lib/constants';
import { normalizeIdCard, validateIdCard, validateNewTradePassword } from '@/lib/validators';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { ApiError } from '@/platform/http';
import { verifyTradePassword as defaultVerifyOld } from './api';
import { errorText } from './login-flow';
import {
  changeTradePassword as defaultChange,
  resetTradePassword as defaultReset,
  sendSettingsCode,
  verifyPasswordReset as defaultVerifyReset,
} from './settings-api';
import { FlowHeader, PasswordPad, SettingsCodeField } from './settings-parts';
import { reloadAccount } from './store';
import { TRADE_PASSWORD_LOCKED } from './use-trade-password-check';

/** Server answers the flows react to (docs/PRODUCT.md §8.4). */
const TRADE_PASSWORD_WEAK = 400050;
const SETTINGS_TICKET_INVALID = 400026;

const codeOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.resultCode : undefined);

export interface ChangePasswordFlowProps {
  onDone(): void;
  onCancel(): void;
  /** "Forgot it?": the reset flow. */
  onForgot(): void;
  /** Injectable for tests. */
  verifyOld?: (password: string) => Promise<unknown>;
  change?: (oldPassword: string, newPassword: string) => Promise<unknown>;
}

/**
 * Old password (checked by the server at once: a wrong one is a try toward the lock), the new one (six digits, not
 * simple; the birthday rule the server checks, as the app does not keep the ID), the new one again.
 */
export function ChangePasswordFlow({
  onDone,
  onCancel,
  onForgot,
  verifyOld = defaultVerifyOld,
  change = defaultChange,
}: ChangePasswordFlowProps) {
  const [step, setStep] = useState<'old' | 'new' | 'confirm'>('old');
  const [oldPassword, setOldPassword] = useState('');
  const [first, setFirst] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);

  const complete = async (password: string) => {
    if (step === 'old') {
      setBusy(true);
      setError(null);
      try {
        await verifyOld(password);
        setOldPassword(password);
        setStep('new');
      } catch (err) {
        setLocked(codeOf(err) === TRADE_PASSWORD_LOCKED);
        setError(errorText(err));
      } finally {
        setBusy(false);
      }
      return;
    }
    if (step === 'new') {
      const strength = validateNewTradePassword(password);
      if (!strength.ok) {
        setError(t(strength.reason));
        return;
      }
      if (password === oldPassword) {
        setError(t('account.settings.samePassword'));
        return;
      }
      setFirst(password);
      setError(null);
      setStep('confirm');
      return;
    }
    if (password !== first) {
      setStep('new');
      setError(t('account.settings.mismatch'));
      return;
    }
    setBusy(true);
    try {
      await change(oldPassword, password);
      showToast(t('account.settings.passwordChanged'), { type: 'success' });
      await reloadAccount();
      onDone();
    } catch (err) {
      // Too weak (the birthday) → a new one; anything else (locked meanwhile, the network) → from the start.
      setStep(codeOf(err) === TRADE_PASSWORD_WEAK ? 'new' : 'old');
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const prompt =
    step === 'old' ? t('account.settings.enterOld') : step === 'new' ? t('account.settings.enterNew') : t('account.settings.confirmNew');
  return (
    <View className='account-card settings-flow settings-flow--change'>
      <FlowHeader title={t('account.settings.changePassword')} onBack={onCancel} />
      <PasswordPad prompt={prompt} error={error} busy={busy} onComplete={(p) => void complete(p)} resetKey={step} />
      {step === 'new' ? <Text className='account-muted'>{t('account.tp.rules')}</Text> : null}
      {step === 'old' ? (
        <View
          className={`account-link settings-flow__forgot${locked ? ' settings-flow__forgot--locked' : ''}`}
          role='button'
          onClick={onForgot}
        >
          {locked ? t('account.settings.lockedGoReset') : t('account.settings.forgot')}
        </View>
      ) : null}
    </View>
  );
}

export interface ResetPasswordFlowProps {
  /** The card's reserved phone, masked (where the code goes). */
  reservedPhoneMasked: string | null;
  onDone(): void;
  onCancel(): void;
  /** Injectable for tests. */
  sendCode?: () => Promise<unknown>;
  verify?: (code: string, idNo: string) => Promise<{ ticket: string }>;
  reset?: (ticket: string, password: string) => Promise<unknown>;
}

/**
 * The code sent to the bank card's reserved phone and the account's ID number, then the new password twice (the
 * birthday rule applies at the first entry: the ID was just typed). A reset also lifts the lock.
 */
export function ResetPasswordFlow({
  reservedPhoneMasked,
  onDone,
  onCancel,
  sendCode = () => sendSettingsCode('reset_password'),
  verify = defaultVerifyReset,
  reset = defaultReset,
}: ResetPasswordFlowProps) {
  const [step, setStep] = useState<'verify' | 'new' | 'confirm'>('verify');
  const [code, setCode] = useState('');
  const [idNo, setIdNo] = useState('');
  const [ticket, setTicket] = useState('');
  const [first, setFirst] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitProof = async () => {
    const id = normalizeIdCard(idNo);
    const valid = validateIdCard(id);
    if (!valid.ok) {
      setError(t(valid.reason));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await verify(code, id);
      setTicket(answer.ticket);
      setStep('new');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const complete = async (password: string) => {
    if (step === 'new') {
      const strength = validateNewTradePassword(password, { idCard: normalizeIdCard(idNo) });
      if (!strength.ok) {
        setError(t(strength.reason));
        return;
      }
      setFirst(password);
      setError(null);
      setStep('confirm');
      return;
    }
    if (password !== first) {
      setStep('new');
      setError(t('account.settings.mismatch'));
      return;
    }
    setBusy(true);
    try {
      await reset(ticket, password);
      showToast(t('account.settings.passwordReset'), { type: 'success' });
      await reloadAccount();
      onDone();
    } catch (err) {
      if (codeOf(err) === SETTINGS_TICKET_INVALID) {
        setCode('');
        setStep('verify');
      } else setStep('new');
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <View className='account-card settings-flow settings-flow--reset'>
      <FlowHeader title={t('account.settings.resetPassword')} onBack={onCancel} />
      {step === 'verify' ? (
        <View className='account-form'>
          <Text className='account-muted'>{t('account.settings.resetCodeTo', { phone: reservedPhoneMasked ?? '' })}</Text>
          <SettingsCodeField value={code} onChange={setCode} send={sendCode} onError={setError} />
          <View className='account-field account-field--id_no'>
            <Text className='account-field__label'>{t('account.cert.idNo')}</Text>
            <Input
              className='account-input'
              name='id_no'
              maxLength={18}
              placeholder={t('account.cert.idNoPlaceholder')}
              value={idNo}
              onChange={(text) => setIdNo(text.replace(/\s/g, ''))}
            />
          </View>
          {error ? <Text className='account-error settings-flow__error'>{error}</Text> : null}
          <Button
            className='settings-flow__next'
            type='primary'
            block
            loading={busy}
            disabled={busy || code.length !== CODE_LENGTH || idNo.length < 18}
            onClick={() => void submitProof()}
          >
            {t('account.settings.next')}
          </Button>
        </View>
      ) : (
        <>
          <PasswordPad
            prompt={step === 'new' ? t('account.settings.enterNew') : t('account.settings.confirmNew')}
            error={error}
            busy={busy}
            onComplete={(p) => void complete(p)}
            resetKey={step}
          />
          {step === 'new' ? <Text className='account-muted'>{t('account.tp.rules')}</Text> : null}
        </>
      )}
    </View>
  );
}
