// Auto-invest answers (src/lib/api-types/auto-invest.ts is the contract). Presentation only.
import type { AipBacktest, AipPlan, AipPlanDetail, AipRun, AipYieldList, SmartReason } from '../../../src/lib/api-types/auto-invest';
import { volumeValueFen } from '../../../src/lib/trade-math';
import type { AipCycle } from '../domain/auto-invest-plan';
import type { BacktestResult } from '../domain/auto-invest-backtest';
import type { PlanRow, RunRow, SmartDecision } from '../services/auto-invest';
import { fenText } from '../services/trading';
import { formatMessage, type ServerLocale } from './result-codes';
import { statusText } from './trade-errors';

const WEEKDAYS = {
  'zh-CN': ['', '周一', '周二', '周三', '周四', '周五'],
  'en-US': ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
};

export function cycleDesc(cycle: AipCycle, day: number | null, locale: ServerLocale): string {
  const en = locale === 'en-US';
  const w = WEEKDAYS[locale][day ?? 0] ?? '';
  if (cycle === 'daily') return en ? 'Every trading day' : '每个交易日';
  if (cycle === 'weekly') return en ? `Weekly on ${w}` : `每${w}`;
  if (cycle === 'biweekly') return en ? `Every two weeks on ${w}` : `每两周${w}`;
  return en ? `Monthly on day ${day}` : `每月${day}日`;
}

const STATUS = {
  running: { 'zh-CN': '执行中', 'en-US': 'Running' },
  paused: { 'zh-CN': '已暂停', 'en-US': 'Paused' },
  stopped: { 'zh-CN': '已终止', 'en-US': 'Stopped' },
};

/** '12.34' from basis points of a percent (1234), half away from zero already applied. */
const bpText = (bp: number) => `${bp < 0 ? '-' : ''}${Math.floor(Math.abs(bp) / 100)}.${String(Math.abs(bp) % 100).padStart(2, '0')}`;

export function reasonOf(reason: SmartDecision['reason'], indexName: string, locale: ServerLocale): SmartReason | null {
  if (!reason) return null;
  const value = bpText(reason.value_bp);
  const en = locale === 'en-US';
  const text =
    reason.method === 'valuation'
      ? en
        ? `${indexName} PE percentile ${value}%: invest ${reason.ratio}%`
        : `${indexName} 估值百分位 ${value}%，按 ${reason.ratio}% 投入`
      : reason.value_bp >= 0
        ? en
          ? `${indexName} is ${value}% above its 250-day average: invest ${reason.ratio}%`
          : `${indexName} 高于250日均线 ${value}%，按 ${reason.ratio}% 投入`
        : en
          ? `${indexName} is ${bpText(-reason.value_bp)}% below its 250-day average: invest ${reason.ratio}%`
          : `${indexName} 低于250日均线 ${bpText(-reason.value_bp)}%，按 ${reason.ratio}% 投入`;
  return { method: reason.method, index_code: reason.index_code, index_name: indexName, value, ratio: String(reason.ratio), text };
}

const NOTES: Record<string, Parameters<typeof formatMessage>[0]> = {
  paymentFailed: 'aipRunPaymentFailed',
  bankPerPaymentLimit: 'aipRunBankLimit',
  bankDailyLimit: 'aipRunBankLimit',
  cashInsufficient: 'aipRunCashInsufficient',
};

function runOf(run: RunRow, indexName: string, locale: ServerLocale): AipRun {
  return {
    date: run.date,
    amount: fenText(run.amount_fen),
    ratio: String(run.ratio_percent),
    reason: reasonOf(run.reason, indexName, locale),
    status: run.status,
    note: run.note === null ? null : formatMessage(NOTES[run.note] ?? 'aipRunSkipped', locale),
    order_id: run.order_id === null ? null : String(run.order_id),
    order_status: (run.order_status as AipRun['order_status']) ?? null,
    order_status_desc: run.order_status ? statusText(run.order_status, locale) : null,
  };
}

export function planOf(plan: PlanRow, fundName: string, runs: RunRow[], latestNavUnits: number | null, locale: ServerLocale): AipPlan {
  const confirmed = runs.filter((r) => r.order_status === 'confirmed');
  const invested = confirmed.reduce((s, r) => s + (r.confirm_amount_fen ?? 0), 0);
  const volume = confirmed.reduce((s, r) => s + (r.confirm_volume ?? 0), 0);
  const value = latestNavUnits === null ? 0 : volumeValueFen(volume, latestNavUnits);
  return {
    plan_id: String(plan.id),
    fd_code: plan.fund_code,
    fd_name: fundName,
    amount: fenText(plan.amount_fen),
    cycle: plan.cycle,
    cycle_day: plan.cycle_day,
    cycle_desc: cycleDesc(plan.cycle, plan.cycle_day, locale),
    pay_method: plan.pay_method,
    smart: plan.smart,
    status: plan.status,
    status_desc: STATUS[plan.status][locale],
    pause_reason:
      plan.status !== 'paused'
        ? null
        : formatMessage(plan.pause_reason === 'payment_failed' ? 'aipPausedByFailures' : 'aipPausedByInvestor', locale),
    next_date: plan.status === 'running' ? plan.next_date : null,
    failures: plan.failures,
    runs_count: runs.filter((r) => r.status === 'placed').length,
    total_invested: fenText(invested),
    current_value: fenText(value),
    gain: fenText(value - invested),
    created_at: plan.created_at.getTime(),
  };
}

export function planDetail(
  plan: PlanRow,
  fundName: string,
  runs: RunRow[],
  latestNavUnits: number | null,
  indexName: string,
  next: SmartDecision['reason'],
  locale: ServerLocale,
): AipPlanDetail {
  return {
    ...planOf(plan, fundName, runs, latestNavUnits, locale),
    runs: runs.map((r) => runOf(r, indexName, locale)),
    next_reason: reasonOf(next, indexName, locale),
    index_code: plan.index_code,
  };
}

const percentText = (bp: number | null) => (bp === null ? '0.00' : bpText(bp));
const xirrText = (x: number | null) => (x === null || !Number.isFinite(x) ? null : x.toFixed(2));

export function backtestAnswer(fundCode: string, smart: boolean, main: BacktestResult, other: BacktestResult | null): AipBacktest {
  return {
    fd_code: fundCode,
    start: main.start,
    end: main.end,
    runs: main.runs,
    invested: fenText(main.investedFen),
    value: fenText(main.valueFen),
    total_return: percentText(main.totalReturnBp),
    xirr: xirrText(main.xirrPercent),
    fees: fenText(main.feesFen),
    points: main.points.map((p) => ({ date: p.date, invested: fenText(p.investedFen), value: fenText(p.valueFen) })),
    other: other
      ? {
          smart: !smart,
          invested: fenText(other.investedFen),
          value: fenText(other.valueFen),
          total_return: percentText(other.totalReturnBp),
          xirr: xirrText(other.xirrPercent),
        }
      : null,
  };
}

/** Danjuan's yield list: `normal` and `max_itg` (smart) total returns in percent with 4 decimals. */
export function yieldList(rows: Array<{ duration: string; normal: BacktestResult; smart: BacktestResult | null }>): AipYieldList {
  const four = (r: BacktestResult) => `${percentText(r.totalReturnBp)}00`;
  return {
    duration: '3Y',
    base_invest_amount: '100',
    recent_yields: rows.map((r) => ({ duration: r.duration, normal: four(r.normal), max_itg: r.smart ? four(r.smart) : null })),
  };
}
