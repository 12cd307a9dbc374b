import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Checkbox, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/checkbox/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { OPENING_AGREEMENTS, formatAcceptedAgreements } from '@/lib/agreements';
import { PasscodeInput } from '@/components/passcode-cells/passcode-input';
import { CODE_LENGTH } from '@/lib/constants';
import {
  bankFromBin,
  normalizeIdCard,
  sanitizeCode,
  stripSpaces,
  trimInput,
  validateAdultIdCard,
  validateBankCard,
  validateCode,
  validateMainlandMobile,
  validateRealName,
  type ValidationResult,
} from '@/lib/validators';
import { t } from '@/locales/account';
import { t as legalText } from '@/locales/legal';
import { showToast } from '@/platform/feedback';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';
import type { CertificationResult } from '@/lib/api-types/account';
import { certify, requestBankCode } from '../api';
import { errorText, holdForToast } from '../login-flow';
import { reloadAccount } from '../store';
import { useResendTimer } from '../use-resend-timer';
import { holdCertifiedIdCard } from '../opening-id';
import { openAgreement } from './agreement-check';
import '../account.scss';

/** Today in Asia/Shanghai as 'YYYY-MM-DD' (the business date the age rule uses), whatever the device's zone. */
export function shanghaiToday(now: number = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

type Field = 'name' | 'idNo' | 'cardNo' | 'tel' | 'code';

const STORED: Record<Exclude<Field, 'code'>, (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS]> = {
  name: SESSION_KEYS.accountOpeningName,
  idNo: SESSION_KEYS.accountOpeningIdNo,
  cardNo: SESSION_KEYS.accountOpeningCardNo,
  tel: SESSION_KEYS.accountOpeningTel,
};

/** Card digits in groups of four, as printed on the card. */
function groupCard(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function reasonOf(result: ValidationResult): string | undefined {
  return result.ok ? undefined : t(result.reason);
}

export interface CertificationFormProps {
  onCertified(result: CertificationResult): void;
}

/**
 * Real name, ID card, bank card (bank named from its BIN as you type), reserved phone and the bank's SMS code.
 * The dj-ccount-* session keys keep a half-filled form across reloads (docs/PRODUCT.md §3); each bad field says why.
 */
export function CertificationForm({ onCertified }: CertificationFormProps) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: sessionStore.get(STORED.name) ?? '',
    idNo: sessionStore.get(STORED.idNo) ?? '',
    cardNo: sessionStore.get(STORED.cardNo) ?? '',
    tel: sessionStore.get(STORED.tel) ?? '',
    code: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  // The four agreements (issue 17): read from their links, accepted with this tick, recorded by the server.
  const [agreed, setAgreed] = useState(false);
  const [agreementHint, setAgreementHint] = useState(false);
  const timer = useResendTimer();

  const set = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
    if (field !== 'code') sessionStore.set(STORED[field], value);
  };

  const cardDigits = stripSpaces(values.cardNo);
  const bank = cardDigits.length >= 6 ? bankFromBin(cardDigits) : null;

  const check = (fields: Field[]): boolean => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      if (field === 'name') found.name = reasonOf(validateRealName(values.name));
      if (field === 'idNo') found.idNo = reasonOf(validateAdultIdCard(values.idNo, shanghaiToday()));
      if (field === 'cardNo') {
        found.cardNo = reasonOf(validateBankCard(cardDigits)) ?? (bankFromBin(cardDigits) ? undefined : t('account.cert.bankUnknown'));
      }
      if (field === 'tel') found.tel = reasonOf(validateMainlandMobile(values.tel));
      if (field === 'code') found.code = reasonOf(validateCode(values.code, { complete: true }));
    }
    setErrors((prev) => ({ ...prev, ...found }));
    return Object.values(found).every((reason) => !reason);
  };

  const sendBankCode = async () => {
    if (!check(['cardNo', 'tel'])) return;
    setSending(true);
    try {
      await requestBankCode(cardDigits, trimInput(values.tel));
      showToast(t('account.toast.codeSent'));
      timer.start();
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    const fieldsOk = check(['name', 'idNo', 'cardNo', 'tel', 'code']);
    setAgreementHint(!agreed);
    if (!fieldsOk || !agreed) return;
    setBusy(true);
    try {
      const result = await certify({
        real_name: trimInput(values.name),
        id_no: normalizeIdCard(values.idNo),
        bank_card_no: cardDigits,
        reserved_phone: trimInput(values.tel),
        bank_code_sms: trimInput(values.code),
        agreements: formatAcceptedAgreements(OPENING_AGREEMENTS),
      });
      // The form's copy goes; the ID stays in memory for the trade password's birthday rule, checked at its first entry.
      holdCertifiedIdCard(normalizeIdCard(values.idNo));
      for (const key of Object.values(STORED)) sessionStore.remove(key);
      showToast(t('account.cert.success'), { type: 'success' });
      await Promise.all([reloadAccount(), holdForToast()]);
      onCertified(result);
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, input: JSX.Element, hint?: string | null) => (
    <View className={`account-field account-field--${name}`}>
      <Text className='account-field__label'>{label}</Text>
      {input}
      {hint ? <Text className='account-field__hint'>{hint}</Text> : null}
      {errors[name] ? <Text className={`account-error account-error--${name}`}>{errors[name]}</Text> : null}
    </View>
  );

  return (
    <View className='account-card account-cert'>
      {field(
        'name',
        t('account.cert.name'),
        <Input
          className='account-input'
          name='real_name'
          placeholder={t('account.cert.namePlaceholder')}
          value={values.name}
          onChange={(v) => set('name', v)}
          onBlur={() => values.name && check(['name'])}
        />,
      )}
      {field(
        'idNo',
        t('account.cert.idNo'),
        <Input
          className='account-input'
          name='id_no'
          maxLength={18}
          placeholder={t('account.cert.idNoPlaceholder')}
          value={values.idNo}
          onChange={(v) => set('idNo', v.toUpperCase())}
          onBlur={() => values.idNo && check(['idNo'])}
        />,
      )}
      {field(
        'cardNo',
        t('account.cert.cardNo'),
        <Input
          className='account-input'
          name='bank_card_no'
          type='tel'
          maxLength={23}
          placeholder={t('account.cert.cardNoPlaceholder')}
          value={groupCard(cardDigits)}
          onChange={(v) => set('cardNo', stripSpaces(v).replace(/\D/g, ''))}
          onBlur={() => values.cardNo && check(['cardNo'])}
        />,
        bank ? t('account.cert.bank', { bank: t(bank.nameKey) }) : null,
      )}
      {field(
        'tel',
        t('account.cert.tel'),
        <Input
          className='account-input'
          name='reserved_phone'
          type='tel'
          maxLength={11}
          placeholder={t('account.cert.telPlaceholder')}
          value={values.tel}
          onChange={(v) => set('tel', v)}
          onBlur={() => values.tel && check(['tel'])}
        />,
      )}
      {field(
        'code',
        t('account.cert.bankCode'),
        <View className='account-code-field'>
          <PasscodeInput
            className='account-code-field__input'
            name='bank_code_sms'
            length={CODE_LENGTH}
            label={t('account.login.codePlaceholder')}
            value={values.code}
            sanitize={sanitizeCode}
            onChange={(v) => set('code', v)}
          />
          <Button
            className='account-cert__send'
            size='small'
            fill='outline'
            type='primary'
            disabled={timer.counting || sending}
            onClick={() => void sendBankCode()}
          >
            {timer.counting ? t('account.login.resendIn', { n: timer.remaining ?? 0 }) : t('account.cert.sendBankCode')}
          </Button>
        </View>,
      )}
      <View className='account-agreement account-cert__agreements'>
        <Checkbox
          className='account-agreement__box'
          checked={agreed}
          onChange={(value) => {
            setAgreed(value);
            if (value) setAgreementHint(false);
          }}
          aria-label={legalText('legal.opening.prefix')}
        />
        <View className='account-agreement__text'>
          <Text onClick={() => setAgreed(!agreed)}>{legalText('legal.opening.prefix')}</Text>
          {OPENING_AGREEMENTS.map((id, index) => (
            <Text key={id}>
              {index > 0 ? <Text>{legalText('legal.opening.sep')}</Text> : null}
              <Text className={`account-link account-cert__agreement account-cert__agreement--${id}`} onClick={openAgreement(id)}>
                {legalText('legal.bracket', { title: legalText(`legal.title.${id}`) })}
              </Text>
            </Text>
          ))}
        </View>
        {agreementHint && !agreed ? (
          <Text className='account-error account-agreement__hint account-cert__agreement-hint'>{legalText('legal.opening.hint')}</Text>
        ) : null}
      </View>
      <Button className='account-cert__submit' type='primary' block loading={busy} disabled={busy} onClick={() => void submit()}>
        {t('account.cert.submit')}
      </Button>
    </View>
  );
}
