import { useEffect, useRef, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS, TRADE_PASSWORD_LENGTH } from '@/lib/constants';
import { sanitizeTradePassword, validateNewTradePassword } from '@/lib/validators';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';
import { setTradePassword as defaultSetTradePassword } from '../api';
import { errorText, holdForToast } from '../login-flow';
import { certifiedIdCardInMemory, forgetCertifiedIdCard } from '../opening-id';
import { reloadAccount } from '../store';
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
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

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

  const press = (key: string) => {
    if (busy || timer.current) return;
    const next = sanitizeTradePassword(value + key);
    setValue(next);
    if (next.length === TRADE_PASSWORD_LENGTH && value.length < TRADE_PASSWORD_LENGTH) {
      timer.current = setTimeout(() => {
        timer.current = null;
        void complete(next);
      }, TRADE_PASSWORD_COMPLETE_DELAY_MS);
    }
  };

  return (
    <View className='account-card account-tp'>
      <Text className='account-card__title account-tp__prompt'>{step === 'enter' ? t('account.tp.enter') : t('account.tp.confirm')}</Text>
      <View className='account-dots' aria-label={step === 'enter' ? t('account.tp.enter') : t('account.tp.confirm')}>
        {Array.from({ length: TRADE_PASSWORD_LENGTH }, (_, i) => (
          <View className='account-dots__cell' key={i}>
            {i < value.length ? <View className='account-dots__dot' /> : null}
          </View>
        ))}
      </View>
      {error ? <Text className='account-error account-tp__error'>{error}</Text> : null}
      <Text className='account-muted'>{t('account.tp.rules')}</Text>
      <NumberKeyboard
        overlay={false}
        visible
        onChange={press}
        onDelete={() => !busy && !timer.current && setValue(value.slice(0, -1))}
        onClose={() => undefined}
      />
    </View>
  );
}
