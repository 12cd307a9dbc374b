import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { CODE_LENGTH } from '@/lib/constants';
import { normalizeIdCard, validateIdCard, validateNewTradePassword } from '@/lib/validators';
import { t } from '@/locales/account';
import { ApiError } from '@/platform/http';
import { roleProps } from '@/components/a11y/role-props';
import { verifyTradePassword as defaultVerifyOld } from './api';
import {
  changeTradePassword as defaultChange,
  resetTradePassword as defaultReset,
  sendSettingsCode,
  verifyPasswordReset as defaultVerifyReset,
} from './settings-api';
import { FlowHeader, FlowSubmit, PasswordPad, SettingsCodeField, finishFlow, useFlowCall } from './settings-parts';
import { TRADE_PASSWORD_LOCKED } from './use-trade-password-check';

/** Server answers the flows react to (docs/PRODUCT.md §8.4). */
const TRADE_PASSWORD_WEAK = 400050;
const SETTINGS_TICKET_INVALID = 400026;

const codeOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.resultCode : undefined);

interface NewPasswordOptions {
  setStep(step: 'new' | 'confirm'): void;
  flow: ReturnType<typeof useFlowCall>;
  /** Why the first entry is refused (too simple, the birthday, the old one), or null. */
  refusal(password: string): string | null;
  save(password: string): Promise<unknown>;
  /** The toast once saved. */
  savedText: string;
  onDone(): void;
  /** Where a refused save goes back to (the error is shown there). */
  onRefused(error: unknown): void;
}

/**
 * The new password's two entries, as change and reset take them: the first is checked at once, the second must
 * match it (else the first again), then it is saved and the flow ends.
 */
function useNewPassword({ setStep, flow, refusal, save, savedText, onDone, onRefused }: NewPasswordOptions) {
  const [first, setFirst] = useState('');
  const enterNew = (password: string) => {
    const refused = refusal(password);
    if (refused) {
      flow.setError(refused);
      return;
    }
    setFirst(password);
    flow.setError(null);
    setStep('confirm');
  };
  const confirm = async (password: string) => {
    if (password !== first) {
      setStep('new');
      flow.setError(t('account.settings.mismatch'));
      return;
    }
    await flow.run(async () => {
      await save(password);
      await finishFlow(savedText, onDone);
    }, onRefused);
  };
  return { enterNew, confirm };
}

/** The prompt of the new password's entries. */
const newPasswordPrompt = (step: 'new' | 'confirm'): string =>
  step === 'new' ? t('account.settings.enterNew') : t('account.settings.confirmNew');

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
  const [locked, setLocked] = useState(false);
  const flow = useFlowCall();
  const { error, busy } = flow;
  const newPassword = useNewPassword({
    setStep,
    flow,
    refusal: (password) => {
      const strength = validateNewTradePassword(password);
      if (!strength.ok) return t(strength.reason);
      return password === oldPassword ? t('account.settings.samePassword') : null;
    },
    save: (password) => change(oldPassword, password),
    savedText: t('account.settings.passwordChanged'),
    onDone,
    // Too weak (the birthday) → a new one; anything else (locked meanwhile, the network) → from the start.
    onRefused: (err) => setStep(codeOf(err) === TRADE_PASSWORD_WEAK ? 'new' : 'old'),
  });

  const complete = async (password: string) => {
    if (step === 'old') {
      await flow.run(
        async () => {
          await verifyOld(password);
          setOldPassword(password);
          setStep('new');
        },
        (err) => setLocked(codeOf(err) === TRADE_PASSWORD_LOCKED),
      );
      return;
    }
    if (step === 'new') newPassword.enterNew(password);
    else await newPassword.confirm(password);
  };

  const prompt = step === 'old' ? t('account.settings.enterOld') : newPasswordPrompt(step);
  return (
    <View className='account-card settings-flow settings-flow--change'>
      <FlowHeader title={t('account.settings.changePassword')} onBack={onCancel} />
      <PasswordPad prompt={prompt} error={error} busy={busy} onComplete={(p) => void complete(p)} resetKey={step} />
      {step === 'new' ? <Text className='account-muted'>{t('account.tp.rules')}</Text> : null}
      {step === 'old' ? (
        <View
          className={`account-link settings-flow__forgot${locked ? ' settings-flow__forgot--locked' : ''}`}
          {...roleProps('button')}
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
  const flow = useFlowCall();
  const { error, setError, busy } = flow;
  const newPassword = useNewPassword({
    setStep,
    flow,
    refusal: (password) => {
      const strength = validateNewTradePassword(password, { idCard: normalizeIdCard(idNo) });
      return strength.ok ? null : t(strength.reason);
    },
    save: (password) => reset(ticket, password),
    savedText: t('account.settings.passwordReset'),
    onDone,
    onRefused: (err) => {
      if (codeOf(err) === SETTINGS_TICKET_INVALID) {
        setCode('');
        setStep('verify');
      } else setStep('new');
    },
  });

  const submitProof = async () => {
    const id = normalizeIdCard(idNo);
    const valid = validateIdCard(id);
    if (!valid.ok) {
      setError(t(valid.reason));
      return;
    }
    await flow.run(async () => {
      const answer = await verify(code, id);
      setTicket(answer.ticket);
      setStep('new');
    });
  };

  const complete = async (password: string) => {
    if (step === 'new') newPassword.enterNew(password);
    else await newPassword.confirm(password);
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
          <FlowSubmit
            error={error}
            busy={busy}
            disabled={code.length !== CODE_LENGTH || idNo.length < 18}
            onSubmit={() => void submitProof()}
          >
            {t('account.settings.next')}
          </FlowSubmit>
        </View>
      ) : (
        <>
          <PasswordPad prompt={newPasswordPrompt(step)} error={error} busy={busy} onComplete={(p) => void complete(p)} resetKey={step} />
          {step === 'new' ? <Text className='account-muted'>{t('account.tp.rules')}</Text> : null}
        </>
      )}
    </View>
  );
}
