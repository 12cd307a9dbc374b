// /n/activity/pension (issue 24, page code `pension_zone`; the opening card `pension_open_card`): the personal pension
// zone — what it is, the investor's state, the year's room (12,000.00 − contributed), the tax-saving estimate (the
// declared income's rate, or a rate a visitor tries), opening, contributions, the Y classes bought with the pension
// account's money, the holdings (sold back into the account), withdrawal on a condition, and the year's statement.
// Rules in src/lib/pension-rules.ts (the same the server applies); docs/PRODUCT.md §10.13.
import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Checkbox, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/checkbox/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { usePasswordOrder, type PasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { useRemote } from '@/components/use-remote/use-remote';
import type { PensionFund, PensionHolding, PensionSummary } from '@/lib/api-types/pension';
import { formatFen } from '@/lib/format';
import { parseAmountInput } from '@/lib/money';
import {
  FEMALE_RETIREMENT_CATEGORIES,
  PENSION_ANNUAL_CAP_FEN,
  PENSION_TRY_RATES,
  taxSaving,
  WITHDRAWAL_CONDITIONS,
  WITHDRAWAL_MODES,
  type WithdrawalCondition,
  type WithdrawalMode,
} from '@/lib/pension-rules';
import { specUrl } from '@/lib/routes';
import { t as tCommon } from '@/locales/i18n';
import { t } from '@/locales/pension';
import { rememberActivityPage } from '@/platform/activity-return';
import { trackPage } from '@/platform/analytics';
import { confirm, showToast } from '@/platform/feedback';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import {
  buyWithPension,
  contribute,
  encryptTradePassword,
  errorText,
  getPensionFunds,
  getPensionStatement,
  getPensionSummary,
  newRequestId,
  NOT_LOGGED_IN,
  openPension,
  resultCodeOf,
  sellToPension,
  setPensionDividendMethod,
  withdraw,
  WRONG_PASSWORD,
} from './api';
import './pension.scss';

/** The risk warning's result code: the purchase is above the investor's level and needs a confirmation. */
const RISK_CONFIRM_REQUIRED = 410003;

export interface PensionAccess {
  status: 'unknown' | 'loggedIn' | 'anonymous';
  openTrade: boolean | null;
}

function yuanOf(fen: number): string {
  const s = String(fen).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

const fenOfYuan = (text: string): number => {
  const parsed = parseAmountInput(text);
  return parsed.ok ? parsed.fen : 0;
};

function goLogin(): void {
  const here = currentSpecUrl();
  rememberActivityPage(here);
  void startLogin({ redirect: here });
}

function goOpenAccount(): void {
  const here = currentSpecUrl();
  rememberActivityPage(here);
  void navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }));
}

function usePensionPassword(): PasswordOrder {
  return usePasswordOrder({ encrypt: encryptTradePassword, isWrongPassword: (e) => resultCodeOf(e) === WRONG_PASSWORD, errorText });
}

export function PensionScreen({ access }: { access: PensionAccess }) {
  usePageCode(PAGE_CODES.pensionZone);
  const loggedIn = access.status === 'loggedIn';
  const funds = useRemote(() => getPensionFunds(), []);
  const summary = useRemote(
    () =>
      loggedIn ? getPensionSummary().catch((e) => (resultCodeOf(e) === NOT_LOGGED_IN ? null : Promise.reject(e))) : Promise.resolve(null),
    [access.status],
  );
  const refresh = async () => {
    await Promise.all([summary.refresh(), funds.refresh()]);
  };
  return (
    <View className='pen-page'>
      <View className='pen-hero'>
        <View role='heading' aria-level={1} className='pen-hero__title'>
          <Text>{t('pension.hero.title')}</Text>
        </View>
        <Text className='pen-hero__subtitle'>{t('pension.hero.subtitle')}</Text>
      </View>
      {access.status === 'anonymous' ? <Gate text={t('pension.state.notLoggedIn')} button={t('pension.login')} onClick={goLogin} /> : null}
      {loggedIn && access.openTrade === false ? (
        <Gate text={t('pension.openFundAccount')} button={t('pension.openFundAccountButton')} onClick={goOpenAccount} />
      ) : null}
      {summary.status === 'loading' ? <SkeletonList items={3} /> : null}
      {summary.status === 'error' ? <ErrorBox title={errorText(summary.error)} onRetry={summary.retry} /> : null}
      {summary.status === 'ready' && summary.data ? (
        <Mine summary={summary.data} openTrade={access.openTrade !== false} onChanged={refresh} />
      ) : null}
      <TaxEstimate summary={summary.status === 'ready' ? summary.data : null} />
      {funds.status === 'loading' ? <SkeletonList items={2} /> : null}
      {funds.status === 'error' ? <ErrorBox title={errorText(funds.error)} onRetry={funds.retry} /> : null}
      {funds.status === 'ready' ? (
        <Funds
          items={funds.data.items}
          canBuy={summary.status === 'ready' && !!summary.data?.opened}
          balance={summary.status === 'ready' && summary.data ? summary.data.balance : '0.00'}
          onChanged={refresh}
        />
      ) : null}
      <Intro />
    </View>
  );
}

function Gate({ text, button, onClick }: { text: string; button: string; onClick: () => void }) {
  return (
    <View className='pen-card pen-gate'>
      <Text className='pen-text'>{text}</Text>
      <Button type='primary' block className='pen-gate__button' onClick={onClick}>
        {button}
      </Button>
    </View>
  );
}

function Intro() {
  return (
    <View className='pen-card pen-intro'>
      <Text className='pen-card__title'>{t('pension.intro.title')}</Text>
      {(['1', '2', '3', '4'] as const).map((n) => (
        <Text key={n} className='pen-text pen-intro__item'>
          {t(`pension.intro.${n}`)}
        </Text>
      ))}
    </View>
  );
}

function stateText(s: PensionSummary): string {
  if (!s.opened) return t('pension.state.notOpened');
  if (s.account?.status === 'drawing') return t('pension.state.drawing');
  if (s.year_contributed === '0.00') return t('pension.state.opened', { year: s.year });
  return t('pension.state.contributed', { year: s.year, amount: s.year_contributed });
}

function Mine({ summary, openTrade, onChanged }: { summary: PensionSummary; openTrade: boolean; onChanged: () => Promise<void> }) {
  return (
    <>
      <View className='pen-card pen-state' data-opened={summary.opened ? 'yes' : 'no'}>
        <Text className='pen-state__text'>{stateText(summary)}</Text>
      </View>
      {!summary.opened && openTrade ? <OpenCard onOpened={onChanged} /> : null}
      {summary.opened ? (
        <>
          <Account summary={summary} />
          <Room summary={summary} />
          {summary.account?.status !== 'drawing' ? <Contribute room={summary.year_room} onDone={onChanged} /> : null}
          <Holdings items={summary.holdings} onChanged={onChanged} />
          <Withdraw summary={summary} onDone={onChanged} />
          <Statement year={summary.year} />
        </>
      ) : null}
    </>
  );
}

function OpenCard({ onOpened }: { onOpened: () => Promise<void> }) {
  useEffect(() => trackPage(PAGE_CODES.pensionOpenCard), []);
  const [social, setSocial] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const password = usePensionPassword();
  const submit = async () => {
    setError(null);
    const requestId = await newRequestId('pension-open');
    const outcome = await password.run({ payee: t('pension.contribute.payee') }, (encryptedPassword) =>
      openPension({ requestId, encryptedPassword, socialAccount: social }),
    );
    if (outcome.ok) {
      showToast(t('pension.open.done'), { type: 'success' });
      await onOpened();
    } else if (!outcome.cancelled) setError(errorText(outcome.error));
  };
  return (
    <View className='pen-card pen-open'>
      {password.dialog}
      <Text className='pen-card__title'>{t('pension.open.title')}</Text>
      {(['step1', 'step2', 'step3'] as const).map((step) => (
        <Text key={step} className='pen-text pen-open__step'>
          {t(`pension.open.${step}`)}
        </Text>
      ))}
      <View className='pen-open__social'>
        <Checkbox checked={social} onChange={(checked) => setSocial(checked)} label={t('pension.open.social')} />
      </View>
      {error ? <Text className='pen-error'>{error}</Text> : null}
      <Button type='primary' block className='pen-primary pen-open__submit' onClick={() => void submit()}>
        {t('pension.open.submit')}
      </Button>
      <Text className='pen-muted'>{t('pension.open.simulated')}</Text>
    </View>
  );
}

function Account({ summary }: { summary: PensionSummary }) {
  const account = summary.account;
  return (
    <View className='pen-card pen-account'>
      <Text className='pen-card__title'>{t('pension.account.title')}</Text>
      <Text className='pen-account__label'>{t('pension.account.total')}</Text>
      <Text className='pen-account__total'>{summary.total}</Text>
      <View className='pen-row'>
        <Figure label={t('pension.account.balance')} value={summary.balance} className='pen-balance' />
        <Figure label={t('pension.account.inTransit')} value={summary.in_transit} />
        <Figure label={t('pension.account.holdings')} value={summary.holdings_value} />
      </View>
      {account ? (
        <>
          <Text className='pen-muted'>
            {t('pension.account.bank', { bank: tCommon(`common.bank.${account.bank_code}`), tail: account.account_tail })}
          </Text>
          <Text className='pen-muted'>{t('pension.account.platform', { no: account.platform_account })}</Text>
        </>
      ) : null}
    </View>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <View className={`pen-figure ${className ?? ''}`}>
      <Text className='pen-figure__label'>{label}</Text>
      <Text className='pen-figure__value'>{value}</Text>
    </View>
  );
}

function Room({ summary }: { summary: PensionSummary }) {
  const used = fenOfYuan(summary.year_contributed);
  const percent = Math.min(100, Math.round((used * 100) / PENSION_ANNUAL_CAP_FEN));
  return (
    <View className='pen-card pen-room'>
      <Text className='pen-card__title'>{t('pension.room.title', { year: summary.year })}</Text>
      <View className='pen-bar'>
        <View className='pen-bar__fill' style={{ width: `${percent}%` }} />
      </View>
      <View className='pen-row'>
        <Text className='pen-text pen-room__contributed'>{t('pension.room.contributed', { amount: summary.year_contributed })}</Text>
        <Text className='pen-text pen-room__left'>{t('pension.room.left', { amount: summary.year_room })}</Text>
      </View>
      <Text className='pen-muted'>{t('pension.room.cap', { cap: summary.cap })}</Text>
    </View>
  );
}

function AmountForm({
  placeholder,
  submitText,
  className,
  onSubmit,
}: {
  placeholder: string;
  submitText: string;
  className: string;
  onSubmit: (yuan: string) => Promise<string | null>;
}) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = parseAmountInput(amount);
    if (!parsed.ok || parsed.fen <= 0) {
      setError(t('pension.contribute.invalid'));
      return;
    }
    setBusy(true);
    setError(await onSubmit(yuanOf(parsed.fen)));
    setBusy(false);
  };
  return (
    <View className={className}>
      <Input
        className='pen-input'
        name='amount'
        type='digit'
        value={amount}
        placeholder={placeholder}
        onChange={(value) => {
          setAmount(value);
          setError(null);
        }}
      />
      {error ? <Text className='pen-error'>{error}</Text> : null}
      <Button type='primary' block className='pen-primary' loading={busy} onClick={() => void submit()}>
        {submitText}
      </Button>
    </View>
  );
}

function Contribute({ room, onDone }: { room: string; onDone: () => Promise<void> }) {
  const password = usePensionPassword();
  return (
    <View className='pen-card pen-contribute'>
      {password.dialog}
      <Text className='pen-card__title'>{t('pension.contribute.title')}</Text>
      <Text className='pen-muted'>{t('pension.room.left', { amount: room })}</Text>
      <AmountForm
        className='pen-form'
        placeholder={t('pension.contribute.placeholder')}
        submitText={t('pension.contribute.submit')}
        onSubmit={async (yuan) => {
          const requestId = await newRequestId('pension-in');
          const outcome = await password.run({ payee: t('pension.contribute.payee'), amount: yuan }, (encryptedPassword) =>
            contribute({ amount: yuan, requestId, encryptedPassword }),
          );
          if (outcome.ok) {
            showToast(t('pension.contribute.done', { amount: outcome.value.contribution.amount }), { type: 'success' });
            await onDone();
            return null;
          }
          return outcome.cancelled ? null : errorText(outcome.error);
        }}
      />
    </View>
  );
}

function TaxEstimate({ summary }: { summary: PensionSummary | null }) {
  const declared = summary?.tax_rate ?? null;
  const [tried, setTried] = useState<number>(20);
  const rate = declared ?? tried;
  const saving = taxSaving(summary ? fenOfYuan(summary.year_contributed) : 0, rate);
  return (
    <View className='pen-card pen-tax'>
      <Text className='pen-card__title'>{t('pension.tax.title')}</Text>
      {declared !== null ? (
        <Text className='pen-text pen-tax__rate'>{t('pension.tax.rate', { rate: declared })}</Text>
      ) : (
        <>
          <Text className='pen-muted'>{t('pension.tax.noIncome')}</Text>
          {summary ? (
            <Text className='pen-link' onClick={() => void navigateToSpecUrl(specUrl('personalIncomeInfo'))}>
              {t('pension.tax.declare')} ›
            </Text>
          ) : null}
          <Text className='pen-label'>{t('pension.tax.try')}</Text>
          <View className='pen-chips'>
            {PENSION_TRY_RATES.map((r) => (
              <Text key={r} className={`pen-chip${r === tried ? ' pen-chip--active' : ''}`} onClick={() => setTried(r)}>
                {r}%
              </Text>
            ))}
          </View>
        </>
      )}
      {summary?.opened ? <Text className='pen-text'>{t('pension.tax.year', { amount: formatFen(saving.yearFen) })}</Text> : null}
      <Text className='pen-text pen-tax__full'>{t('pension.tax.full', { amount: formatFen(saving.fullFen) })}</Text>
      <Text className='pen-text pen-tax__net'>{t('pension.tax.net', { amount: formatFen(saving.fullNetFen) })}</Text>
      <Text className='pen-muted'>{t('pension.tax.note')}</Text>
    </View>
  );
}

function Funds({
  items,
  canBuy,
  balance,
  onChanged,
}: {
  items: PensionFund[];
  canBuy: boolean;
  balance: string;
  onChanged: () => Promise<void>;
}) {
  const [buying, setBuying] = useState<string | null>(null);
  const password = usePensionPassword();
  const buy = async (fund: PensionFund, yuan: string): Promise<string | null> => {
    const requestId = await newRequestId('pension-buy');
    let outcome = await password.run({ payee: fund.name, amount: yuan }, (encryptedPassword) =>
      buyWithPension({ fundCode: fund.code, amount: yuan, requestId, encryptedPassword }),
    );
    if (!outcome.ok && !outcome.cancelled && resultCodeOf(outcome.error) === RISK_CONFIRM_REQUIRED && outcome.encrypted) {
      const encrypted = outcome.encrypted;
      const ok = await confirm({ title: fund.name, content: errorText(outcome.error) });
      if (!ok) return null;
      try {
        const value = await buyWithPension({
          fundCode: fund.code,
          amount: yuan,
          requestId,
          encryptedPassword: encrypted,
          riskConfirm: true,
        });
        outcome = { ok: true, value, encrypted };
      } catch (error) {
        return errorText(error);
      }
    }
    if (outcome.ok) {
      showToast(t('pension.buy.done'), { type: 'success' });
      setBuying(null);
      await onChanged();
      return null;
    }
    return outcome.cancelled ? null : errorText(outcome.error);
  };
  return (
    <View className='pen-card pen-funds'>
      {password.dialog}
      <Text className='pen-card__title'>{t('pension.funds.title')}</Text>
      {items.length === 0 ? <Text className='pen-muted'>{t('pension.funds.empty')}</Text> : null}
      {items.map((f) => (
        <View key={f.code} className='pen-fund' data-code={f.code}>
          <View className='pen-row'>
            <Text className='pen-fund__name' onClick={() => void navigateToSpecUrl(specUrl('fundDetail', { fundcode: f.code }))}>
              {f.name} {f.code}
            </Text>
            {canBuy ? (
              <Text className='pen-link pen-fund__buy' onClick={() => setBuying(buying === f.code ? null : f.code)}>
                {t('pension.funds.buy')}
              </Text>
            ) : null}
          </View>
          <Text className='pen-muted'>{t('pension.funds.fees', { manage: f.manage_fee, custody: f.custody_fee })}</Text>
          {f.nav ? (
            <Text className='pen-muted'>
              {t('pension.funds.nav', { nav: f.nav, date: f.nav_date ?? '' })}
              {f.nav_grl1y ? ` · ${t('pension.funds.yield', { rate: f.nav_grl1y })}` : ''}
            </Text>
          ) : null}
          {buying === f.code ? (
            <AmountForm
              className='pen-form pen-buy'
              placeholder={`${t('pension.buy.placeholder')} · ${t('pension.account.balance')} ${balance}`}
              submitText={t('pension.buy.submit')}
              onSubmit={(yuan) => buy(f, yuan)}
            />
          ) : null}
        </View>
      ))}
    </View>
  );
}

function Holdings({ items, onChanged }: { items: PensionHolding[]; onChanged: () => Promise<void> }) {
  const password = usePensionPassword();
  const sell = async (h: PensionHolding) => {
    const requestId = await newRequestId('pension-sell');
    const outcome = await password.run({ payee: t('pension.contribute.payee') }, (encryptedPassword) =>
      sellToPension({ fundCode: h.fund_code, volume: h.volume, requestId, encryptedPassword }),
    );
    if (outcome.ok) {
      showToast(t('pension.sell.done'), { type: 'success' });
      await onChanged();
    } else if (!outcome.cancelled) showToast(errorText(outcome.error));
  };
  // Reinvested by default; in cash, paid into the 资金账户 (applies to dividends not yet paid).
  const switchDividends = async (h: PensionHolding) => {
    const next = h.dividend_method === 'cash' ? 'reinvest' : 'cash';
    try {
      await setPensionDividendMethod(h.fund_code, next);
      showToast(t(next === 'cash' ? 'pension.holdings.dividend.cashDone' : 'pension.holdings.dividend.reinvestDone'), { type: 'success' });
      await onChanged();
    } catch (error) {
      showToast(errorText(error));
    }
  };
  return (
    <View className='pen-card pen-holdings'>
      {password.dialog}
      <Text className='pen-card__title'>{t('pension.holdings.title')}</Text>
      {items.length === 0 ? <Text className='pen-muted'>{t('pension.holdings.empty')}</Text> : null}
      {items.map((h) => (
        <View key={h.fund_code} className='pen-holding' data-code={h.fund_code}>
          <View className='pen-row'>
            <Text className='pen-fund__name'>{h.fund_name}</Text>
            <Text className='pen-link pen-holding__sell' onClick={() => void sell(h)}>
              {t('pension.holdings.sell')}
            </Text>
          </View>
          <Text className='pen-text'>{t('pension.holdings.line', { volume: h.volume, value: h.market_value })}</Text>
          <View className='pen-row pen-holding__dividend'>
            <Text className='pen-muted'>{t(`pension.holdings.dividend.${h.dividend_method === 'cash' ? 'cash' : 'reinvest'}`)}</Text>
            <Text className='pen-link pen-holding__switch' onClick={() => void switchDividends(h)}>
              {t(h.dividend_method === 'cash' ? 'pension.holdings.dividend.toReinvest' : 'pension.holdings.dividend.toCash')}
            </Text>
          </View>
        </View>
      ))}
    </View>
  );
}

function Withdraw({ summary, onDone }: { summary: PensionSummary; onDone: () => Promise<void> }) {
  const [condition, setCondition] = useState<WithdrawalCondition>('retirement');
  const [mode, setMode] = useState<WithdrawalMode>('monthly');
  // A woman's retirement-age category, declared with the basic-pension age ('' = by the ID: men, women's 55 years).
  const [category, setCategory] = useState<'' | (typeof FEMALE_RETIREMENT_CATEGORIES)[number]>('');
  const password = usePensionPassword();
  const run = async (yuan: string | undefined): Promise<string | null> => {
    const requestId = await newRequestId('pension-out');
    const outcome = await password.run({ payee: t('pension.withdraw.title'), amount: yuan }, (encryptedPassword) =>
      withdraw({
        condition,
        mode,
        amount: yuan,
        category: condition === 'retirement' && category ? category : undefined,
        requestId,
        encryptedPassword,
      }),
    );
    if (outcome.ok) {
      const w = outcome.value.withdrawal;
      showToast(t('pension.withdraw.done', { amount: w.amount, tax: w.tax, net: w.net }), { type: 'success' });
      await onDone();
      return null;
    }
    return outcome.cancelled ? null : errorText(outcome.error);
  };
  const [onceError, setOnceError] = useState<string | null>(null);
  return (
    <View className='pen-card pen-withdraw'>
      {password.dialog}
      <Text className='pen-card__title'>{t('pension.withdraw.title')}</Text>
      {summary.retirement_date ? (
        <Text className='pen-muted'>{t('pension.withdraw.retirementDate', { date: summary.retirement_date })}</Text>
      ) : null}
      <Text className='pen-label'>{t('pension.withdraw.condition')}</Text>
      <View className='pen-chips'>
        {WITHDRAWAL_CONDITIONS.map((c) => (
          <Text key={c} className={`pen-chip${c === condition ? ' pen-chip--active' : ''}`} data-value={c} onClick={() => setCondition(c)}>
            {t(`pension.withdraw.condition.${c}`)}
          </Text>
        ))}
      </View>
      {condition === 'retirement' ? (
        <View className='pen-withdraw__category'>
          <Text className='pen-label'>{t('pension.withdraw.category')}</Text>
          <View className='pen-chips'>
            {(['', ...FEMALE_RETIREMENT_CATEGORIES] as const).map((c) => (
              <Text
                key={c || 'id'}
                className={`pen-chip${c === category ? ' pen-chip--active' : ''}`}
                data-value={c || 'id'}
                onClick={() => setCategory(c)}
              >
                {t(`pension.withdraw.category.${c || 'id'}`)}
              </Text>
            ))}
          </View>
          <Text className='pen-muted'>{t('pension.withdraw.category.note')}</Text>
        </View>
      ) : null}
      <Text className='pen-label'>{t('pension.withdraw.mode')}</Text>
      <View className='pen-chips'>
        {WITHDRAWAL_MODES.map((m) => (
          <Text key={m} className={`pen-chip${m === mode ? ' pen-chip--active' : ''}`} data-value={m} onClick={() => setMode(m)}>
            {t(`pension.withdraw.mode.${m}`)}
          </Text>
        ))}
      </View>
      {mode === 'once' ? (
        <View className='pen-form'>
          {onceError ? <Text className='pen-error'>{onceError}</Text> : null}
          <Button type='primary' block className='pen-primary' onClick={() => void run(undefined).then(setOnceError)}>
            {t('pension.withdraw.submit')} {summary.balance}
          </Button>
        </View>
      ) : (
        <AmountForm
          className='pen-form'
          placeholder={t('pension.withdraw.placeholder')}
          submitText={t('pension.withdraw.submit')}
          onSubmit={(yuan) => run(yuan)}
        />
      )}
      <Text className='pen-muted'>{t('pension.withdraw.note')}</Text>
    </View>
  );
}

function Statement({ year: current }: { year: number }) {
  const [year, setYear] = useState(current);
  const remote = useRemote(() => getPensionStatement(year), [year]);
  return (
    <View className='pen-card pen-statement'>
      <View className='pen-row'>
        <Text className='pen-card__title'>{t('pension.statement.title', { year })}</Text>
      </View>
      {remote.status === 'loading' ? <SkeletonList items={1} /> : null}
      {remote.status === 'error' ? <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} /> : null}
      {remote.status === 'ready' ? (
        <>
          {remote.data.name ? (
            <Text className='pen-muted'>
              {remote.data.name} {remote.data.id_no ?? ''}
            </Text>
          ) : null}
          <Text className='pen-muted'>{t('pension.account.platform', { no: remote.data.platform_account })}</Text>
          {remote.data.contributions.length === 0 ? <Text className='pen-muted'>{t('pension.statement.empty', { year })}</Text> : null}
          {remote.data.contributions.map((c, i) => (
            <View key={i} className='pen-row pen-statement__line'>
              <Text className='pen-text'>{c.date}</Text>
              <Text className='pen-text'>{c.amount}</Text>
            </View>
          ))}
          <Text className='pen-text pen-statement__total'>{t('pension.statement.total', { amount: remote.data.total })}</Text>
          {remote.data.withdrawals.length > 0 ? (
            <Text className='pen-muted'>{t('pension.statement.withdrawn', { amount: remote.data.withdrawn_tax })}</Text>
          ) : null}
        </>
      ) : null}
      <View className='pen-row'>
        <Text className='pen-link' onClick={() => setYear(year - 1)}>
          ‹ {t('pension.statement.prev')}
        </Text>
        {year < current ? (
          <Text className='pen-link' onClick={() => setYear(year + 1)}>
            {t('pension.statement.next')} ›
          </Text>
        ) : null}
      </View>
    </View>
  );
}
