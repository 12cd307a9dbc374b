import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { AmountText } from '@/components/amount-text/amount-text';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/trade';
import type { IncomeCalendar } from '@/lib/api-types/trading';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { TradeLoginGate } from './trade-parts';
import { roleProps } from '@/components/a11y/role-props';
import { getIncomeCalendar } from './api';
import { monthCells, shiftMonth } from './calendar-grid';
import { TRADE_RESULT } from './trade-errors';
import './trade.scss';

/** How far back the switcher goes: this month and the 11 before it. */
const MONTHS_SHOWN = 12;
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

function monthLabel(month: string): string {
  return t('trade.calendar.month', { year: month.slice(0, 4), month: String(Number(month.slice(5, 7))) });
}

/**
 * `/n/income-calendar` (收益日历): each day's income on a month grid (red above zero, green below), the month's
 * total, and the last 12 months — all from the ledger, as the server sends them.
 */
export function IncomeCalendarScreen({ currentMonth, fundCode }: { currentMonth: string; fundCode?: string }) {
  const [month, setMonth] = useState(currentMonth);
  const calendar = useRemote(() => getIncomeCalendar(month, fundCode), [month, fundCode], { keepPreviousData: true });
  const earliest = shiftMonth(currentMonth, -(MONTHS_SHOWN - 1));

  if (calendar.status === 'loading') return <SkeletonList items={2} rows={4} />;
  if (calendar.status === 'error') {
    if (resultCodeOf(calendar.error) === TRADE_RESULT.notLoggedIn) {
      const here = specUrl('incomeCalendar', {}, fundCode ? { fd_code: fundCode } : {});
      return <TradeLoginGate title={t('trade.gate.loginAssetsTitle')} here={here} />;
    }
    return <ErrorBox title={purchaseErrorText(calendar.error)} onRetry={calendar.retry} />;
  }
  const data = calendar.data;
  const canPrev = month > earliest;
  const canNext = month < currentMonth;
  return (
    <View className='trade-page' data-testid='income-calendar'>
      <View className='trade-card'>
        <View className='trade-calendar__switcher'>
          <View
            className={`trade-calendar__arrow${canPrev ? '' : ' trade-calendar__arrow--off'}`}
            data-testid='calendar-prev'
            {...roleProps('button')}
            aria-label={t('trade.calendar.prev')}
            aria-disabled={!canPrev}
            onClick={() => canPrev && setMonth(shiftMonth(month, -1))}
          >
            <Text>‹</Text>
          </View>
          <Text className='trade-calendar__month' data-testid='calendar-month'>
            {monthLabel(month)}
          </Text>
          <View
            className={`trade-calendar__arrow${canNext ? '' : ' trade-calendar__arrow--off'}`}
            data-testid='calendar-next'
            {...roleProps('button')}
            aria-label={t('trade.calendar.next')}
            aria-disabled={!canNext}
            onClick={() => canNext && setMonth(shiftMonth(month, 1))}
          >
            <Text>›</Text>
          </View>
        </View>
        <View className='trade-calendar__total' data-testid='calendar-month-income'>
          <Text className='trade-muted'>{t('trade.calendar.monthIncome')}</Text>
          <AmountText value={data.month === month ? data.month_income : null} sign className='trade-calendar__total-value' />
        </View>
        <MonthGrid data={data} month={month} />
      </View>
      <View className='trade-card trade-card--list' data-testid='calendar-months'>
        <Text className='trade-card__title'>{t('trade.calendar.lastMonths')}</Text>
        {[...data.months].reverse().map((row) => (
          <View
            key={row.month}
            className={`trade-calendar__month-row${row.month === month ? ' trade-calendar__month-row--on' : ''}`}
            data-testid='calendar-month-row'
            onClick={() => setMonth(row.month)}
          >
            <Text>{monthLabel(row.month)}</Text>
            <AmountText value={row.income} sign />
          </View>
        ))}
      </View>
    </View>
  );
}

function MonthGrid({ data, month }: { data: IncomeCalendar; month: string }) {
  // While another month loads, the previous answer stays: show its days only when it is this month's.
  const income = new Map(data.month === month ? data.days.map((day) => [day.date, day.income]) : []);
  return (
    <View className='trade-calendar__grid' data-testid='calendar-grid'>
      {WEEKDAYS.map((day) => (
        <Text key={day} className='trade-calendar__weekday'>
          {t(`trade.calendar.weekday.${day}`)}
        </Text>
      ))}
      {monthCells(month).map((date, index) =>
        date === null ? (
          <View key={`blank-${index}`} className='trade-calendar__cell trade-calendar__cell--blank' />
        ) : (
          <View key={date} className='trade-calendar__cell' data-testid='calendar-day' data-date={date}>
            <Text className='trade-calendar__day'>{String(Number(date.slice(8)))}</Text>
            {income.has(date) ? <AmountText value={income.get(date)} sign unit={false} className='trade-calendar__income' /> : null}
          </View>
        ),
      )}
    </View>
  );
}
