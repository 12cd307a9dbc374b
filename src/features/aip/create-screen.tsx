import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount, yuanText } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import type { AipCreateAnswer, AipQuote } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';
import { businessDayOfMonth } from '@/platform/business-clock';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { ActionBar, ActionButton, Disclosure, Notice, SuitabilityNotices, InfoRow } from '@/components/purchase/purchase-parts';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { PurchaseGates, QuoteFailure, type PurchaseGateTexts } from '@/components/purchase/purchase-gates';
import { PaymentPicker } from '@/components/purchase/payment-picker';
import { usePurchaseOrder } from '@/components/purchase/use-purchase-order';
import { createPlan, getAipQuote, getPayOptions, type AipPayMethod } from './api';
import { leadToFix } from './aip-errors';
import { cashCovers } from '@/lib/cash-rules';
import { useElderWording } from '@/platform/elder-mode';
import { balanceFen, checkAmount, cycleText, fenToYuan } from './aip-figures';
import { BacktestCard, riskLevelText } from './aip-parts';
import { PayField } from './pay-field';
import { ScheduleField, type Schedule } from './schedule-field';
import './aip.scss';

/** Who is setting up the plan, as the account store knows it (the page passes it in). */
export interface AipAccess {
  status: 'unknown' | 'loggedIn' | 'anonymous';
  openTrade: boolean | null;
  assessed: boolean;
}

export interface CreateScreenProps {
  code: string | undefined;
  access: AipAccess;
  ensureAssessed: () => Promise<boolean>;
  /** A schedule to start from (`?cycle=monthly&day=28`, e.g. from a backtest); else monthly on today's day. */
  initial?: Partial<Schedule>;
}

const FUND_CODE = /^\d{6}$/;
const QUICK_AMOUNTS = ['100', '500', '1000', '2000'];
/** The backtest's amount before one is typed. */
const SAMPLE_AMOUNT = '1000';

function defaultSchedule(initial?: Partial<Schedule>): Schedule {
  const cycle = initial?.cycle ?? 'monthly';
  if (cycle === 'daily') return { cycle, day: null };
  const day = initial?.day ?? null;
  if (cycle === 'monthly') return { cycle, day: day !== null && day >= 1 && day <= 28 ? day : Math.min(businessDayOfMonth(), 28) };
  return { cycle, day: day !== null && day >= 1 && day <= 5 ? day : 1 };
}

/**
 * The create page (`/n/aip/create/{fundcode}`): the purchase's gates in order — logged in, account opened, a valid
 * risk assessment —, then the form on the server's quote, then suitability and the trade password.
 */
export function CreateScreen({ code, access, ensureAssessed, initial }: CreateScreenProps) {
  if (!code || !FUND_CODE.test(code)) return <EmptyBox title={t('aip.create.invalidCode', { code: code ?? '' })} />;
  return (
    <PurchaseGates
      access={access}
      here={specUrl('autoInvestCreate', { fundcode: code })}
      testIdPrefix='aip-gate'
      texts={createGates()}
      ensureAssessed={ensureAssessed}
    >
      <CreateForm key={code} code={code} initial={initial} />
    </PurchaseGates>
  );
}

function createGates(): PurchaseGateTexts {
  return {
    login: { title: t('aip.gate.loginTitle'), action: t('aip.gate.login') },
    open: { title: t('aip.gate.openTitle'), description: t('aip.gate.openDesc'), action: t('aip.gate.open') },
    assess: { title: t('aip.gate.assessTitle'), description: t('aip.gate.assessDesc'), action: t('aip.gate.assess') },
  };
}

function CreateForm({ code, initial }: { code: string; initial?: Partial<Schedule> }) {
  const [schedule, setSchedule] = useState<Schedule>(() => defaultSchedule(initial));
  // The first run date follows the schedule: a new cycle or day asks the quote again (the form stays meanwhile).
  const quote = useRemote(() => getAipQuote(code, schedule.cycle, schedule.day), [code, schedule.cycle, schedule.day], {
    keepPreviousData: true,
  });
  const here = specUrl('autoInvestCreate', { fundcode: code });
  if (quote.status === 'loading') return <SkeletonList items={4} rows={2} />;
  if (quote.status === 'error') {
    return (
      <QuoteFailure
        error={quote.error}
        retry={quote.retry}
        here={here}
        testIdPrefix='aip-gate'
        texts={createGates()}
        leadToFix={leadToFix}
      />
    );
  }
  return <CreateFormReady quote={quote.data} dateLoading={quote.pending} schedule={schedule} onSchedule={setSchedule} />;
}

/** The first run is not on the chosen day (a weekend or holiday moved it to the next trading day). */
function shifted(firstDate: string, schedule: Schedule): boolean {
  if (schedule.cycle !== 'monthly' || schedule.day === null) return false;
  return Number(firstDate.slice(8, 10)) !== schedule.day;
}

function CreateFormReady(props: { quote: AipQuote; dateLoading: boolean; schedule: Schedule; onSchedule: (next: Schedule) => void }) {
  const w = useElderWording();
  const { quote, dateLoading, schedule, onSchedule } = props;
  const [text, setText] = useState('');
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [backtestAmount, setBacktestAmount] = useState(SAMPLE_AMOUNT);
  const [payMethod, setPayMethod] = useState<AipPayMethod>('bankcard');
  const [smart, setSmart] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<AipCreateAnswer | null>(null);
  const pay = useRemote(() => getPayOptions(quote.fd_code), [quote.fd_code]);
  const cash = pay.status === 'ready' ? pay.data.cash : null;
  const card = pay.status === 'ready' ? pay.data.card : null;

  const here = specUrl('autoInvestCreate', { fundcode: quote.fd_code });
  const flow = usePurchaseOrder<AipCreateAnswer>({
    kind: 'aip',
    warnFirst: quote.suitability === 'warn',
    riskWarning: quote.risk_warning ?? t('aip.risk.fallback'),
    riskTexts: { title: t('aip.risk.title'), confirm: t('aip.risk.confirm'), cancel: t('aip.risk.cancel') },
    onPlaced: setCreated,
    leadToFix: (error) => leadToFix(error, here),
    onRefused: (message) => {
      setNotice(message);
      showToast(message);
    },
  });
  const busy = flow.busy;

  const check = checkAmount(text, quote.min_amount);
  // 现金宝 pays only when its available balance covers a run (0.00 never does): otherwise it is shown, with its
  // balance, as unavailable, and the card pays (the server refuses such a plan with 410018 too).
  const cashShort = cash !== null && !cashCovers(balanceFen(cash.available), check.fen);
  const method: AipPayMethod = payMethod === 'xjb' && cashShort ? 'bankcard' : payMethod;
  const refused = quote.refusal !== null || quote.suitability === 'refuse';
  const canSubmit = check.fen !== null && check.problem === null && !refused && !busy && !dateLoading;
  const useSmart = smart && quote.smart_available;

  const change = (next: string) => {
    setText(next);
    setNotice(null);
  };
  const closeKeypad = () => {
    setKeypadOpen(false);
    const typed = checkAmount(text, quote.min_amount);
    if (typed.fen !== null && typed.problem === null) setBacktestAmount(fenToYuan(typed.fen));
  };
  const chooseAmount = (yuan: string) => {
    change(yuan);
    const typed = checkAmount(yuan, quote.min_amount);
    if (typed.fen !== null && typed.problem === null) setBacktestAmount(fenToYuan(typed.fen));
  };

  const submit = () => {
    if (!canSubmit || check.fen === null) return;
    setKeypadOpen(false);
    setNotice(null);
    const amount = fenToYuan(check.fen);
    const plan = { code: quote.fd_code, amount, cycle: schedule.cycle, cycleDay: schedule.day, payMethod: method, smart: useSmart };
    flow.submit({
      // One request id per intent: the same settings retried keep it, anything else is a new intent.
      key: [amount, plan.cycle, plan.cycleDay, plan.payMethod, plan.smart].join('|'),
      prompt: { title: t('aip.create.passwordTitle'), payee: quote.fd_name, amount },
      send: (requestId, encryptedPassword, riskConfirmed) => createPlan({ ...plan, requestId, encryptedPassword, riskConfirmed }),
    });
  };

  if (created) return <Created answer={created} />;

  return (
    <View className='aip-page' data-testid='aip-create'>
      <View className='aip-card'>
        <Text className='aip-fund__name'>{quote.fd_name}</Text>
        <View className='aip-fund__meta'>
          <Text className='aip-muted aip-inline'>{quote.fd_code}</Text>
          <Text className='aip-tag'>{riskLevelText(quote.risk_level)}</Text>
          {quote.index_name ? <Text className='aip-tag'>{t('aip.create.tracks', { index: quote.index_name })}</Text> : null}
        </View>
      </View>

      <SuitabilityNotices
        quote={quote}
        testIdPrefix='aip'
        refuseText={t('aip.suitability.refuse', { fund: quote.risk_level, investor: quote.investor_level ?? '' })}
        warnText={t('aip.suitability.warn', { fund: quote.risk_level, investor: quote.investor_level ?? '' })}
      />

      <View className='aip-card'>
        <Text className='aip-card__title'>{t('aip.create.amount')}</Text>
        <AmountKeypad
          keypadClassName='aip-keypad'
          testId='aip-amount'
          value={text}
          onChange={change}
          placeholder={t('aip.create.placeholder', { min: formatAmount(quote.min_amount) })}
          open={keypadOpen}
          onOpen={() => setKeypadOpen(true)}
          onClose={closeKeypad}
          keypadTitle={t('aip.keypad.amountTitle')}
          doneText={t('aip.keypad.done')}
        />
        <View className='aip-chips'>
          {QUICK_AMOUNTS.map((yuan) => (
            <View
              key={yuan}
              className={`aip-chip${text === yuan ? ' aip-chip--on' : ''}`}
              data-testid={`aip-chip-${yuan}`}
              onClick={() => chooseAmount(yuan)}
            >
              <Text>{t('aip.unit.yuan', { amount: yuan })}</Text>
            </View>
          ))}
        </View>
        {check.problem ? (
          <Text className='aip-problem' data-testid='aip-amount-problem'>
            {check.problem === 'min' ? t('aip.create.error.min', { min: formatAmount(quote.min_amount) }) : t('aip.create.error.invalid')}
          </Text>
        ) : (
          <Text className='aip-muted'>{t('aip.create.minimum', { min: formatAmount(quote.min_amount) })}</Text>
        )}
      </View>

      <View className='aip-card'>
        <Text className='aip-card__title'>{t('aip.cycle.title')}</Text>
        <ScheduleField testId='aip-schedule' value={schedule} onChange={onSchedule} />
      </View>

      <View className='aip-card' data-testid='aip-mode'>
        <Text className='aip-card__title'>{t('aip.mode.title')}</Text>
        <PaymentPicker
          label={t('aip.mode.title')}
          value={useSmart ? 'smart' : 'normal'}
          onChoose={(mode) => setSmart(mode === 'smart')}
          options={[
            { method: 'normal', testId: 'aip-mode-normal', name: t('aip.mode.normal'), lines: [{ text: t('aip.mode.normalDesc') }] },
            ...(quote.smart_available
              ? [
                  {
                    method: 'smart' as const,
                    testId: 'aip-mode-smart',
                    name: t('aip.mode.smart'),
                    lines: [
                      {
                        text: t('aip.mode.smartFollows', { index: quote.index_name ?? quote.index_code ?? '' }),
                        testId: 'aip-smart-index',
                      },
                      { text: t('aip.mode.smartValuation') },
                      { text: t('aip.mode.smartMa') },
                    ],
                  },
                ]
              : []),
          ]}
        />
        {quote.smart_available ? null : (
          <Text className='aip-muted' data-testid='aip-smart-unavailable'>
            {t('aip.mode.smartUnavailable')}
          </Text>
        )}
      </View>

      <PayField card={card} cash={cash} method={method} runFen={check.fen} onChoose={setPayMethod} />

      <View className='aip-card' data-testid='aip-summary'>
        <Text className='aip-card__title'>{t('aip.create.summary')}</Text>
        <InfoRow
          label={t('aip.create.eachRun')}
          value={check.fen !== null && check.problem === null ? yuanText(fenToYuan(check.fen)) : '--'}
        />
        <InfoRow label={t('aip.cycle.title')} value={cycleText(schedule.cycle, schedule.day)} testId='aip-summary-cycle' />
        <InfoRow label={t('aip.mode.title')} value={useSmart ? t('aip.mode.smart') : t('aip.mode.normal')} />
        <InfoRow
          label={t('aip.create.firstDate')}
          testId='aip-first-date'
          value={
            <>
              <Text className='aip-strong' data-testid='aip-first-date-value'>
                {dateLoading ? t('aip.create.dateLoading') : quote.first_date}
              </Text>
              {!dateLoading && shifted(quote.first_date, schedule) ? (
                <Text className='aip-muted aip-small' data-testid='aip-first-date-shifted'>
                  {t('aip.create.shifted')}
                </Text>
              ) : null}
            </>
          }
        />
        <Text className='aip-muted aip-small'>{w('aip.create.holidayRule')}</Text>
        <Text className='aip-muted aip-small'>{t('aip.create.failureRule')}</Text>
      </View>

      <BacktestCard
        code={quote.fd_code}
        amount={backtestAmount}
        cycle={schedule.cycle}
        cycleDay={schedule.day}
        smart={useSmart}
        title={t('aip.backtest.titleFor', { amount: formatAmount(backtestAmount, { unit: false }) })}
      />

      {notice ? (
        <Notice tone='danger' testId='aip-notice'>
          <Text>{notice}</Text>
        </Notice>
      ) : null}

      <Disclosure testId='aip-disclosure' lines={[t('aip.disclosure.risk'), t('aip.disclosure.past')]} />

      <ActionBar>
        <ActionButton
          testId='aip-submit'
          text={quote.refusal ? t('aip.create.unavailable') : t('aip.create.submit')}
          disabled={!canSubmit}
          loading={busy}
          onClick={submit}
        />
      </ActionBar>

      {flow.element}
    </View>
  );
}

/** The plan is made: its id, the first run date and the ways on. */
function Created({ answer }: { answer: AipCreateAnswer }) {
  const plan = answer.plan;
  return (
    <View className='aip-page' data-testid='aip-created'>
      <View className='aip-card aip-result'>
        <Text className='aip-result__icon'>✓</Text>
        <Text className='aip-result__title'>{t('aip.created.title')}</Text>
        <Text className='aip-muted'>{t('aip.created.desc', { date: answer.first_date })}</Text>
      </View>
      <View className='aip-card'>
        <InfoRow label={t('aip.created.planId')} value={answer.plan_id} testId='aip-created-id' />
        {plan ? <InfoRow label={t('aip.created.fund')} value={plan.fd_name} /> : null}
        {plan ? <InfoRow label={t('aip.create.eachRun')} value={yuanText(plan.amount)} /> : null}
        {plan ? <InfoRow label={t('aip.cycle.title')} value={plan.cycle_desc} /> : null}
        <InfoRow label={t('aip.create.firstDate')} value={answer.first_date} testId='aip-created-first-date' />
      </View>
      <View className='aip-result__actions'>
        <Button
          type='primary'
          block
          data-testid='aip-created-detail'
          onClick={() =>
            void navigateToSpecUrl(specUrl('autoInvestDetail', { planId: answer.plan_id }, { prelink: specUrl('autoInvestTotalList') }), {
              replace: true,
            })
          }
        >
          {t('aip.created.viewPlan')}
        </Button>
        <Button
          fill='outline'
          type='primary'
          block
          data-testid='aip-created-list'
          onClick={() => void navigateToSpecUrl(specUrl('autoInvestTotalList'))}
        >
          {t('aip.created.allPlans')}
        </Button>
      </View>
    </View>
  );
}
