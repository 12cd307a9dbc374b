import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { t } from '@/locales/account';
import { maskPhone } from '../login-flow';
import { AgreementCheck } from './agreement-check';

export interface OneTapSheetProps {
  visible: boolean;
  /** The known phone (full); shown masked. */
  phone: string;
  onLogin(): void;
  onOtherAccount(): void;
  onClose(): void;
}

/** docs/PRODUCT.md §4 one-tap login step 1: the known masked phone, the agreement checkbox, Login disabled until ticked. */
export function OneTapSheet({ visible, phone, onLogin, onOtherAccount, onClose }: OneTapSheetProps) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Popup visible={visible} position='bottom' round closeable title={t('account.login.oneTapTitle')} onClose={onClose}>
      <View className='account-sheet account-one-tap'>
        <Text className='account-sheet__phone'>{maskPhone(phone)}</Text>
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button className='account-one-tap__login' type='primary' block disabled={!agreed} onClick={onLogin}>
          {t('account.login.submit')}
        </Button>
        <Text className='account-link account-other-account' onClick={onOtherAccount}>
          {t('account.login.otherAccount')}
        </Text>
      </View>
    </Popup>
  );
}
