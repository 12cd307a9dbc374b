import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Checkbox, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/checkbox/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { t } from '@/locales/account';

export interface AgreementCheckProps {
  checked: boolean;
  onChange(checked: boolean): void;
}

type Doc = 'terms' | 'privacy';

/** The terms/privacy checkbox of the login screens (docs/PRODUCT.md §2, §5); the links open the documents. */
export function AgreementCheck({ checked, onChange }: AgreementCheckProps) {
  const [doc, setDoc] = useState<Doc | null>(null);
  const open = (which: Doc) => (event: { stopPropagation?: () => void }) => {
    // A tap on a link reads the document; it must not tick the box.
    event.stopPropagation?.();
    setDoc(which);
  };
  return (
    <View className='account-agreement'>
      <Checkbox className='account-agreement__box' checked={checked} onChange={onChange} aria-label={t('account.login.agreePrefix')} />
      <View className='account-agreement__text'>
        <Text onClick={() => onChange(!checked)}>{t('account.login.agreePrefix')}</Text>
        <Text className='account-link account-agreement__terms' onClick={open('terms')}>
          {t('account.login.serviceTerms')}
        </Text>
        <Text>{t('account.login.and')}</Text>
        <Text className='account-link account-agreement__privacy' onClick={open('privacy')}>
          {t('account.login.privacyPolicy')}
        </Text>
      </View>
      <Popup
        visible={doc !== null}
        position='bottom'
        round
        closeable
        title={doc === 'privacy' ? t('account.login.privacyPolicy') : t('account.login.serviceTerms')}
        onClose={() => setDoc(null)}
      >
        <View className='account-doc'>
          <Text>{doc === 'privacy' ? t('account.doc.privacy') : t('account.doc.terms')}</Text>
        </View>
      </Popup>
    </View>
  );
}
