import { useMemo, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Picker } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/picker/style/css';
import type { AipCycle } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';
import { roleProps } from '@/components/a11y/role-props';
import { CYCLES, MONTH_DAYS, WEEKDAYS, dayFor, weekdayText } from './aip-figures';
import './aip.scss';

export interface Schedule {
  cycle: AipCycle;
  /** Weekday 1–5 (weekly, biweekly), day of month 1–28 (monthly), null (daily). */
  day: number | null;
}

/** The frequency (four choices) and, for all but daily, the day on NutUI's picker. */
export function ScheduleField({ value, onChange, testId }: { value: Schedule; onChange: (next: Schedule) => void; testId: string }) {
  const [picking, setPicking] = useState(false);
  const monthly = value.cycle === 'monthly';
  const days = monthly ? MONTH_DAYS : WEEKDAYS;
  // One options array per list of days: NutUI's roller snaps back to its value whenever it gets a new array.
  const options = useMemo(
    () => [days.map((day) => ({ value: day, label: monthly ? t('aip.cycle.dayOfMonth', { day }) : weekdayText(day) }))],
    [days, monthly],
  );
  return (
    <View data-testid={testId}>
      <View className='aip-chips' role='radiogroup' aria-label={t('aip.cycle.title')}>
        {CYCLES.map((cycle) => (
          <View
            key={cycle}
            className={`aip-chip${value.cycle === cycle ? ' aip-chip--on' : ''}`}
            {...roleProps('radio')}
            aria-checked={value.cycle === cycle}
            data-testid={`${testId}-${cycle}`}
            onClick={() => onChange({ cycle, day: dayFor(cycle, value.day) })}
          >
            <Text>{t(`aip.cycle.${cycle}`)}</Text>
          </View>
        ))}
      </View>
      {value.cycle === 'daily' ? (
        <Text className='aip-muted'>{t('aip.cycle.dailyHint')}</Text>
      ) : (
        <View className='aip-select' data-testid={`${testId}-day`} {...roleProps('button')} onClick={() => setPicking(true)}>
          <Text className='aip-select__label'>{monthly ? t('aip.cycle.monthDayLabel') : t('aip.cycle.weekdayLabel')}</Text>
          <Text className='aip-select__value' data-testid={`${testId}-day-value`}>
            {monthly ? t('aip.cycle.dayOfMonth', { day: value.day ?? 1 }) : weekdayText(value.day ?? 1)}
          </Text>
          <Text className='aip-select__arrow'>›</Text>
        </View>
      )}
      {value.cycle === 'biweekly' ? <Text className='aip-muted'>{t('aip.cycle.biweeklyHint')}</Text> : null}
      {monthly ? <Text className='aip-muted'>{t('aip.cycle.monthlyHint')}</Text> : null}
      <Picker
        key={`${value.cycle}-${value.day ?? 0}`}
        visible={picking}
        title={monthly ? t('aip.cycle.monthDayLabel') : t('aip.cycle.weekdayLabel')}
        options={options}
        defaultValue={[value.day ?? 1]}
        onConfirm={(_options, selected) => {
          const day = Number(selected[0]);
          if (Number.isInteger(day)) onChange({ cycle: value.cycle, day: dayFor(value.cycle, day) });
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </View>
  );
}
