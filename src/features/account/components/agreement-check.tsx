import { Text, View } from '@tarojs/components';
import { Checkbox } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/checkbox/style/css';
import type { AgreementId } from '@/lib/agreements';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/account';
import { navigateToSpecUrl } from '@/platform/navigation';

export interface AgreementCheckProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Says, under the box, that it must be ticked (after a tap on the Login button it keeps disabled). */
  showHint?: boolean;
}

/** Opens an agreement's page in full (/n/agreements/{id}); the form stays as it is underneath. */
export const openAgreement = (id: AgreementId) => (event: { stopPropagation?: () => void }) => {
  // A tap on a link reads the document; it must not tick the box.
  event.stopPropagation?.();
  navigateToSpecUrl(specUrl('agreement', { agreementId: id })).catch(() => undefined);
};

/** The terms/privacy checkbox of the login screens (docs/PRODUCT.md §2, §5); the links open the documents. */
export function AgreementCheck({ checked, onChange, showHint = false }: AgreementCheckProps) {
  return (
    <View className='account-agreement'>
      <Checkbox className='account-agreement__box' checked={checked} onChange={onChange} aria-label={t('account.login.agreePrefix')} />
      <View className='account-agreement__text'>
        <Text onClick={() => onChange(!checked)}>{t('account.login.agreePrefix')}</Text>
        <Text className='account-link account-agreement__terms' onClick={openAgreement('service')}>
          {t('account.login.serviceTerms')}
        </Text>
        <Text>{t('account.login.and')}</Text>
        <Text className='account-link account-agreement__privacy' onClick={openAgreement('privacy')}>
          {t('account.login.privacyPolicy')}
        </Text>
      </View>
      {showHint && !checked ? <Text className='account-error account-agreement__hint'>{t('account.login.agreeFirst')}</Text> : null}
    </View>
  );
}

export interface AgreementGateProps {
  /** The button's agreement is missing: a tap on it (disabled) tells so instead of doing nothing. */
  blocked: boolean;
  onBlockedTap(): void;
  children: JSX.Element;
}

/**
 * Wraps a Login button that stays disabled until the agreement is ticked (docs/PRODUCT.md §5): while it is, a layer
 * over the button takes the tap and says why (a disabled button gets no taps of its own, on either target).
 */
export function AgreementGate({ blocked, onBlockedTap, children }: AgreementGateProps) {
  return (
    <View className='account-agreement-gate'>
      {children}
      {blocked ? <View className='account-agreement-gate__tap' aria-hidden onClick={onBlockedTap} /> : null}
    </View>
  );
}
