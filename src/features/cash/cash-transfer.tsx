// 转入 and 转出 of /xjb: the amount on the keypad, the card and its limits or the two ways out (快速取现 at once within
// the day's quota, 普通取现 on the next trading day), the dates the server gives, then the trade-password keypad flow
// of the buy page (encrypted password, one request id per intent, the same id on a retry after a lost answer).
import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { CASH_CUTOFF } from '@/lib/cash-rules';
import { formatAmount, yuanText } from '@/lib/format';
import { fenToYuan } from '@/lib/money';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/cash';
import type { CashOrderAnswer, CashSummary } from '@/lib/api-types/cash';
import { showToast } from '@/platform/feedback';
import { purchaseErrorText, resultCodeOf } from '@/components/purchase/purchase-errors';
import { Notice, ActionBar, ActionButton, InfoRow, OrderSteps, Timeline } from '@/components/purchase/purchase-parts';
import { usePurchasePassword } from '@/components/purchase/purchase-password';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { PaymentPicker } from '@/components/purchase/payment-picker';
import { useRequestIntent } from '@/components/purchase/request-id';
import { placeDeposit, placeWithdraw, type WithdrawMode } from './api';
import { CASH_RESULT, leadToFix } from './cash-errors';
import { checkDeposit, checkWithdraw, type CashProblem } from './cash-figures';
import { cardText } from './cash-parts';
import './cash.scss';

/** A deposit or withdrawal the server accepted, as it answered. */
export interface Finished {
  kind: 'deposit' | 'withdraw';
  answer: CashOrderAnswer;
  /** The card the money came from or goes to. */
  card: CashSummary['card'];
}

export function problemText(problem: CashProblem): string {
  switch (problem.kind) {
    case 'invalid':
      return t('cash.error.invalid');
    case 'decimals':
      return t('cash.error.decimals');
    case 'min':
      return t('cash.error.min', { min: fenToYuan(problem.min) });
    case 'cardPayment':
      return t('cash.error.cardPayment', { bank: problem.bank, limit: formatAmount(problem.limit) });
    case 'cardDaily':
      return t('cash.error.cardDaily', { bank: problem.bank, limit: formatAmount(problem.limit), left: formatAmount(problem.left) });
    case 'available':
      return t('cash.error.available', { available: formatAmount(problem.available) });
  }
}

function BackLink({ onBack }: { onBack: () => void }) {
  return (
    <View className='cash-back' data-testid='cash-back' onClick={onBack}>
      <Text>{`‹ ${t('cash.back')}`}</Text>
    </View>
  );
}

// ---- 转入 ---------------------------------------------------------------------------------

export function DepositForm({ summary, onBack, onDone }: { summary: CashSummary; onBack: () => void; onDone: (f: Finished) => void }) {
  const [text, setText] = useState('');
  const [keypadOpen, setKeypadOpen] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const password = usePurchasePassword();
  const intent = useRequestIntent('xjbin');
  const check = checkDeposit(text, summary);
  const canSubmit = summary.card !== null && check.fen !== null && check.problem === null;

  const change = (next: string) => {
    setText(next);
    setNotice(null);
  };

  const submit = async () => {
    if (!canSubmit || check.fen === null) return;
    setKeypadOpen(false);
    setNotice(null);
    const amount = fenToYuan(check.fen);
    const requestId = await intent.idFor(amount, undefined);
    const outcome = await password.run({ title: t('cash.deposit.passwordTitle'), payee: summary.fd_name, amount }, (encryptedPassword) =>
      placeDeposit({ amount, requestId, encryptedPassword }),
    );
    intent.settle(outcome);
    if (outcome.ok) return onDone({ kind: 'deposit', answer: outcome.value, card: summary.card });
    if (outcome.cancelled) return;
    if (await leadToFix(outcome.error, specUrl('xjb'))) return;
    const message = purchaseErrorText(outcome.error);
    setNotice(message);
    showToast(message);
  };

  return (
    <View className='cash-page' data-testid='cash-deposit-form'>
      <BackLink onBack={onBack} />
      <View className='cash-card' data-testid='cash-deposit-card'>
        <Text className='cash-card__title'>{t('cash.deposit.from')}</Text>
        {summary.card ? (
          <>
            <Text className='cash-bank'>{cardText(summary.card)}</Text>
            <Text className='cash-muted'>
              {t('cash.deposit.limits', {
                perPayment: formatAmount(summary.card.per_payment_limit),
                daily: formatAmount(summary.card.daily_limit),
              })}
            </Text>
            <Text className='cash-muted'>{t('cash.deposit.left', { left: formatAmount(summary.card.daily_left) })}</Text>
          </>
        ) : (
          <Text className='cash-muted'>{t('cash.deposit.noCard')}</Text>
        )}
      </View>

      <View className='cash-card'>
        <Text className='cash-card__title'>{t('cash.deposit.amount')}</Text>
        <AmountKeypad
          keypadClassName='cash-keypad'
          testId='cash-amount'
          value={text}
          onChange={change}
          placeholder={t('cash.deposit.placeholder')}
          open={keypadOpen}
          onOpen={() => setKeypadOpen(true)}
          onClose={() => setKeypadOpen(false)}
          keypadTitle={t('cash.keypad.depositTitle')}
          doneText={t('cash.keypad.done')}
        />
        {check.problem ? (
          <Text className='cash-problem' data-testid='cash-amount-problem'>
            {problemText(check.problem)}
          </Text>
        ) : null}
      </View>

      <View className='cash-card'>
        <Text className='cash-card__title'>{t('cash.deposit.timelineTitle')}</Text>
        <Timeline
          testId='cash-deposit-timeline'
          nodes={[
            { title: t('cash.deposit.step.trade'), date: summary.deposit_trade_date },
            { title: t('cash.deposit.step.confirm'), date: summary.deposit_confirm_date },
            { title: t('cash.deposit.step.income'), date: summary.deposit_income_date },
          ]}
        />
        <Text className='cash-muted cash-rule'>{t('cash.deposit.cutoffRule', { cutoff: CASH_CUTOFF })}</Text>
      </View>

      {notice ? (
        <Notice tone='danger' testId='cash-notice'>
          <Text>{notice}</Text>
        </Notice>
      ) : null}

      <ActionBar className='cash-bar'>
        <ActionButton testId='cash-deposit-submit' text={t('cash.deposit.submit')} disabled={!canSubmit} onClick={() => void submit()} />
      </ActionBar>
      {password.dialog}
    </View>
  );
}

// ---- 转出 ---------------------------------------------------------------------------------

export function WithdrawForm({ summary, onBack, onDone }: { summary: CashSummary; onBack: () => void; onDone: (f: Finished) => void }) {
  const [text, setText] = useState('');
  const [keypadOpen, setKeypadOpen] = useState(true);
  const [mode, setMode] = useState<WithdrawMode>('quick');
  /** The last refusal: its text, and whether it was the quick quota (then the normal way is offered). */
  const [notice, setNotice] = useState<{ text: string; quota: boolean } | null>(null);
  const password = usePurchasePassword();
  const intent = useRequestIntent('xjbout');
  const check = checkWithdraw(text, summary);
  const canSubmit = check.fen !== null && check.problem === null;
  const card = cardText(summary.card);

  const change = (next: string) => {
    setText(next);
    setNotice(null);
  };
  const choose = (next: WithdrawMode) => {
    setMode(next);
    setNotice(null);
  };

  const submit = async () => {
    if (!canSubmit || check.fen === null) return;
    setKeypadOpen(false);
    setNotice(null);
    const amount = fenToYuan(check.fen);
    const requestId = await intent.idFor(`${mode}:${amount}`, undefined);
    const title = mode === 'quick' ? t('cash.withdraw.passwordQuick') : t('cash.withdraw.passwordNormal');
    const outcome = await password.run({ title, payee: card, amount }, (encryptedPassword) =>
      placeWithdraw({ amount, mode, requestId, encryptedPassword }),
    );
    intent.settle(outcome);
    if (outcome.ok) return onDone({ kind: 'withdraw', answer: outcome.value, card: summary.card });
    if (outcome.cancelled) return;
    if (await leadToFix(outcome.error, specUrl('xjb'))) return;
    const message = purchaseErrorText(outcome.error);
    setNotice({ text: message, quota: resultCodeOf(outcome.error) === CASH_RESULT.quickQuota });
    showToast(message);
  };

  return (
    <View className='cash-page' data-testid='cash-withdraw-form'>
      <BackLink onBack={onBack} />
      <View className='cash-card'>
        <Text className='cash-card__title'>{t('cash.withdraw.amount')}</Text>
        <AmountKeypad
          keypadClassName='cash-keypad'
          testId='cash-amount'
          value={text}
          onChange={change}
          placeholder={t('cash.withdraw.placeholder', { available: formatAmount(summary.available) })}
          open={keypadOpen}
          onOpen={() => setKeypadOpen(true)}
          onClose={() => setKeypadOpen(false)}
          keypadTitle={t('cash.keypad.withdrawTitle')}
          doneText={t('cash.keypad.done')}
        />
        <View className='cash-available-line'>
          <Text className='cash-muted' data-testid='cash-withdraw-available'>
            {t('cash.withdraw.available', { available: formatAmount(summary.available) })}
          </Text>
          <Text className='cash-link' data-testid='cash-withdraw-all' onClick={() => change(summary.available)}>
            {t('cash.withdraw.all')}
          </Text>
        </View>
        {check.problem ? (
          <Text className='cash-problem' data-testid='cash-amount-problem'>
            {problemText(check.problem)}
          </Text>
        ) : null}
      </View>

      <View className='cash-card'>
        <Text className='cash-card__title'>{t('cash.withdraw.way')}</Text>
        <PaymentPicker
          label={t('cash.withdraw.way')}
          value={mode}
          onChoose={choose}
          options={[
            {
              method: 'quick',
              testId: 'cash-mode-quick',
              name: t('cash.withdraw.quick'),
              lines: [
                { text: t('cash.withdraw.quickArrival') },
                {
                  text: t('cash.withdraw.quickQuota', {
                    left: formatAmount(summary.quick_quota_left),
                    limit: formatAmount(summary.quick_daily_limit),
                  }),
                  testId: 'cash-quick-quota',
                },
              ],
            },
            {
              method: 'normal',
              testId: 'cash-mode-normal',
              name: t('cash.withdraw.normal'),
              lines: [
                { text: t('cash.withdraw.normalArrival', { date: summary.normal_arrival_date }), testId: 'cash-normal-arrival' },
                { text: t('cash.withdraw.normalUnlimited') },
              ],
            },
          ]}
        />
        <Text className='cash-muted cash-rule'>{t('cash.withdraw.to', { card })}</Text>
      </View>

      {notice ? (
        <Notice tone='danger' testId='cash-notice'>
          <Text>{notice.text}</Text>
          {notice.quota && mode === 'quick' ? (
            <Button size='small' type='primary' fill='outline' onClick={() => choose('normal')} data-testid='cash-switch-normal'>
              {t('cash.withdraw.switchNormal')}
            </Button>
          ) : null}
        </Notice>
      ) : null}

      <ActionBar className='cash-bar'>
        <ActionButton testId='cash-withdraw-submit' text={t('cash.withdraw.submit')} disabled={!canSubmit} onClick={() => void submit()} />
      </ActionBar>
      {password.dialog}
    </View>
  );
}

// ---- the outcome --------------------------------------------------------------------------------

/** What the server answered for an accepted deposit or withdrawal: its state, steps and dates. */
export function TransferResult({ finished, onDone }: { finished: Finished; onDone: () => void }) {
  const { answer } = finished;
  const quick = answer.kind === 'quick';
  return (
    <View className='cash-page' data-testid='cash-result' data-kind={answer.kind}>
      <View className='cash-card cash-result'>
        <View className='cash-result__icon' />
        <Text className='cash-result__status' data-testid='cash-result-status'>
          {answer.status_desc}
        </Text>
        <Text className='cash-result__value' data-testid='cash-result-value'>
          {`${answer.action_desc} ${yuanText(answer.amount)}`}
        </Text>
        <Text className='cash-muted cash-result__note' data-testid='cash-result-note'>
          {answer.kind === 'deposit'
            ? t('cash.result.note.deposit', { confirm: answer.confirm_date, income: answer.arrival_date })
            : answer.kind === 'quick'
              ? t('cash.result.note.quick', { card: cardText(finished.card) })
              : t('cash.result.note.normal', { date: answer.arrival_date, card: cardText(finished.card) })}
        </Text>
      </View>
      <View className='cash-card'>
        <OrderSteps steps={answer.steps} testId='cash-order-steps' />
        <InfoRow label={t('cash.result.tradeDate')} value={answer.trade_date} testId='cash-result-trade-date' />
        {answer.kind === 'deposit' ? (
          <>
            <InfoRow label={t('cash.result.confirmDate')} value={answer.confirm_date} testId='cash-result-confirm-date' />
            <InfoRow label={t('cash.result.incomeDate')} value={answer.arrival_date} testId='cash-result-income-date' />
          </>
        ) : (
          <InfoRow label={t('cash.result.arrivalDate')} value={answer.arrival_date} testId='cash-result-arrival-date' />
        )}
        {quick ? (
          <InfoRow label={t('cash.result.quotaLeft')} value={yuanText(answer.quick_quota_left)} testId='cash-result-quota-left' />
        ) : null}
      </View>
      <View className='cash-result__actions'>
        <Button type='primary' block onClick={onDone} data-testid='cash-result-done'>
          {t('cash.result.done')}
        </Button>
      </View>
    </View>
  );
}
