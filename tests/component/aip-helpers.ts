// Shared by the auto-invest component tests: the contract's answers (src/lib/api-types/auto-invest.ts) and fingers
// on the plan's amount keypad and the trade-password keypad. The fake server is the trading tests' (trade-helpers).
import { act, fireEvent } from '@testing-library/react';
import type { AipBacktest, AipPlan, AipPlanDetail, AipQuote, AipRun } from '@/lib/api-types/auto-invest';
import { settle, until } from './trade-helpers';

function tap(key: Element): void {
  const touch = { clientX: 10, clientY: 10 };
  fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
}

/** Types on the plan's amount keypad, key by key. */
export function typeAmount(text: string): void {
  for (const char of text) {
    const key = [...document.querySelectorAll('.aip-keypad .key')].find((el) => el.textContent === char);
    if (!key) throw new Error(`no keypad key ${char}`);
    act(() => tap(key));
  }
}

/** Types the six digits into the trade-password dialog's keypad (the one that is not the amount's). */
export async function typeTradePassword(password: string): Promise<void> {
  // The dialog opens once the request id is made (a CSPRNG hop): wait for its order line.
  await until(() => expect(document.querySelector('.trade-password-dialog__payee')).not.toBeNull());
  for (const char of password) {
    const key = [...document.querySelectorAll('.nut-numberkeyboard:not(.aip-keypad) .key')].find((el) => el.textContent === char);
    if (!key) throw new Error(`no password key ${char}`);
    act(() => tap(key));
  }
  await settle(80);
}

export function aipQuote(overrides: Partial<AipQuote> = {}): AipQuote {
  return {
    fd_code: '519671',
    fd_name: '银河沪深300价值指数',
    min_amount: '10.00',
    smart_available: true,
    index_code: 'SH000300',
    index_name: '沪深300',
    first_date: '2026-12-28',
    refusal: null,
    risk_level: 3,
    investor_level: 4,
    suitability: 'match',
    risk_warning: null,
    ...overrides,
  };
}

export function backtest(overrides: Partial<AipBacktest> = {}): AipBacktest {
  return {
    fd_code: '519671',
    start: '2023-11-01',
    end: '2026-11-25',
    runs: 36,
    invested: '36000.00',
    value: '39876.54',
    total_return: '10.77',
    xirr: '6.81',
    fees: '43.20',
    points: [
      { date: '2023-11-01', invested: '1000.00', value: '1000.00' },
      { date: '2024-11-01', invested: '13000.00', value: '12500.00' },
      { date: '2026-11-25', invested: '36000.00', value: '39876.54' },
    ],
    other: { smart: true, invested: '41000.00', value: '47100.00', total_return: '14.88', xirr: '8.90' },
    ...overrides,
  };
}

export function plan(overrides: Partial<AipPlan> = {}): AipPlan {
  return {
    plan_id: '9001',
    fd_code: '519671',
    fd_name: '银河沪深300价值指数',
    amount: '500.00',
    cycle: 'monthly',
    cycle_day: 28,
    cycle_desc: '每月28日',
    pay_method: 'bankcard',
    smart: false,
    status: 'running',
    status_desc: '进行中',
    pause_reason: null,
    next_date: '2026-12-28',
    failures: 0,
    runs_count: 2,
    total_invested: '1000.00',
    current_value: '1032.10',
    gain: '32.10',
    created_at: Date.UTC(2026, 9, 1),
    ...overrides,
  };
}

export function run(overrides: Partial<AipRun> = {}): AipRun {
  return {
    date: '2026-10-28',
    amount: '500.00',
    ratio: '100',
    reason: null,
    status: 'placed',
    note: null,
    order_id: 'O1',
    order_status: 'confirmed',
    order_status_desc: '交易成功',
    ...overrides,
  };
}

export function planDetail(overrides: Partial<AipPlanDetail> = {}): AipPlanDetail {
  return {
    ...plan(),
    runs: [run(), run({ date: '2026-11-30', order_id: 'O2' })],
    next_reason: null,
    index_code: 'SH000300',
    ...overrides,
  };
}
