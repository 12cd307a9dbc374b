import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { normalizeIdCard, trimInput, validateIdCard, validateRealName } from '@/lib/validators';
import { t } from '@/locales/account';
import type { FundAccountItem } from '@/lib/api-types/account';
import { findFundAccounts } from '../api';
import { errorText } from '../login-flow';
import '../account.scss';

/** /n/find-fund-account: which fund companies hold an account for this ID number and name. */
export function FindAccountForm() {
  const [name, setName] = useState('');
  const [idNo, setIdNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [items, setItems] = useState<FundAccountItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    const nameCheck = validateRealName(name);
    if (!nameCheck.ok) return setError(t(nameCheck.reason));
    const idCheck = validateIdCard(idNo);
    if (!idCheck.ok) return setError(t(idCheck.reason));
    setError(null);
    setBusy(true);
    try {
      const result = await findFundAccounts(normalizeIdCard(idNo), trimInput(name));
      setItems(result.items);
    } catch (err) {
      setItems(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <View className='account-find'>
      <View className='account-card'>
        <Text className='account-muted'>{t('account.find.intro')}</Text>
        <View className='account-field'>
          <Text className='account-field__label'>{t('account.cert.name')}</Text>
          <Input
            className='account-input'
            name='real_name'
            placeholder={t('account.cert.namePlaceholder')}
            value={name}
            onChange={setName}
          />
        </View>
        <View className='account-field'>
          <Text className='account-field__label'>{t('account.cert.idNo')}</Text>
          <Input
            className='account-input'
            name='id_no'
            maxLength={18}
            placeholder={t('account.cert.idNoPlaceholder')}
            value={idNo}
            onChange={(v) => setIdNo(v.toUpperCase())}
          />
        </View>
        {error ? <Text className='account-error account-find__error'>{error}</Text> : null}
        <Button className='account-find__submit' type='primary' block loading={busy} disabled={busy} onClick={() => void search()}>
          {t('account.find.submit')}
        </Button>
      </View>
      {items !== null ? (
        items.length === 0 ? (
          <EmptyBox title={t('account.find.empty')} />
        ) : (
          <View className='account-card account-find__results'>
            {items.map((item) => (
              <View className='account-result-item' key={`${item.company_name}-${item.account_no_masked}`}>
                <Text className='account-result-item__name'>{item.company_name}</Text>
                <Text className='account-muted'>{t('account.find.accountNo', { no: item.account_no_masked })}</Text>
                <Text className='account-muted'>{t('account.find.openedAt', { date: item.opened_at })}</Text>
              </View>
            ))}
          </View>
        )
      ) : null}
    </View>
  );
}
