// /ic/{code} (issue 23, page codes ic_upgrade / follow_guide): an advisor (its licence line, its portfolios and their
// fees), or one portfolio — its facts, the model against its benchmark, max drawdown, volatility; after the advisory
// questionnaire its holdings and departures; signing, the first purchase and the account. docs/PRODUCT.md §7.5.
import { useEffect, useState } from 'react';
import { Input, Switch, Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { NavLineChart } from '@/components/chart/nav-line-chart';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { usePasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { useRemote } from '@/components/use-remote/use-remote';
import type { Advisor, KycQuestionnaire, PlanOrder, PlanSummary } from '@/lib/api-types/advisory';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/advisory';
import { bridge } from '@/platform/bridge';
import { NOTIFICATION_TYPE, TRADE_OPEN_REFERER, type TradeOpenReferer } from '@/platform/bridge-enums';
import { showToast } from '@/platform/feedback';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { seriesAltText } from '@/components/chart/chart-alt';
import { percentText } from '@/components/chart/nav-line-elements';
import {
  ADVISORY_CODES,
  buyPlan,
  encryptTradePassword,
  errorText,
  getAdvisor,
  getDepartures,
  getHolding,
  getKyc,
  getPlan,
  getPlanIndicator,
  getPlanNav,
  getPositions,
  isPlanCode,
  newRequestId,
  postKyc,
  resultCodeOf,
  setAutoFollow,
  signPlan,
  upgradePlan,
} from './api';
import './advisory.scss';

type Access = { status: 'unknown' | 'loggedIn' | 'anonymous' };

/** `upgrade`: the upgrade flow (升级投顾, `?upgrade=1`) instead of the portfolio's strategy. */
export function AdvisorScreen({ code, access, upgrade = false }: { code: string; access: Access; upgrade?: boolean }) {
  return isPlanCode(code) ? <PortfolioScreen code={code} access={access} upgrade={upgrade} /> : <AdvisorPage code={code} />;
}

const pct = (fraction: string) => (Number(fraction) * 100).toFixed(2);
const signed = (percent: string | null) => (percent === null ? '--' : `${Number(percent) > 0 ? '+' : ''}${percent}%`);
const tone = (percent: string | null) => (percent === null || Number(percent) === 0 ? '' : Number(percent) > 0 ? ' adv-up' : ' adv-down');

function AdvisorPage({ code }: { code: string }) {
  usePageCode(PAGE_CODES.investmentConsultantUpgrade);
  const remote = useRemote(() => getAdvisor(code), [code]);
  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error') return <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} />;
  const advisor: Advisor = remote.data;
  return (
    <View className='adv-page' data-testid='advisor'>
      <View className='adv-hero'>
        <View role='heading' aria-level={1} className='adv-hero__title'>
          <Text>{advisor.name}</Text>
        </View>
        <Text className='adv-hero__sub'>{advisor.full_name}</Text>
        <Text className='adv-licence'>{advisor.licence}</Text>
        <Text className='adv-text'>{advisor.intro}</Text>
      </View>
      <View className='adv-card'>
        <Text className='adv-card__title'>{t('advisory.portfolios')}</Text>
        {advisor.plans.map((p) => (
          <View
            key={p.plan_code}
            className='adv-row adv-plan'
            onClick={() => void navigateToSpecUrl(specUrl('advisorPortfolio', { advisorCode: p.plan_code }))}
          >
            <Text className='adv-row__name'>{p.plan_name}</Text>
            <Text className='adv-muted'>
              {t('advisory.risk', { level: p.risk_level })} · {t('advisory.fee', { rate: pct(p.fee_rate) })}
            </Text>
          </View>
        ))}
      </View>
      <Text className='adv-muted adv-note'>{t('advisory.feeRule')}</Text>
    </View>
  );
}

function PortfolioScreen({ code, access, upgrade }: { code: string; access: Access; upgrade: boolean }) {
  usePageCode(PAGE_CODES.followGuide);
  const remote = useRemote(async () => {
    const [plan, indicator, nav] = await Promise.all([getPlan(code), getPlanIndicator(code), getPlanNav(code, 100)]);
    return { plan, indicator, nav };
  }, [code]);
  if (remote.status === 'loading') return <SkeletonList items={4} />;
  if (remote.status === 'error') return <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} />;
  const { plan, indicator, nav } = remote.data;
  const points = [...nav.items].reverse();
  const first = points[0];
  const chart = first
    ? points.map((p) => ({
        date: p.date,
        fund: (1 + Number(p.percentage) / 100) / (1 + Number(first.percentage) / 100) - 1,
        benchmark: (1 + Number(p.benchmark_percentage) / 100) / (1 + Number(first.benchmark_percentage) / 100) - 1,
      }))
    : [];
  return (
    <View className='adv-page' data-testid='portfolio'>
      <View className='adv-hero'>
        <View role='heading' aria-level={1} className='adv-hero__title'>
          <Text>{plan.plan_name}</Text>
        </View>
        <Text className='adv-hero__sub'>
          {plan.manager_name} · {t('advisory.risk', { level: plan.risk_level })} · {t('advisory.fee', { rate: pct(plan.fee_rate) })}
        </Text>
        <View className='adv-figures'>
          <Figure label={t('advisory.sinceFound')} value={signed(plan.yield)} toneOf={plan.yield} />
          <Figure label={t('advisory.benchmarkYield')} value={signed(plan.benchmark_yield)} toneOf={plan.benchmark_yield} />
          <Figure label={t('advisory.unitNav')} value={plan.plan_derived?.unit_nav ?? '--'} />
        </View>
        <View className='adv-figures'>
          <Figure label={t('advisory.maxDrawdown')} value={`${indicator.max_drawdown}%`} />
          <Figure label={t('advisory.volatility')} value={`${indicator.volatility}%`} />
          <Figure label={t('advisory.sharpe')} value={indicator.sharpe} />
        </View>
        <Text className='adv-text'>{plan.intro}</Text>
        <Text className='adv-muted'>{t('advisory.benchmark', { benchmark: plan.benchmark })}</Text>
        {plan.found_date ? <Text className='adv-muted'>{t('advisory.found', { date: plan.found_date })}</Text> : null}
      </View>
      {chart.length > 1 ? (
        <View className='adv-card'>
          <Text className='adv-card__title'>{t('advisory.navTrend')}</Text>
          <NavLineChart
            points={chart}
            fundName={plan.plan_name}
            benchmarkName={t('advisory.benchmarkYield')}
            height={180}
            label={seriesAltText(
              plan.plan_name,
              chart.map((p) => ({ date: p.date, value: p.fund })),
              percentText,
            )}
          />
        </View>
      ) : null}
      {access.status === 'anonymous' ? (
        <LoginGate />
      ) : access.status !== 'loggedIn' ? null : upgrade ? (
        <UpgradeFlow plan={plan} />
      ) : (
        <Strategy plan={plan} />
      )}
      <Text className='adv-muted adv-note'>{t('advisory.feeRule')}</Text>
    </View>
  );
}

function Figure({ label, value, toneOf }: { label: string; value: string; toneOf?: string | null }) {
  return (
    <View className='adv-figure'>
      <Text className={`adv-figure__value${tone(toneOf ?? null)}`}>{value}</Text>
      <Text className='adv-figure__label'>{label}</Text>
    </View>
  );
}

function LoginGate() {
  return (
    <View className='adv-card adv-gate'>
      <Text className='adv-text'>{t('advisory.loginFirst')}</Text>
      <Button type='primary' block className='adv-primary' onClick={() => void startLogin({ redirect: currentSpecUrl() })}>
        {t('advisory.login')}
      </Button>
    </View>
  );
}

/** The questionnaire first (KYC before strategy), then holdings, departures, signing and the account. */
function Strategy({ plan }: { plan: PlanSummary }) {
  const kyc = useRemote(() => getKyc(), []);
  if (kyc.status === 'loading') return <SkeletonList items={2} />;
  if (kyc.status === 'error') return <ErrorBox title={errorText(kyc.error)} onRetry={kyc.retry} />;
  if (!kyc.data.answered) return <Kyc questionnaire={kyc.data} onDone={kyc.refresh} />;
  return <AfterKyc plan={plan} />;
}

function Kyc({ questionnaire, onDone }: { questionnaire: KycQuestionnaire; onDone: () => Promise<void> }) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (questionnaire.questions.some((q) => !answers[q.id])) {
      showToast(t('advisory.kyc.incomplete'));
      return;
    }
    setBusy(true);
    try {
      const result = await postKyc(answers);
      showToast(t('advisory.kyc.done', { level: result.tolerance }), { type: 'success' });
      await onDone();
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <View className='adv-card adv-kyc' data-testid='advisory-kyc'>
      <Text className='adv-card__title'>{t('advisory.kyc.title')}</Text>
      <Text className='adv-muted'>{t('advisory.kyc.why')}</Text>
      {questionnaire.questions.map((q) => (
        <View key={q.id} className='adv-question'>
          <Text className='adv-text'>{q.text}</Text>
          <View className='adv-options'>
            {q.options.map((o) => (
              <Text
                key={o.id}
                className={`adv-option${answers[q.id] === o.id ? ' adv-option--on' : ''}`}
                onClick={() => setAnswers({ ...answers, [q.id]: o.id })}
              >
                {o.text}
              </Text>
            ))}
          </View>
        </View>
      ))}
      <Button type='primary' block className='adv-primary adv-kyc__submit' loading={busy} onClick={() => void submit()}>
        {t('advisory.kyc.submit')}
      </Button>
    </View>
  );
}

function AfterKyc({ plan }: { plan: PlanSummary }) {
  const data = useRemote(async () => {
    const [positions, departures] = await Promise.all([getPositions(plan.plan_code), getDepartures(plan.plan_code)]);
    let holding = null;
    try {
      holding = await getHolding(plan.plan_code);
    } catch (e) {
      if (resultCodeOf(e) !== ADVISORY_CODES.notSigned) throw e;
    }
    return { positions, departures, holding };
  }, [plan.plan_code]);
  if (data.status === 'loading') return <SkeletonList items={3} />;
  if (data.status === 'error') return <ErrorBox title={errorText(data.error)} onRetry={data.retry} />;
  const { positions, departures, holding } = data.data;
  const perPortion = holding ? Number(holding.amount_per_portion) : Number(plan.min_amount_per_portion);
  return (
    <>
      {holding ? <Account plan={plan} holding={holding} onChanged={data.refresh} /> : <Sign plan={plan} onSigned={data.refresh} />}
      <View
        className='adv-card adv-row adv-upgrade-entry'
        data-testid='advisory-upgrade-entry'
        onClick={() => void navigateToSpecUrl(specUrl('advisorPortfolio', { advisorCode: plan.plan_code }, { upgrade: '1' }))}
      >
        <Text className='adv-text'>{t('advisory.upgrade.entry')}</Text>
      </View>
      {holding && holding.items.every((i) => i.portion === 0) ? (
        <BuyModel plan={plan} amount={(perPortion * positions.total_portions).toFixed(2)} onBought={data.refresh} />
      ) : null}
      <View className='adv-card' data-testid='advisory-positions'>
        <Text className='adv-card__title'>{t('advisory.positions', { total: positions.total_portions })}</Text>
        {positions.items.map((p) => (
          <View key={p.fd_code} className='adv-row'>
            <Text className='adv-row__name'>
              {p.fd_name} <Text className='adv-muted'>{t(`advisory.role.${p.role}`)}</Text>
            </Text>
            <Text className='adv-row__value'>
              {t('advisory.portion', { n: p.portion })} · {p.percent}%
            </Text>
          </View>
        ))}
      </View>
      <View className='adv-card' data-testid='advisory-departures'>
        <Text className='adv-card__title'>{t('advisory.departures')}</Text>
        <Button
          size='small'
          className='adv-link-button'
          onClick={() => void navigateToSpecUrl(specUrl('advisorLatest', { advisorPortfolioCode: plan.plan_code }))}
        >
          {t('advisory.latest')}
        </Button>
        {departures.items.map((d) => (
          <View
            key={d.trading_id}
            className='adv-departure'
            data-testid='advisory-departure'
            onClick={() =>
              void navigateToSpecUrl(specUrl('advisorLatest', { advisorPortfolioCode: plan.plan_code }, { trading_id: d.trading_id }))
            }
          >
            <Text className='adv-departure__date'>{d.trade_date}</Text>
            <Text className='adv-text adv-small'>{d.remark}</Text>
            {d.trading_elements.map((e, i) => (
              <Text key={i} className={`adv-leg ${e.action === '022' ? 'adv-up' : 'adv-down'}`}>
                {e.fd_name} {e.action === '022' ? t('advisory.buyLeg', { n: e.portion }) : t('advisory.sellLeg', { n: e.portion })}
              </Text>
            ))}
          </View>
        ))}
      </View>
    </>
  );
}

// ---- 升级投顾 (ic_upgrade): introduce → KYC → confirm → result, each step its page code once per visit ----------

type UpgradeStep = 'introduce' | 'kyc' | 'confirm' | 'result';

/** The upgrade flow: what it does, the questionnaire if missing, signing if missing, the trade password, what moved. */
function UpgradeFlow({ plan }: { plan: PlanSummary }) {
  const [step, setStep] = useState<UpgradeStep>('introduce');
  const [order, setOrder] = useState<PlanOrder | null>(null);
  return (
    <View className='adv-card adv-upgrade' data-testid={`advisory-upgrade-${step}`}>
      <Text className='adv-card__title'>{t('advisory.upgrade.title')}</Text>
      {step === 'introduce' ? (
        <UpgradeIntroduce onNext={() => setStep('kyc')} />
      ) : step === 'kyc' ? (
        <UpgradeKyc onNext={() => setStep('confirm')} />
      ) : step === 'confirm' ? (
        <UpgradeConfirm
          plan={plan}
          onDone={(o) => {
            setOrder(o);
            setStep('result');
          }}
        />
      ) : (
        <UpgradeResult plan={plan} order={order} />
      )}
    </View>
  );
}

function UpgradeIntroduce({ onNext }: { onNext: () => void }) {
  usePageCode(PAGE_CODES.upgradeIntroduce);
  return (
    <>
      <Text className='adv-text'>{t('advisory.upgrade.intro')}</Text>
      <Button type='primary' block className='adv-primary' onClick={onNext} data-testid='advisory-upgrade-start'>
        {t('advisory.upgrade.start')}
      </Button>
    </>
  );
}

function UpgradeKyc({ onNext }: { onNext: () => void }) {
  usePageCode(PAGE_CODES.upgradeKyc);
  const kyc = useRemote(() => getKyc(), []);
  const answered = kyc.status === 'ready' && kyc.data.answered;
  useEffect(() => {
    if (answered) onNext();
  }, [answered, onNext]);
  if (kyc.status === 'loading' || answered) return <SkeletonList items={2} />;
  if (kyc.status === 'error') return <ErrorBox title={errorText(kyc.error)} onRetry={kyc.retry} />;
  return (
    <>
      <Text className='adv-muted'>{t('advisory.upgrade.kyc')}</Text>
      <Kyc questionnaire={kyc.data} onDone={kyc.refresh} />
    </>
  );
}

function UpgradeConfirm({ plan, onDone }: { plan: PlanSummary; onDone: (order: PlanOrder) => void }) {
  usePageCode(PAGE_CODES.upgradeConfirm);
  const account = useRemote(async () => {
    try {
      return await getHolding(plan.plan_code);
    } catch (e) {
      if (resultCodeOf(e) === ADVISORY_CODES.notSigned) return null;
      throw e;
    }
  }, [plan.plan_code]);
  const password = usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (e) => resultCodeOf(e) === ADVISORY_CODES.wrongPassword,
    errorText,
  });
  if (account.status === 'loading') return <SkeletonList items={2} />;
  if (account.status === 'error') return <ErrorBox title={errorText(account.error)} onRetry={account.retry} />;
  if (!account.data) {
    return (
      <>
        <Text className='adv-muted'>{t('advisory.upgrade.signFirst')}</Text>
        <Sign plan={plan} onSigned={account.refresh} referer={TRADE_OPEN_REFERER.HIGH_LEVEL_PAGE} />
      </>
    );
  }
  const submit = async () => {
    const requestId = await newRequestId('icup');
    const outcome = await password.run({ payee: t('advisory.upgrade.payee', { name: plan.plan_name }) }, (encryptedPassword) =>
      upgradePlan({ planCode: plan.plan_code, encryptedPassword, requestId }),
    );
    if (outcome.ok) {
      notifyPrivilege();
      onDone(outcome.value.order);
    } else if (!outcome.cancelled) showToast(errorText(outcome.error));
  };
  return (
    <>
      <Text className='adv-text'>{t('advisory.upgrade.confirm')}</Text>
      <Button type='primary' block className='adv-primary' onClick={() => void submit()} data-testid='advisory-upgrade-submit'>
        {t('advisory.upgrade.submit')}
      </Button>
      {password.dialog}
    </>
  );
}

function UpgradeResult({ plan, order }: { plan: PlanSummary; order: PlanOrder | null }) {
  usePageCode(PAGE_CODES.upgradeResult);
  const moved = order?.sub_order_list.flatMap((g) => g.orders) ?? [];
  return (
    <>
      <Text className='adv-text adv-up'>{t('advisory.upgrade.done')}</Text>
      {moved.map((o) => (
        <Text key={o.fd_code} className='adv-text adv-small' data-testid='advisory-upgrade-moved'>
          {t('advisory.upgrade.moved', { name: o.fd_name, volume: o.volume ?? '0.00', n: o.portion })}
        </Text>
      ))}
      <Button
        block
        className='adv-link-button'
        onClick={() => void navigateToSpecUrl(specUrl('advisorPortfolio', { advisorCode: plan.plan_code }))}
        data-testid='advisory-upgrade-account'
      >
        {t('advisory.upgrade.toAccount')}
      </Button>
    </>
  );
}

function notifyPrivilege() {
  if (!bridge.isAvailable()) return;
  void bridge.notify(NOTIFICATION_TYPE.REFRESH_USER_PRIVILEGE, {}).catch(() => undefined);
}

/**
 * Signing a portfolio's service agreement. Without an open account it goes to account opening, which returns here
 * (`redirect`); its trade-open referer says where from: COMBINATION_PAGE (a portfolio), HIGH_LEVEL_PAGE (the upgrade).
 */
function Sign({
  plan,
  onSigned,
  referer = TRADE_OPEN_REFERER.COMBINATION_PAGE,
}: {
  plan: PlanSummary;
  onSigned: () => Promise<void>;
  referer?: TradeOpenReferer;
}) {
  const [amount, setAmount] = useState(plan.min_amount_per_portion);
  const [auto, setAuto] = useState(true);
  const [agreed, setAgreed] = useState(false);
  const password = usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (e) => resultCodeOf(e) === ADVISORY_CODES.wrongPassword,
    errorText,
  });
  const submit = async () => {
    if (!agreed) {
      showToast(t('advisory.sign.agreeFirst'));
      return;
    }
    const requestId = await newRequestId('icsign');
    const outcome = await password.run({ payee: t('advisory.sign.payee', { name: plan.plan_name }) }, (encryptedPassword) =>
      signPlan({ planCode: plan.plan_code, amountPerPortion: amount.trim(), autoFollow: auto, encryptedPassword, requestId }),
    );
    if (outcome.ok) {
      showToast(t('advisory.sign.done'), { type: 'success' });
      notifyPrivilege();
      await onSigned();
    } else if (!outcome.cancelled && resultCodeOf(outcome.error) === ADVISORY_CODES.accountNotOpened) {
      // Account opening started from a portfolio (or its upgrade) returns to it.
      showToast(errorText(outcome.error));
      void navigateToSpecUrl(specUrl('openAccount', {}, { redirect: currentSpecUrl(), referer }));
    } else if (!outcome.cancelled) showToast(errorText(outcome.error));
  };
  return (
    <View className='adv-card adv-sign' data-testid='advisory-sign'>
      {password.dialog}
      <Text className='adv-card__title'>{t('advisory.sign.title')}</Text>
      <Text className='adv-label'>{t('advisory.sign.amount', { min: plan.min_amount_per_portion, max: plan.max_amount_per_portion })}</Text>
      <Input className='adv-input' name='amount_per_portion' type='digit' value={amount} onInput={(e) => setAmount(e.detail.value)} />
      <View className='adv-check' onClick={() => setAuto(!auto)}>
        <Switch checked={auto} onChange={(e) => setAuto(e.detail.value)} />
        <Text className='adv-text adv-small'>{t('advisory.sign.auto')}</Text>
      </View>
      <View className={`adv-check${agreed ? ' adv-check--on' : ''}`} onClick={() => setAgreed(!agreed)} data-testid='advisory-agree'>
        <Text className='adv-box'>{agreed ? '☑' : '☐'}</Text>
        <Text className='adv-text adv-small'>{t('advisory.sign.agree')}</Text>
      </View>
      <Button type='primary' block className='adv-primary adv-sign__submit' onClick={() => void submit()}>
        {t('advisory.sign.submit')}
      </Button>
    </View>
  );
}

function failures(order: PlanOrder): string[] {
  return order.sub_order_list
    .flatMap((g) => g.orders)
    .filter((o) => o.status === 'failed' && o.fail_reason)
    .map((o) => t('advisory.order.failed', { name: o.fd_name, reason: o.fail_reason ?? '' }));
}

function BuyModel({ plan, amount, onBought }: { plan: PlanSummary; amount: string; onBought: () => Promise<void> }) {
  const password = usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (e) => resultCodeOf(e) === ADVISORY_CODES.wrongPassword,
    errorText,
  });
  const submit = async () => {
    const requestId = await newRequestId('icbuy');
    const outcome = await password.run({ payee: t('advisory.buy.payee', { name: plan.plan_name }), amount }, (encryptedPassword) =>
      buyPlan({ planCode: plan.plan_code, encryptedPassword, requestId }),
    );
    if (outcome.ok) {
      const failed = failures(outcome.value.order);
      showToast(failed.length > 0 ? failed.join('；') : t('advisory.buy.done'), { type: failed.length > 0 ? undefined : 'success' });
      await onBought();
    } else if (!outcome.cancelled) showToast(errorText(outcome.error));
  };
  return (
    <View className='adv-actions'>
      {password.dialog}
      <Button type='primary' block className='adv-primary adv-buy' onClick={() => void submit()}>
        {t('advisory.buy.submit', { amount })}
      </Button>
    </View>
  );
}

function Account({
  plan,
  holding,
  onChanged,
}: {
  plan: PlanSummary;
  holding: NonNullable<Awaited<ReturnType<typeof getHolding>>>;
  onChanged: () => Promise<void>;
}) {
  const toggle = async () => {
    try {
      await setAutoFollow(plan.plan_code, !holding.auto_follow);
      await onChanged();
    } catch (e) {
      showToast(errorText(e));
    }
  };
  return (
    <View className='adv-card adv-account' data-testid='advisory-account'>
      <Text className='adv-card__title'>{t('advisory.account.title')}</Text>
      <View className='adv-figures'>
        <Figure label={t('advisory.account.assets')} value={holding.total_assets} />
        <Figure label={t('advisory.account.gain')} value={holding.total_gain} toneOf={holding.total_gain} />
        <Figure label={t('advisory.account.fee')} value={holding.fee_accrued} />
      </View>
      {Number(holding.pending_amount) > 0 ? (
        <Text className='adv-muted'>{t('advisory.account.pending', { amount: holding.pending_amount })}</Text>
      ) : null}
      <Text className='adv-muted'>{t('advisory.account.perPortion', { amount: holding.amount_per_portion })}</Text>
      {holding.items.map((i) => (
        <View key={i.fd_code} className='adv-row' data-testid='advisory-account-item' data-code={i.fd_code}>
          <Text className='adv-row__name'>{i.fd_name}</Text>
          <Text className='adv-row__value'>
            {t('advisory.portion', { n: i.portion })} · {t('advisory.account.volume', { volume: i.volume })} · {i.market_value}
          </Text>
        </View>
      ))}
      <AutoDeparture on={holding.auto_follow} onToggle={() => void toggle()} />
    </View>
  );
}

/** The automatic-following setting (自动发车, page code auto_departure once per visit): on or off at once. */
function AutoDeparture({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  usePageCode(PAGE_CODES.autoDeparture);
  return (
    <View className='adv-check' onClick={onToggle} data-testid='advisory-auto'>
      <Text className='adv-text adv-small'>{on ? t('advisory.account.autoOn') : t('advisory.account.autoOff')}</Text>
      <Text className='adv-link'>{t('advisory.account.switchAuto')}</Text>
    </View>
  );
}
