import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { CODE_LENGTH } from '@/lib/constants';
import { trimInput, validatePhone } from '@/lib/validators';
import { t } from '@/locales/account';
import { TRACK_EVENTS, trackEvent } from '@/platform/analytics';
import { rememberedPhone, rememberPhone } from './login-flow';
import { changePhone as defaultChange, sendSettingsCode, verifyOldPhone as defaultVerifyOld } from './settings-api';
import { FlowHeader, FlowSubmit, SettingsCodeField, finishFlow, useFlowCall } from './settings-parts';

export interface ChangePhoneFlowProps {
  /** The current phone, masked (where the first code goes). */
  telephoneMasked: string | null;
  onDone(): void;
  onCancel(): void;
  /** Injectable for tests. */
  sendOldCode?: () => Promise<unknown>;
  verifyOld?: (code: string) => Promise<{ ticket: string }>;
  sendNewCode?: (telephone: string, ticket: string) => Promise<unknown>;
  change?: (ticket: string, telephone: string, code: string) => Promise<unknown>;
}

/**
 * A code to the current phone proves the owner; then the new phone and its own code (the server refuses another
 * account's phone before sending). The login stays; the number the login page remembers becomes the new one.
 */
export function ChangePhoneFlow({
  telephoneMasked,
  onDone,
  onCancel,
  sendOldCode = () => sendSettingsCode('phone_old'),
  verifyOld = defaultVerifyOld,
  sendNewCode = (telephone, ticket) => sendSettingsCode('phone_new', { telephone, ticket }),
  change = defaultChange,
}: ChangePhoneFlowProps) {
  const [step, setStep] = useState<'old' | 'new'>('old');
  const [oldCode, setOldCode] = useState('');
  const [ticket, setTicket] = useState('');
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const { error, setError, busy, run } = useFlowCall();

  const submitOld = () =>
    run(async () => {
      setTicket((await verifyOld(oldCode)).ticket);
      setStep('new');
    });

  const checkedPhone = (): string | null => {
    const telephone = trimInput(phone);
    const valid = validatePhone(telephone);
    if (!valid.ok) {
      setError(t(valid.reason));
      return null;
    }
    return telephone;
  };

  const sendNew = async () => {
    const telephone = checkedPhone();
    if (telephone === null) throw new Error('invalid phone');
    setError(null);
    return sendNewCode(telephone, ticket);
  };

  const submitNew = async () => {
    const telephone = checkedPhone();
    if (telephone === null) return;
    await run(async () => {
      await change(ticket, telephone, newCode);
      trackEvent(TRACK_EVENTS.changePhone, { module: 'settings' });
      if (rememberedPhone() !== null) rememberPhone(telephone);
      await finishFlow(t('account.settings.phoneChanged'), onDone);
    });
  };

  return (
    <View className='account-card settings-flow settings-flow--phone'>
      <FlowHeader title={t('account.settings.changePhone')} onBack={onCancel} />
      {step === 'old' ? (
        <View className='account-form'>
          <Text className='account-muted'>{t('account.settings.oldPhoneCodeTo', { phone: telephoneMasked ?? '' })}</Text>
          <SettingsCodeField value={oldCode} onChange={setOldCode} send={sendOldCode} onError={setError} />
          <FlowSubmit error={error} busy={busy} disabled={oldCode.length !== CODE_LENGTH} onSubmit={() => void submitOld()}>
            {t('account.settings.next')}
          </FlowSubmit>
        </View>
      ) : (
        <View className='account-form'>
          <Text className='account-muted'>{t('account.settings.newPhoneHint')}</Text>
          <Input
            className='account-input'
            type='tel'
            name='telephone'
            maxLength={11}
            placeholder={t('account.settings.newPhonePlaceholder')}
            value={phone}
            onChange={(text) => setPhone(text.replace(/\D/g, ''))}
          />
          <SettingsCodeField
            value={newCode}
            onChange={setNewCode}
            send={sendNew}
            onError={(message) => setError((current) => current ?? message)}
            disabled={phone.length !== 11}
          />
          <FlowSubmit
            error={error}
            busy={busy}
            disabled={newCode.length !== CODE_LENGTH || phone.length !== 11}
            onSubmit={() => void submitNew()}
          >
            {t('account.settings.confirmPhone')}
          </FlowSubmit>
        </View>
      )}
    </View>
  );
}
