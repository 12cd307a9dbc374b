import { openInsteadInNativeApp } from '@/platform/native-events';
import { useState, type ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Cell, Dialog, Switch } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/dialog/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/switch/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/account';
import { navigateToSpecUrl } from '@/platform/navigation';
import { setElderMode, useElderMode } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { getAccountSettings, getAgreementAcceptances, type AccountSettings, type AgreementAcceptances } from './settings-api';
import { ChangePasswordFlow, ResetPasswordFlow } from './settings-password';
import { ChangePhoneFlow } from './settings-phone';
import { CloseAccountFlow, DataExportFlow } from './settings-privacy';
import { useAccountStore } from './store';
import './account.scss';
import './settings.scss';

/** The flows of the settings page; `?action=` opens one directly (the help page links the reset). */
export type SettingsAction = 'password' | 'reset-password' | 'phone' | 'export' | 'close-account';

const ACTIONS: readonly SettingsAction[] = ['password', 'reset-password', 'phone', 'export', 'close-account'];

export function settingsActionOf(value: string | undefined): SettingsAction | null {
  return (ACTIONS as readonly string[]).includes(value ?? '') ? (value as SettingsAction) : null;
}

/** A row's right side: its value (if any); the chevron follows in CSS. Always there, so every row shows it opens. */
function rowExtra(value?: string): ReactNode {
  return <View className='settings-row__extra'>{value ? <Text className='settings-row__value'>{value}</Text> : null}</View>;
}

/** The agreements the investor accepted (how many of the current ones), leading to their list. */
function AgreementsRow({ load }: { load: () => Promise<AgreementAcceptances> }) {
  const remote = useRemote(load, []);
  const accepted =
    remote.status === 'ready'
      ? new Set(remote.data.accepted.map((a) => a.agreement_id).filter((id) => remote.data.current.some((c) => c.id === id))).size
      : null;
  return (
    <Cell
      className='settings-row settings-row--agreements'
      title={t('account.settings.agreements')}
      extra={rowExtra(accepted === null ? undefined : t('account.settings.agreementsAccepted', { n: accepted }))}
      clickable
      onClick={() => void navigateToSpecUrl(specUrl('agreements'))}
    />
  );
}

/**
 * The elder-mode switch 关怀版 (issue 26): larger text and targets, simpler pages; remembered on this device
 * (platform/elder-mode.ts). A switch with its own name, the row's title, for a screen reader.
 */
export function ElderModeRow() {
  const elder = useElderMode();
  return (
    <Cell
      className='settings-row settings-row--elder'
      title={t('account.settings.elderMode')}
      description={t('account.settings.elderModeHint')}
      extra={
        <Switch
          checked={elder}
          onChange={(checked: boolean) => setElderMode(checked)}
          ariaLabel={t('account.settings.elderMode')}
          data-testid='elder-mode-switch'
        />
      }
    />
  );
}

export interface SettingsScreenProps {
  initialAction?: SettingsAction | null;
  /** Logs out (after the confirmation): the page's exit — stores reset, then the logout landing and home. */
  onLogout(): void;
  /** After the account was closed (注销): the same exit unless the page gives another. */
  onAccountClosed?: () => void;
  /** The language switch (components/language-switch), given by the page. */
  languageSlot?: ReactNode;
  /** Injectable for tests. */
  load?: () => Promise<AccountSettings>;
  loadAgreements?: () => Promise<AgreementAcceptances>;
}

/**
 * Account settings (docs/PRODUCT.md §2.1 `/n/account/settings`): the phone, the bound card and its bank's limits, the
 * trade password (change, reset), the risk level and its assessment, the language, and logging out with a
 * confirmation.
 */
export function SettingsScreen({
  initialAction = null,
  onLogout,
  onAccountClosed = onLogout,
  languageSlot,
  load = getAccountSettings,
  loadAgreements = getAgreementAcceptances,
}: SettingsScreenProps) {
  const [action, setAction] = useState<SettingsAction | null>(initialAction);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const remote = useRemote(load, []);
  const account = useAccountStore();

  const back = () => {
    setAction(null);
    void remote.refresh();
  };

  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error') return <ErrorBox onRetry={remote.retry} />;
  const settings = remote.data;
  const card = settings.bank_card;

  if (action === 'password') return <ChangePasswordFlow onDone={back} onCancel={back} onForgot={() => setAction('reset-password')} />;
  if (action === 'reset-password')
    return <ResetPasswordFlow reservedPhoneMasked={card?.reserved_phone_masked ?? null} onDone={back} onCancel={back} />;
  if (action === 'phone') return <ChangePhoneFlow telephoneMasked={settings.telephone_masked} onDone={back} onCancel={back} />;
  if (action === 'export') return <DataExportFlow onBack={back} />;
  if (action === 'close-account')
    return <CloseAccountFlow telephoneMasked={settings.telephone_masked} onBack={back} onClosed={onAccountClosed} />;

  const riskValue = account.riskLevel ?? (account.riskExpired ? t('account.risk.expired') : t('account.my.riskNone'));
  const riskValidity =
    account.riskLevel && account.riskValidUntil ? t('account.settings.riskValidUntil', { date: account.riskValidUntil }) : undefined;
  const locked = account.tradePasswordLockedUntil !== null;

  return (
    <View className='settings'>
      <View className='account-card settings-section settings-section--account'>
        <Text className='settings-section__title'>{t('account.settings.accountSection')}</Text>
        <Cell
          className='settings-row settings-row--phone'
          title={t('account.settings.phone')}
          extra={rowExtra(settings.telephone_masked)}
          clickable
          onClick={() => setAction('phone')}
        />
        <Cell
          className='settings-row settings-row--risk'
          title={t('account.settings.risk')}
          description={riskValidity}
          extra={
            <View className='settings-row__extra'>
              <Text className='settings-row__value'>{riskValue}</Text>
              <Text className='account-link settings-row__action'>
                {account.riskLevel ? t('account.settings.reassess') : t('account.settings.assess')}
              </Text>
            </View>
          }
          clickable
          onClick={() => void navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect: specUrl('accountSettings') }))}
        />
        <AgreementsRow load={loadAgreements} />
      </View>

      <View className='account-card settings-section settings-section--card'>
        <Text className='settings-section__title'>{t('account.settings.cardSection')}</Text>
        {card ? (
          <View className='settings-card' data-testid='settings-card'>
            <View className='settings-card__head'>
              <Text className='settings-card__bank'>{card.bank_name}</Text>
              <Text className='settings-card__number'>{card.card_no_masked}</Text>
            </View>
            <View className='settings-card__limits'>
              <View className='settings-card__limit'>
                <Text className='settings-card__label'>{t('account.settings.perPayment')}</Text>
                <Text className='settings-card__value'>{t('account.settings.yuan', { amount: formatAmount(card.per_payment_limit) })}</Text>
              </View>
              <View className='settings-card__limit'>
                <Text className='settings-card__label'>{t('account.settings.perDay')}</Text>
                <Text className='settings-card__value'>{t('account.settings.yuan', { amount: formatAmount(card.daily_limit) })}</Text>
              </View>
              <View className='settings-card__limit'>
                <Text className='settings-card__label'>{t('account.settings.leftToday')}</Text>
                <Text className='settings-card__value'>{t('account.settings.yuan', { amount: formatAmount(card.daily_left) })}</Text>
              </View>
            </View>
            <Text className='account-muted settings-card__phone'>
              {t('account.settings.reservedPhone', { phone: card.reserved_phone_masked })}
            </Text>
          </View>
        ) : (
          <View className='settings-card settings-card--none'>
            <Text className='account-muted'>{t('account.settings.noCard')}</Text>
            <View className='account-link' {...roleProps('button')} onClick={() => void navigateToSpecUrl(specUrl('openAccount'))}>
              {t('account.my.openAccount')}
            </View>
          </View>
        )}
      </View>

      {settings.has_trade_password ? (
        <View className='account-card settings-section settings-section--security'>
          <Text className='settings-section__title'>{t('account.settings.securitySection')}</Text>
          <Cell
            className='settings-row settings-row--password'
            title={t('account.settings.changePassword')}
            extra={rowExtra(locked ? t('account.settings.lockedShort') : undefined)}
            clickable
            // Inside a native app its own change-password screen (docs/PRODUCT.md §2.7), else ours.
            onClick={() => openInsteadInNativeApp('changePassword') || setAction(locked ? 'reset-password' : 'password')}
          />
          <Cell
            className='settings-row settings-row--reset'
            title={t('account.settings.resetPassword')}
            extra={rowExtra(card ? undefined : t('account.settings.needCard'))}
            clickable
            onClick={() => card && (openInsteadInNativeApp('setPassword') || setAction('reset-password'))}
          />
        </View>
      ) : null}

      {/* The privacy policy's rights (issue 17): a copy of one's data, closing the account. */}
      <View className='account-card settings-section settings-section--privacy'>
        <Text className='settings-section__title'>{t('account.settings.privacySection')}</Text>
        <Cell
          className='settings-row settings-row--export'
          title={t('account.settings.exportData')}
          extra={rowExtra()}
          clickable
          onClick={() => setAction('export')}
        />
        <Cell
          className='settings-row settings-row--close'
          title={t('account.settings.closeAccount')}
          extra={rowExtra()}
          clickable
          onClick={() => setAction('close-account')}
        />
      </View>

      <View className='account-card settings-section settings-section--display'>
        <Text className='settings-section__title'>{t('account.settings.displaySection')}</Text>
        <ElderModeRow />
      </View>

      {/* The language switch: components/language-switch, passed in by the page. */}
      {languageSlot ? <View className='account-card settings-section settings-section--language'>{languageSlot}</View> : null}

      <View className='account-entries settings-logout'>
        <Button className='settings-logout__button' block onClick={() => setConfirmLogout(true)}>
          {t('account.my.logout')}
        </Button>
      </View>
      <Dialog
        className='settings-logout-dialog'
        visible={confirmLogout}
        title={t('account.settings.logoutTitle')}
        content={t('account.settings.logoutConfirm')}
        confirmText={t('account.my.logout')}
        cancelText={t('account.login.cancel')}
        onConfirm={() => {
          setConfirmLogout(false);
          onLogout();
        }}
        onCancel={() => setConfirmLogout(false)}
        onClose={() => setConfirmLogout(false)}
      />
    </View>
  );
}
