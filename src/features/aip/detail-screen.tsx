import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Dialog } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/dialog/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount, formatPercent, yuanText } from '@/lib/format';
import { safeRedirectTarget, specUrl } from '@/lib/routes';
import type { AipPlanDetail, AipRun } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';
import { t as pensionText } from '@/locales/pension';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { purchaseErrorText, resultCodeOf } from '@/components/purchase/purchase-errors';
import { Notice, ActionBar, ActionButton, InfoRow } from '@/components/purchase/purchase-parts';
import { usePurchasePassword } from '@/components/purchase/purchase-password';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { changePlanState, getPayOptions, getPlan, updatePlan, type AipPayMethod, type PlanAction } from './api';
import { AIP_RESULT, leadToFix } from './aip-errors';
import { cashCovers } from '@/lib/cash-rules';
import { roleProps } from '@/components/a11y/role-props';
import { balanceFen, checkAmount, fenToYuan } from './aip-figures';
import { PlanFigures, PlansLoginGate, StatusTag } from './aip-parts';
import { PayField } from './pay-field';
import { ScheduleField, type Schedule } from './schedule-field';
import './aip.scss';

export interface DetailScreenProps {
  planId: string | undefined;
  /** Where the back link goes (`?prelink=`); our own paths only, the total list otherwise. */
  prelink?: string;
}

const go = (url: string) => () => void navigateToSpecUrl(url);

/** `/autoinvesment/detail/{planId}`: the plan, its runs, and pause / resume / change / stop. */
export function DetailScreen({ planId, prelink }: DetailScreenProps) {
  const back = prelink ? safeRedirectTarget(prelink) : specUrl('autoInvestTotalList');
  const backTo = back === '/index' && prelink !== '/index' ? specUrl('autoInvestTotalList') : back;
  const plan = useRemote(() => (planId ? getPlan(planId) : Promise.reject(new Error('no plan'))), [planId]);
  const here = planId ? specUrl('autoInvestDetail', { planId }, prelink ? { prelink } : {}) : specUrl('autoInvestTotalList');
  return (
    <View className='aip-page' data-testid='aip-detail-screen'>
      <View className='aip-back' data-testid='aip-back' {...roleProps('link')} onClick={go(backTo)}>
        <Text>‹ {backTo === specUrl('autoInvestTotalList') ? t('aip.detail.backToList') : t('aip.detail.back')}</Text>
      </View>
      {!planId ? (
        <EmptyBox title={t('aip.detail.noPlan')} />
      ) : plan.status === 'loading' ? (
        <SkeletonList items={3} rows={2} />
      ) : plan.status === 'error' ? (
        resultCodeOf(plan.error) === AIP_RESULT.notLoggedIn ? (
          <PlansLoginGate here={here} />
        ) : (
          <ErrorBox title={purchaseErrorText(plan.error)} onRetry={plan.retry} />
        )
      ) : (
        <PlanBody plan={plan.data} refresh={plan.refresh} here={here} />
      )}
    </View>
  );
}

type Pending = { kind: PlanAction } | { kind: 'update'; schedule: Schedule; amount: string; payMethod: AipPayMethod };

function PlanBody({ plan, refresh, here }: { plan: AipPlanDetail; refresh: () => Promise<void>; here: string }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const password = usePurchasePassword();
  const stopped = plan.status === 'stopped';

  const run = async (pending: Pending) => {
    setNotice(null);
    const outcome = await password.run({ title: t(`aip.action.${pending.kind}Title`), payee: plan.fd_name }, (encrypted) =>
      pending.kind === 'update'
        ? updatePlan(
            plan.plan_id,
            { amount: pending.amount, cycle: pending.schedule.cycle, cycleDay: pending.schedule.day, payMethod: pending.payMethod },
            encrypted,
          )
        : changePlanState(plan.plan_id, pending.kind, encrypted),
    );
    if (outcome.ok) {
      showToast(t(`aip.action.${pending.kind}Done`));
      setEditing(false);
      await refresh();
      return;
    }
    if (outcome.cancelled) return;
    if (await leadToFix(outcome.error, here)) return;
    const message = purchaseErrorText(outcome.error);
    setNotice(message);
    showToast(message);
  };

  const confirmText = (pending: Pending | null): string => {
    if (!pending) return '';
    if (pending.kind === 'update') {
      const words = { amount: formatAmount(pending.amount), schedule: scheduleWords(pending.schedule) };
      if (pending.payMethod === plan.pay_method) return t('aip.action.updateConfirm', words);
      return t('aip.action.updateConfirmPay', { ...words, pay: pending.payMethod === 'xjb' ? t('aip.pay.xjb') : t('aip.pay.cardPlain') });
    }
    return t(`aip.action.${pending.kind}Confirm`);
  };

  return (
    <View>
      <View className='aip-card' data-testid='aip-detail-head'>
        <View className='aip-plan__top'>
          <View className='aip-plan__fund' onClick={go(specUrl('fundDetail', { fundcode: plan.fd_code }))}>
            <Text className='aip-fund__name'>{plan.fd_name}</Text>
            <Text className='aip-muted aip-inline'>{plan.fd_code}</Text>
          </View>
          <StatusTag status={plan.status} text={plan.status_desc} />
        </View>
        {plan.pause_reason ? (
          <Notice tone='warn' testId='aip-pause-reason'>
            <Text>{t('aip.plan.pausedBecause', { reason: plan.pause_reason })}</Text>
          </Notice>
        ) : null}
        <PlanFigures plan={plan} testIdPrefix='aip-detail' />
        <InfoRow label={t('aip.plan.amount')} value={yuanText(plan.amount)} testId='aip-detail-amount' />
        <InfoRow label={t('aip.cycle.title')} value={plan.cycle_desc} testId='aip-detail-cycle' />
        <InfoRow label={t('aip.mode.title')} value={plan.smart ? t('aip.mode.smart') : t('aip.mode.normal')} />
        <InfoRow
          label={t('aip.pay.title')}
          value={
            plan.pay_method === 'xjb'
              ? t('aip.pay.xjb')
              : plan.pay_method === 'pension'
                ? pensionText('pension.contribute.payee')
                : t('aip.pay.cardPlain')
          }
        />
        <InfoRow
          label={t('aip.plan.nextDate')}
          value={plan.status === 'paused' ? t('aip.plan.nextPaused') : (plan.next_date ?? t('aip.plan.noNext'))}
          testId='aip-detail-next'
        />
        <InfoRow label={t('aip.plan.runs')} value={t('aip.plan.runsCount', { count: plan.runs_count })} />
        {plan.failures > 0 && plan.status === 'running' ? (
          <Text className='aip-problem' data-testid='aip-detail-failures'>
            {t('aip.plan.failures', { count: plan.failures })}
          </Text>
        ) : null}
        {plan.smart && plan.next_reason && !stopped ? (
          <View className='aip-reason' data-testid='aip-next-reason'>
            <Text className='aip-reason__title'>
              {t('aip.plan.nextSmart', {
                ratio: formatPercent(plan.next_reason.ratio, { decimals: 0 }),
                amount: formatAmount(plan.amount),
              })}
            </Text>
            <Text className='aip-muted'>{plan.next_reason.text}</Text>
          </View>
        ) : null}
      </View>

      {editing ? (
        <EditCard
          plan={plan}
          onCancel={() => setEditing(false)}
          onSave={(schedule, amount, payMethod) => setConfirming({ kind: 'update', schedule, amount, payMethod })}
        />
      ) : null}

      {notice ? (
        <Notice tone='danger' testId='aip-detail-notice'>
          <Text>{notice}</Text>
        </Notice>
      ) : null}

      <View className='aip-card aip-card--list' data-testid='aip-runs'>
        <Text className='aip-card__title'>{t('aip.runs.title')}</Text>
        {plan.runs.length === 0 ? (
          <Text className='aip-muted' data-testid='aip-runs-empty'>
            {stopped ? t('aip.runs.none') : t('aip.runs.noneYet', { date: plan.next_date ?? '--' })}
          </Text>
        ) : (
          plan.runs.map((run, index) => <RunRow key={`${run.date}-${index}`} run={run} smart={plan.smart} />)
        )}
      </View>

      {stopped ? (
        <Text className='aip-muted aip-center' data-testid='aip-stopped-note'>
          {t('aip.plan.stoppedNote')}
        </Text>
      ) : (
        <ActionBar>
          <View className='purchase-bar__row'>
            {plan.status === 'running' ? (
              <ActionButton
                testId='aip-pause'
                text={t('aip.action.pause')}
                fill='outline'
                size='normal'
                onClick={() => setConfirming({ kind: 'pause' })}
              />
            ) : (
              <ActionButton
                testId='aip-resume'
                text={t('aip.action.resume')}
                size='normal'
                onClick={() => setConfirming({ kind: 'resume' })}
              />
            )}
            <ActionButton testId='aip-edit' text={t('aip.action.update')} fill='outline' size='normal' onClick={() => setEditing(true)} />
            <ActionButton
              testId='aip-stop'
              text={t('aip.action.stop')}
              fill='outline'
              size='normal'
              onClick={() => setConfirming({ kind: 'stop' })}
            />
          </View>
        </ActionBar>
      )}

      <Dialog
        className='aip-confirm-dialog'
        visible={confirming !== null}
        title={confirming ? t(`aip.action.${confirming.kind}Title`) : ''}
        content={
          <Text className='aip-confirm-dialog__text' data-testid='aip-confirm-text'>
            {confirmText(confirming)}
          </Text>
        }
        confirmText={t('aip.action.confirm')}
        cancelText={t('aip.action.cancel')}
        closeOnOverlayClick={false}
        onConfirm={() => {
          const pending = confirming;
          setConfirming(null);
          if (pending) void run(pending);
        }}
        onCancel={() => setConfirming(null)}
        onClose={() => setConfirming(null)}
      />
      {password.dialog}
    </View>
  );
}

function scheduleWords(schedule: Schedule): string {
  switch (schedule.cycle) {
    case 'daily':
      return t('aip.cycle.dailyText');
    case 'weekly':
      return t('aip.cycle.weeklyText', { day: t(`aip.weekday.${schedule.day ?? 1}`) });
    case 'biweekly':
      return t('aip.cycle.biweeklyText', { day: t(`aip.weekday.${schedule.day ?? 1}`) });
    case 'monthly':
      return t('aip.cycle.monthlyText', { day: schedule.day ?? 1 });
  }
}

function EditCard({
  plan,
  onCancel,
  onSave,
}: {
  plan: AipPlanDetail;
  onCancel: () => void;
  onSave: (schedule: Schedule, amount: string, payMethod: AipPayMethod) => void;
}) {
  const [text, setText] = useState(plan.amount.replace(/\.00$/, ''));
  const [open, setOpen] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>({ cycle: plan.cycle, day: plan.cycle_day });
  const [payMethod, setPayMethod] = useState<AipPayMethod>(plan.pay_method);
  const pay = useRemote(() => getPayOptions(plan.fd_code), [plan.fd_code]);
  const cash = pay.status === 'ready' ? pay.data.cash : null;
  const card = pay.status === 'ready' ? pay.data.card : null;
  const check = checkAmount(text, '0.01');
  // The create page's rule (the server refuses the change with 410018 too): 现金宝 can be chosen only while its
  // balance covers one run; a plan it already pays keeps it chosen, and a run it cannot cover is not saved.
  const cashShort = cash !== null && !cashCovers(balanceFen(cash.available), check.fen);
  const cashRefused = payMethod === 'xjb' && cash !== null && cashShort;
  const canSave = check.fen !== null && check.problem === null && !cashRefused;
  return (
    <View className='aip-card' data-testid='aip-edit-card'>
      <Text className='aip-card__title'>{t('aip.edit.title')}</Text>
      <AmountKeypad
        keypadClassName='aip-keypad'
        testId='aip-edit-amount'
        value={text}
        onChange={setText}
        placeholder={t('aip.edit.placeholder')}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        keypadTitle={t('aip.keypad.amountTitle')}
        doneText={t('aip.keypad.done')}
      />
      {check.problem ? <Text className='aip-problem'>{t('aip.create.error.invalid')}</Text> : null}
      {cashRefused ? (
        <Text className='aip-problem' data-testid='aip-edit-xjb-short'>
          {t('aip.edit.xjbShort', { available: formatAmount(cash.available) })}
        </Text>
      ) : null}
      <ScheduleField testId='aip-edit-schedule' value={schedule} onChange={setSchedule} />
      {pay.status === 'ready' ? <PayField card={card} cash={cash} method={payMethod} runFen={check.fen} onChoose={setPayMethod} /> : null}
      <Text className='aip-muted aip-small'>{t('aip.edit.note')}</Text>
      <View className='aip-edit__actions'>
        <Button fill='outline' type='primary' onClick={onCancel} data-testid='aip-edit-cancel'>
          {t('aip.action.cancel')}
        </Button>
        <Button
          type='primary'
          disabled={!canSave}
          onClick={() => canSave && check.fen !== null && onSave(schedule, fenToYuan(check.fen), payMethod)}
          data-testid='aip-edit-save'
        >
          {t('aip.edit.save')}
        </Button>
      </View>
    </View>
  );
}

function RunRow({ run, smart }: { run: AipRun; smart: boolean }) {
  return (
    <View className='aip-run' data-testid='aip-run'>
      <View className='aip-run__line'>
        <Text className='aip-run__date'>{run.date}</Text>
        <Text className='aip-run__amount'>{yuanText(run.amount)}</Text>
      </View>
      {smart ? (
        <View className='aip-run__reason' data-testid='aip-run-reason'>
          <Text className='aip-tag'>{t('aip.runs.ratio', { ratio: formatPercent(run.ratio, { decimals: 0 }) })}</Text>
          {run.reason ? <Text className='aip-muted aip-inline'>{run.reason.text}</Text> : null}
        </View>
      ) : null}
      {run.status === 'placed' ? (
        run.order_id ? (
          <View
            className='aip-run__order'
            data-testid='aip-run-order'
            {...roleProps('link')}
            onClick={go(specUrl('orderDetail', { orderId: run.order_id }))}
          >
            <Text className={`aip-run__state aip-run__state--${run.order_status ?? 'submitted'}`}>
              {run.order_status_desc ?? t('aip.runs.placed')}
            </Text>
            <Text className='aip-link aip-inline'>{t('aip.runs.viewOrder')} ›</Text>
          </View>
        ) : (
          <Text className='aip-muted'>{t('aip.runs.placed')}</Text>
        )
      ) : (
        <Text className={`aip-run__note aip-run__note--${run.status}`} data-testid={`aip-run-${run.status}`}>
          {run.note ?? t(run.status === 'failed' ? 'aip.runs.failed' : 'aip.runs.skipped')}
        </Text>
      )}
    </View>
  );
}
