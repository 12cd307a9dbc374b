import { Text, View } from '@tarojs/components';
import { Button, Cell } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/account';
import { navigateToSpecUrl } from '@/platform/navigation';
import { useAccountStore } from '../store';
import '../account.scss';

export interface MyMoneyOverviewProps {
  onLogout(): void;
  /** When the visit came through WeChat: unbind that login, then log out. */
  onUnbind?: () => void;
  unbindLabel?: string;
}

/** The signed-in identity (masked phone, masked real name, bank card, risk level) and the account entries. */
export function MyMoneyOverview({ onLogout, onUnbind, unbindLabel }: MyMoneyOverviewProps) {
  const account = useAccountStore();
  const go = (url: string) => () => void navigateToSpecUrl(url);
  const bankName = account.bankCard ? t(`common.bank.${account.bankCard.bankCode}`) : '';
  const riskText = account.riskLevel
    ? t('account.my.riskLevel', { level: account.riskLevel })
    : account.riskExpired
      ? t('account.risk.expired')
      : t('account.my.riskLevel', { level: t('account.my.riskNone') });
  // Opened but not assessed (or expired): say why the assessment comes before the first purchase, and go (issue 28).
  const needsAssessment = account.certified && account.hasTradePassword && !account.riskLevel;
  return (
    <View className='account-my'>
      {needsAssessment ? (
        <View className='account-card account-my__assess-prompt' data-testid='assess-prompt'>
          <Text className='account-card__title'>{t('account.my.assessPrompt.title')}</Text>
          <Text className='account-muted'>{t('account.my.assessPrompt.why')}</Text>
          <Button
            className='account-my__assess-go'
            type='primary'
            size='small'
            onClick={go(specUrl('riskAssessment', {}, { redirect: specUrl('myMoney') }))}
            data-testid='assess-prompt-go'
          >
            {t('account.my.assessPrompt.go')}
          </Button>
        </View>
      ) : null}
      <View className='account-card account-my__identity'>
        <Text className='account-card__title account-my__phone'>{t('account.my.welcome', { phone: account.maskTelephone ?? '' })}</Text>
        <Text className='account-muted account-my__name'>
          {t('account.my.realName', { name: account.realNameMasked ?? t('account.my.notCertified') })}
        </Text>
        {account.bankCard ? (
          <Text className='account-muted account-my__card'>
            {t('account.my.bankCard', { bank: bankName, tail: account.bankCard.cardTail })}
          </Text>
        ) : null}
        <Text className='account-muted account-my__risk'>{riskText}</Text>
        {account.riskLevel && account.riskValidUntil ? (
          <Text className='account-muted'>{t('account.risk.validUntil', { date: account.riskValidUntil })}</Text>
        ) : null}
      </View>
      <View className='account-card'>
        <Cell className='account-my__settings' title={t('account.settings.entry')} clickable onClick={go(specUrl('accountSettings'))} />
        {!account.certified ? (
          <Cell className='account-my__open' title={t('account.my.openAccount')} clickable onClick={go(specUrl('openAccount'))} />
        ) : null}
        {account.certified && !account.hasTradePassword ? (
          <Cell
            className='account-my__password'
            title={t('account.my.setPassword')}
            clickable
            onClick={go(specUrl('tradePassword', {}, { redirect: specUrl('myMoney') }))}
          />
        ) : null}
        <Cell
          className='account-my__assessment'
          title={t('account.my.assessment')}
          extra={account.riskLevel ?? ''}
          clickable
          onClick={go(specUrl('riskAssessment', {}, { redirect: specUrl('myMoney') }))}
        />
        <Cell className='account-my__income' title={t('account.my.income')} clickable onClick={go(specUrl('personalIncomeInfo'))} />
        <Cell className='account-my__find' title={t('account.my.findAccount')} clickable onClick={go(specUrl('findFundAccount'))} />
      </View>
      <View className='account-entries'>
        {onUnbind ? (
          <Button className='account-my__unbind' block onClick={onUnbind}>
            {unbindLabel}
          </Button>
        ) : null}
        <Button className='account-my__logout' block onClick={onLogout}>
          {t('account.my.logout')}
        </Button>
      </View>
    </View>
  );
}
