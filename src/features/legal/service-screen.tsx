// /service/customservice (issue 17): one set of service hours (the brand's), the service phone to tap, the online chat
// where the operator has one, and a message form stored on the server (POST /djapi/service/messages).
import { nativeBridgePresent } from '@/platform/native-app';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { useState } from 'react';
import Taro from '@tarojs/taro';
import { Text, View } from '@tarojs/components';
import { Button, Input, TextArea } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/textarea/style/css';
import {
  SERVICE_MESSAGE_MAX,
  SERVICE_MESSAGE_MIN,
  SERVICE_TOPICS,
  serviceContactProblem,
  serviceMessageProblem,
  textLength,
  type ServiceTopic,
} from '@/lib/service-message';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/legal';
import { useBrand } from '@/platform/brand';
import { ApiError } from '@/platform/http';
import { navigateToSpecUrl } from '@/platform/navigation';
import { roleProps } from '@/components/a11y/role-props';
import { sendServiceMessage, type ServiceMessageSent } from './api';
import { useLocale } from './use-locale';
import './legal.scss';

const LIMITS = { min: SERVICE_MESSAGE_MIN, max: SERVICE_MESSAGE_MAX };

function ServiceForm() {
  const [topic, setTopic] = useState<ServiceTopic>('other');
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<{ message?: string; contact?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<ServiceMessageSent | null>(null);

  const check = (): boolean => {
    const messageProblem = serviceMessageProblem(message);
    const contactProblem = serviceContactProblem(contact);
    const found = {
      message: messageProblem ? t(`legal.service.form.${messageProblem}`, LIMITS) : undefined,
      contact: contactProblem ? t('legal.service.form.contactInvalid') : undefined,
    };
    setErrors(found);
    return !found.message && !found.contact;
  };

  const submit = async () => {
    if (busy || !check()) return;
    setBusy(true);
    try {
      setSent(await sendServiceMessage({ topic, message: message.trim(), contact: contact.trim() }));
      setMessage('');
    } catch (error) {
      const reason = error instanceof ApiError && error.description ? error.description : String((error as Error).message ?? error);
      setErrors({ form: t('legal.service.form.failed', { reason }) });
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <View className='legal-card legal-service__sent' role='status'>
        <Text className='legal-card__title'>{t('legal.service.form.title')}</Text>
        <Text className='legal-text legal-service__confirmation'>
          {t('legal.service.form.sent', { ticket: sent.ticket, contact: sent.contact_masked })}
        </Text>
        <Button className='legal-service__another' fill='outline' type='primary' onClick={() => setSent(null)}>
          {t('legal.service.form.another')}
        </Button>
      </View>
    );
  }

  return (
    <View className='legal-card legal-service__form'>
      <Text className='legal-card__title'>{t('legal.service.form.title')}</Text>
      <Text className='legal-text legal-muted'>{t('legal.service.form.intro')}</Text>
      <Text className='legal-field__label'>{t('legal.service.form.topic')}</Text>
      <View className='legal-chips' role='radiogroup' aria-label={t('legal.service.form.topic')}>
        {SERVICE_TOPICS.map((value) => (
          <View
            key={value}
            {...roleProps('radio')}
            aria-checked={topic === value}
            className={`legal-chip${topic === value ? ' legal-chip--on' : ''}`}
            onClick={() => setTopic(value)}
          >
            <Text>{t(`legal.service.topic.${value}`)}</Text>
          </View>
        ))}
      </View>
      <Text className='legal-field__label'>{t('legal.service.form.message')}</Text>
      <TextArea
        className='legal-service__message'
        value={message}
        maxLength={SERVICE_MESSAGE_MAX}
        placeholder={t('legal.service.form.messagePlaceholder', LIMITS)}
        onChange={(value) => {
          setMessage(value);
          setErrors((prev) => ({ ...prev, message: undefined, form: undefined }));
        }}
      />
      <Text className='legal-field__count'>
        {t('legal.service.form.count', { n: textLength(message.trim()), max: SERVICE_MESSAGE_MAX })}
      </Text>
      {errors.message ? <Text className='legal-error legal-error--message'>{errors.message}</Text> : null}
      <Text className='legal-field__label'>{t('legal.service.form.contact')}</Text>
      <Input
        className='legal-input legal-service__contact'
        name='contact'
        value={contact}
        maxLength={100}
        placeholder={t('legal.service.form.contactPlaceholder')}
        onChange={(value) => {
          setContact(value);
          setErrors((prev) => ({ ...prev, contact: undefined, form: undefined }));
        }}
      />
      {errors.contact ? <Text className='legal-error legal-error--contact'>{errors.contact}</Text> : null}
      {errors.form ? <Text className='legal-error legal-error--form'>{errors.form}</Text> : null}
      <Button className='legal-service__submit' type='primary' block loading={busy} disabled={busy} onClick={() => void submit()}>
        {busy ? t('legal.service.form.sending') : t('legal.service.form.submit')}
      </Button>
    </View>
  );
}

/**
 * `chatUrl`: the operator's chat page, if any; `entryPage`: the page the visitor came from (the `params` query's
 * `entryPage`), passed on to the native app's chat.
 */
export function CustomerServiceScreen({ chatUrl, entryPage }: { chatUrl: string | null; entryPage?: string }) {
  const brand = useBrand();
  const locale = useLocale();
  const hours = locale === 'en-US' ? brand.serviceHoursEn : brand.serviceHours;
  const [nativeChat] = useState(nativeBridgePresent);
  const call = () => void Taro.makePhoneCall({ phoneNumber: brand.servicePhone.replace(/[^0-9+]/g, '') }).catch(() => undefined);
  return (
    <View className='legal-service'>
      <View className='legal-card'>
        <View className='legal-doc__title' role='heading' aria-level={1}>
          <Text>{t('legal.service.pageTitle')}</Text>
        </View>
        <Text className='legal-text legal-service__hours'>{t('legal.service.hours', { hours })}</Text>
        <View className='legal-service__phone' {...roleProps('link')} onClick={call}>
          <Text className='legal-service__phone-label'>{t('legal.service.phone')}</Text>
          <Text className='legal-service__phone-number'>{brand.servicePhone}</Text>
          <Text className='legal-link'>{t('legal.service.call')}</Text>
        </View>
        {chatUrl || nativeChat ? (
          <Button
            className='legal-service__chat'
            type='primary'
            fill='outline'
            block
            // Inside a native app its own chat (docs/PRODUCT.md §2.7 "chat"), else the operator's chat page.
            onClick={() => openInsteadInNativeApp('chat', entryPage ? { entryPage } : {}) || (chatUrl && void navigateToSpecUrl(chatUrl))}
          >
            {t('legal.service.chat')}
          </Button>
        ) : null}
        <View className='legal-service__links'>
          <Text className='legal-link' onClick={() => void navigateToSpecUrl(specUrl('commonQuestions'))}>
            {t('legal.service.faq')}
          </Text>
          <Text className='legal-link' onClick={() => void navigateToSpecUrl(specUrl('agreements'))}>
            {t('legal.service.agreements')}
          </Text>
        </View>
      </View>
      <ServiceForm />
    </View>
  );
}
