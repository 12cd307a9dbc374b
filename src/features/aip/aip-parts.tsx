// Pieces the auto-invest screens share: risk levels in words, the plan's status tag and the backtest card (invested
// vs value, total return, XIRR, normal vs smart). (The purchase flow's frame is components/purchase/.)
import { Text, View } from '@tarojs/components';
import { AmountText } from '@/components/amount-text/amount-text';
import { FigureRow, type FigureLook } from '@/components/figure-cell/figure-cell';
import { LoginGate } from '@/components/purchase/purchase-gates';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount, formatPercent } from '@/lib/format';
import type { AipBacktest, AipCycle, AipPlan, AipStatus } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';
import { purchaseErrorText } from '@/components/purchase/purchase-errors';
import { useElderWording } from '@/platform/elder-mode';
import { getBacktest } from './api';
import { cycleText } from './aip-figures';
import './aip.scss';

export function riskLevelText(level: number): string {
  return t('aip.risk.level', { level, name: t(`aip.risk.${level}`) });
}

export function StatusTag({ status, text }: { status: AipStatus; text?: string }) {
  return (
    <Text className={`aip-status aip-status--${status}`} data-testid='aip-status'>
      {text || t(`aip.status.${status}`)}
    </Text>
  );
}

/** Auto-invest's login gate over the investor's plans; after login, back to `here`. */
export function PlansLoginGate({ here }: { here: string }) {
  return <LoginGate testId='aip-gate-login' text={{ title: t('aip.gate.loginPlansTitle'), action: t('aip.gate.login') }} here={here} />;
}

const PLAN_FIGURE: FigureLook = { row: 'aip-figures', cell: 'aip-figures__item', label: 'aip-figures__label', value: 'aip-figures__value' };

/**
 * A plan's figures: invested so far, what it is worth, the gain (test ids `${testIdPrefix}-invested`, `-value`,
 * `-gain`); `small` in the list of plans.
 */
export function PlanFigures({ plan, testIdPrefix, small }: { plan: AipPlan; testIdPrefix: string; small?: boolean }) {
  const w = useElderWording();
  return (
    <FigureRow
      look={small ? { ...PLAN_FIGURE, row: 'aip-figures aip-figures--small' } : PLAN_FIGURE}
      figures={[
        { label: t('aip.plan.totalInvested'), text: formatAmount(plan.total_invested), valueTestId: `${testIdPrefix}-invested` },
        { label: w('aip.plan.currentValue'), text: formatAmount(plan.current_value), valueTestId: `${testIdPrefix}-value` },
        { label: t('aip.plan.gain'), gain: plan.gain, testId: `${testIdPrefix}-gain` },
      ]}
    />
  );
}

export interface BacktestCardProps {
  code: string;
  amount: string;
  cycle: AipCycle;
  cycleDay: number | null;
  smart: boolean;
  /** A title over the card; default "history backtest". */
  title?: string;
  testId?: string;
}

/** Had you invested `amount` every period for the last years: the live backtest of `GET /djapi/aip/backtest`. */
export function BacktestCard({ code, amount, cycle, cycleDay, smart, title, testId = 'aip-backtest' }: BacktestCardProps) {
  const backtest = useRemote(() => getBacktest({ code, amount, cycle, cycleDay, smart }), [code, amount, cycle, cycleDay, smart], {
    keepPreviousData: true,
  });
  return (
    <View className='aip-card' data-testid={testId}>
      <Text className='aip-card__title'>{title ?? t('aip.backtest.title')}</Text>
      {backtest.status === 'loading' ? (
        <SkeletonList items={1} rows={3} />
      ) : backtest.status === 'error' ? (
        <ErrorBox title={purchaseErrorText(backtest.error)} onRetry={backtest.retry} />
      ) : (
        <BacktestBody data={backtest.data} amount={amount} cycle={cycle} cycleDay={cycleDay} smart={smart} testId={testId} />
      )}
    </View>
  );
}

function BacktestBody(props: {
  data: AipBacktest;
  amount: string;
  cycle: AipCycle;
  cycleDay: number | null;
  smart: boolean;
  testId: string;
}) {
  const w = useElderWording();
  const { data, amount, cycle, cycleDay, smart, testId } = props;
  const other = data.other;
  const normal = smart && other ? other : { invested: data.invested, value: data.value, total_return: data.total_return, xirr: data.xirr };
  const smartSide = smart ? { invested: data.invested, value: data.value, total_return: data.total_return, xirr: data.xirr } : other;
  return (
    <View>
      <Text className='aip-muted' data-testid={`${testId}-premise`}>
        {t('aip.backtest.premise', {
          start: data.start,
          end: data.end,
          schedule: cycleText(cycle, cycleDay),
          amount: formatAmount(amount, { unit: false }),
          runs: data.runs,
        })}
      </Text>
      <View className='aip-figures'>
        <View className='aip-figures__item'>
          <Text className='aip-figures__label'>{t('aip.backtest.invested')}</Text>
          <Text className='aip-figures__value' data-testid={`${testId}-invested`}>
            {formatAmount(data.invested)}
          </Text>
        </View>
        <View className='aip-figures__item'>
          <Text className='aip-figures__label'>{w('aip.backtest.value')}</Text>
          <Text className='aip-figures__value' data-testid={`${testId}-value`}>
            {formatAmount(data.value)}
          </Text>
        </View>
        <View className='aip-figures__item'>
          <Text className='aip-figures__label'>{t('aip.backtest.totalReturn')}</Text>
          <PercentText className='aip-figures__value' value={data.total_return} sign />
        </View>
        <View className='aip-figures__item'>
          <Text className='aip-figures__label'>{w('aip.backtest.xirr')}</Text>
          {data.xirr === null ? (
            <Text className='aip-figures__value'>{t('aip.backtest.noXirr')}</Text>
          ) : (
            <PercentText className='aip-figures__value' value={data.xirr} sign />
          )}
        </View>
      </View>
      <BacktestChart data={data} />
      {smartSide ? (
        <View className='aip-compare' data-testid={`${testId}-compare`}>
          <View className='aip-compare__head'>
            <Text className='aip-compare__cell aip-compare__cell--label'>{'\u00a0'}</Text>
            <Text className='aip-compare__cell'>{t('aip.backtest.invested')}</Text>
            <Text className='aip-compare__cell'>{w('aip.backtest.value')}</Text>
            <Text className='aip-compare__cell'>{t('aip.backtest.totalReturn')}</Text>
            <Text className='aip-compare__cell'>{w('aip.backtest.xirrShort')}</Text>
          </View>
          {[
            { key: 'normal', label: t('aip.mode.normal'), side: normal },
            { key: 'smart', label: t('aip.mode.smart'), side: smartSide },
          ].map(({ key, label, side }) => (
            <View key={key} className='aip-compare__row' data-testid={`${testId}-${key}`}>
              <Text className='aip-compare__cell aip-compare__cell--label'>{label}</Text>
              <Text className='aip-compare__cell'>{formatAmount(side.invested, { unit: false })}</Text>
              <Text className='aip-compare__cell'>{formatAmount(side.value, { unit: false })}</Text>
              <PercentText className='aip-compare__cell' value={side.total_return} sign />
              {side.xirr === null ? (
                <Text className='aip-compare__cell'>--</Text>
              ) : (
                <PercentText className='aip-compare__cell' value={side.xirr} sign />
              )}
            </View>
          ))}
        </View>
      ) : null}
      <Text className='aip-muted aip-small'>{w('aip.backtest.fees', { fees: formatAmount(data.fees, { unit: false }) })}</Text>
      <Text className='aip-muted aip-small'>{w('aip.backtest.note')}</Text>
    </View>
  );
}

const CHART_BARS = 36;

/**
 * Invested (grey steps) and value (orange bars) over the backtest, drawn with plain views so the mini program and
 * H5 draw the same thing; the numbers are for drawing only (the figures above are the server's strings).
 */
function BacktestChart({ data }: { data: AipBacktest }) {
  const w = useElderWording();
  const points = data.points;
  if (points.length < 2) return null;
  const step = Math.max(1, Math.ceil(points.length / CHART_BARS));
  const picked = points.filter((_, i) => i % step === 0 || i === points.length - 1);
  const top = Math.max(...picked.map((p) => Math.max(Number(p.invested) || 0, Number(p.value) || 0)), 1);
  const pct = (text: string) => `${Math.max(0, Math.min(100, ((Number(text) || 0) / top) * 100)).toFixed(1)}%`;
  const first = picked[0];
  const last = picked[picked.length - 1];
  return (
    <View
      className='aip-chart'
      data-testid='aip-backtest-chart'
      role='img'
      aria-label={t('aip.backtest.chartAlt', {
        name: t('aip.backtest.chartLabel'),
        from: first?.date ?? data.start,
        to: last?.date ?? data.end,
        invested: formatAmount(data.invested, { unit: false }),
        value: formatAmount(data.value, { unit: false }),
        ret: formatPercent(data.total_return, { sign: true }),
      })}
    >
      <View className='aip-chart__legend'>
        <Text className='aip-chart__key aip-chart__key--invested'>{t('aip.backtest.invested')}</Text>
        <Text className='aip-chart__key aip-chart__key--value'>{w('aip.backtest.value')}</Text>
      </View>
      <View className='aip-chart__plot'>
        {picked.map((p) => (
          <View key={p.date} className='aip-chart__col'>
            <View className='aip-chart__invested' style={{ height: pct(p.invested) }} />
            <View className='aip-chart__value' style={{ height: pct(p.value) }} />
          </View>
        ))}
      </View>
      <View className='aip-chart__axis'>
        <Text>{first?.date ?? ''}</Text>
        <Text>{last?.date ?? ''}</Text>
      </View>
    </View>
  );
}

export function GainText({ value }: { value: string }) {
  return <AmountText value={value} sign />;
}
