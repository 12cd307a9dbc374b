import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { t } from '@/locales/account';
import { startLogin } from '@/platform/login';
import { currentSpecUrl } from '@/platform/navigation';
import { useAccountStore } from '../store';
import '../account.scss';

/** Shows its children to a logged-in user; a skeleton while unknown; a login prompt (back here after) otherwise. */
export function RequireLogin({ children, buyUrl }: { children: ReactNode; buyUrl?: string }) {
  const status = useAccountStore((s) => s.status);
  if (status === 'unknown') return <SkeletonList items={2} />;
  if (status === 'anonymous') {
    return (
      <View className='account-card account-require-login'>
        <Text className='account-card__title'>{t('account.login.notLoggedIn')}</Text>
        <Button
          className='account-require-login__go'
          type='primary'
          block
          onClick={() => void startLogin({ redirect: currentSpecUrl(), buyUrl })}
        >
          {t('account.login.goLogin')}
        </Button>
      </View>
    );
  }
  return <>{children}</>;
}
