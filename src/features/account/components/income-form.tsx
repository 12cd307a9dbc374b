import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input, Radio } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/radio/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/radiogroup/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount } from '@/lib/format';
import { trimInput, validateAmountInput } from '@/lib/validators';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { INCOME_BRACKETS, type IncomeBracket, type PersonalIncome } from '@/lib/api-types/account';
import { getPersonalIncome, savePersonalIncome } from '../api';
import { errorText } from '../login-flow';
import '../account.scss';

const YUAN = 100;
/** Each bracket's range in fen, [from, to) (null = open). */
export const BRACKET_RANGES: Record<IncomeBracket, [number, number | null]> = {
  below_100k: [0, 100_000 * YUAN],
  '100k_300k': [100_000 * YUAN, 300_000 * YUAN],
  '300k_500k': [300_000 * YUAN, 500_000 * YUAN],
  '500k_1m': [500_000 * YUAN, 1_000_000 * YUAN],
  above_1m: [1_000_000 * YUAN, null],
};

const LABEL_KEYS: Record<IncomeBracket, string> = {
  below_100k: 'account.income.b1',
  '100k_300k': 'account.income.b2',
  '300k_500k': 'account.income.b3',
  '500k_1m': 'account.income.b4',
  above_1m: 'account.income.b5',
};

export function bracketLabel(bracket: IncomeBracket): string {
  return t(LABEL_KEYS[bracket]);
}

export function amountFitsBracket(fen: number, bracket: IncomeBracket): boolean {
  const [from, to] = BRACKET_RANGES[bracket];
  return fen >= from && (to === null || fen < to);
}

/** /n/personal-income-info: the annual income declaration (bracket, optional amount), stored per user. */
export function IncomeForm() {
  const declared = useRemote(async () => (await getPersonalIncome()).income, []);
  if (declared.status === 'error') return <ErrorBox onRetry={declared.retry} />;
  if (declared.status === 'loading') return <SkeletonList items={1} />;
  return <IncomeEditor declared={declared.data} />;
}

/** The form, filled with what the user declared before (if anything). */
function IncomeEditor({ declared }: { declared: PersonalIncome | null }) {
  const [loaded, setLoaded] = useState<PersonalIncome | null>(declared);
  const [bracket, setBracket] = useState<IncomeBracket | ''>(declared?.bracket ?? '');
  const [amount, setAmount] = useState(declared?.amount_fen == null ? '' : String(declared.amount_fen / YUAN));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!bracket) {
      setError(t('account.income.bracketRequired'));
      return;
    }
    let fen: number | null = null;
    if (trimInput(amount) !== '') {
      const parsed = validateAmountInput(amount);
      if (!parsed.ok) {
        setError(t(parsed.reason));
        return;
      }
      if (!amountFitsBracket(parsed.fen, bracket)) {
        setError(t('account.income.amountMismatch', { bracket: bracketLabel(bracket) }));
        return;
      }
      fen = parsed.fen;
    }
    setError(null);
    setBusy(true);
    try {
      const { income } = await savePersonalIncome(bracket, fen);
      setLoaded(income);
      showToast(t('account.income.saved'), { type: 'success' });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <View className='account-card account-income'>
      <Text className='account-muted'>{t('account.income.intro')}</Text>
      {loaded ? (
        <Text className='account-field__hint account-income__current'>
          {t('account.income.current', {
            bracket: bracketLabel(loaded.bracket),
            amount: loaded.amount_fen === null ? '—' : formatAmount({ fen: loaded.amount_fen }),
          })}
        </Text>
      ) : null}
      <View className='account-field'>
        <Text className='account-field__label'>{t('account.income.bracket')}</Text>
        <Radio.Group value={bracket} onChange={(value) => setBracket(value as IncomeBracket)}>
          {INCOME_BRACKETS.map((b) => (
            <Radio key={b} value={b} className={`account-income__bracket account-income__bracket--${b}`}>
              {bracketLabel(b)}
            </Radio>
          ))}
        </Radio.Group>
      </View>
      <View className='account-field'>
        <Text className='account-field__label'>{t('account.income.amount')}</Text>
        <Input
          className='account-input'
          name='amount'
          type='digit'
          placeholder={t('account.income.amountPlaceholder')}
          value={amount}
          onChange={setAmount}
        />
      </View>
      {error ? <Text className='account-error account-income__error'>{error}</Text> : null}
      <Button className='account-income__save' type='primary' block loading={busy} disabled={busy} onClick={() => void save()}>
        {t('account.income.save')}
      </Button>
    </View>
  );
}
