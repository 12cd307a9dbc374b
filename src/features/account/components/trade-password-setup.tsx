import { nativeBrokerBound } from '@/platform/native-events';
import { useState } from 'react';
import { Text } from '@tarojs/components';
import { validateNewTradePassword } from '@/lib/validators';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';
import { setTradePassword as defaultSetTradePassword } from '../api';
import { errorText, holdForToast } from '../login-flow';
import { certifiedIdCardInMemory, forgetCertifiedIdCard } from '../opening-id';
import { reloadAccount } from '../store';
import { PasswordKeypad } from './password-keypad';
import '../account.scss';

export interface TradePasswordSetupProps {
  onDone(): void;
  /** Injectable for tests. */
  save?: (password: string) => Promise<unknown>;
}

/**
 * Six digits twice: the first entry is checked at once (all the same, a run, the birth date of the ID just certified),
 * then confirmed; the server checks again and explains a refusal.
 */
export function TradePasswordSetup({ onDone, save = defaultSetTradePassword }: TradePasswordSetupProps) {
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [first, setFirst] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const restart = (reason: string) => {
    setStep('enter');
    setFirst('');
    setValue('');
    setError(reason);
  };

  const complete = async (password: string) => {
    if (step === 'enter') {
      // The birthday rule needs the ID: the one just certified (memory), else the opening form's copy of this visit.
      const idCard = certifiedIdCardInMemory() ?? sessionStore.get(SESSION_KEYS.accountOpeningIdNo) ?? undefined;
      const strength = validateNewTradePassword(password, { idCard });
      if (!strength.ok) {
        restart(t(strength.reason));
        return;
      }
      setFirst(password);
      setValue('');
      setError(null);
      setStep('confirm');
      return;
    }
    if (password !== first) {
      restart(t('account.tp.mismatch'));
      return;
    }
    setBusy(true);
    try {
      await save(password);
      // The last step of opening: the app binds the new fund account (bindBrokerSuccess, refreshUserPrivilege).
      void nativeBrokerBound();
      forgetCertifiedIdCard();
      showToast(t('account.tp.success'), { type: 'success' });
      await Promise.all([reloadAccount(), holdForToast()]);
      onDone();
    } catch (err) {
      restart(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const prompt = step === 'enter' ? t('account.tp.enter') : t('account.tp.confirm');
  return (
    <PasswordKeypad
      className='account-card account-tp'
      block='account-tp'
      prompt={prompt}
      value={value}
      onChange={setValue}
      onComplete={(password) => void complete(password)}
      error={error}
      busy={busy}
    >
      <Text className='account-muted'>{t('account.tp.rules')}</Text>
    </PasswordKeypad>
  );
}
