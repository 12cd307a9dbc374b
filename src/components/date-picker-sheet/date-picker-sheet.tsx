import { useMemo } from 'react';
import { ConfigProvider, DatePicker, Picker, useConfig } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/datepicker/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/configprovider/style/css';
import { t } from '@/locales/i18n';
import {
  clampDate,
  defaultDateRange,
  formatPickedDate,
  toLocalDate,
  type DateLike,
  type DatePrecision,
  type PickedDate,
} from './date-picker-range';

export interface DatePickerSheetProps {
  visible: boolean;
  /** Earliest selectable date; defaults to 1 January ten years back (docs/PRODUCT.md §5). */
  min?: DateLike;
  /** Latest selectable date; defaults to 31 December ten years forward. */
  max?: DateLike;
  /** Columns shown: year, year-month or year-month-day (default). */
  precision?: DatePrecision;
  /** The date selected when the sheet opens; defaults to today, kept inside the range. */
  value?: DateLike;
  /** Header text; defaults to "Select date". */
  title?: string;
  /** The picked date as 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (no time zone to get wrong). */
  onConfirm: (date: PickedDate) => void;
  /** The sheet closed (after OK, cancel or a tap outside). */
  onClose: () => void;
}

/** A bottom sheet to pick a calendar date: header "Select date", confirm button "OK". */
export function DatePickerSheet(props: DatePickerSheetProps) {
  const { visible, min, max, precision = 'day', value, title, onConfirm, onClose } = props;
  const nutConfig = useConfig();
  // NutUI takes its button texts from its locale: ours come from the catalogue.
  const locale = {
    ...nutConfig.locale,
    confirm: t('components.datePicker.confirm'),
    cancel: t('components.datePicker.cancel'),
  };

  const minTime = min === undefined ? undefined : toLocalDate(min).getTime();
  const maxTime = max === undefined ? undefined : toLocalDate(max).getTime();
  const valueTime = value === undefined ? undefined : toLocalDate(value).getTime();
  const range = useMemo(() => {
    const fallback = defaultDateRange();
    const start = minTime === undefined ? fallback.min : new Date(minTime);
    const end = maxTime === undefined ? fallback.max : new Date(maxTime);
    const initial = clampDate(valueTime === undefined ? toLocalDate(new Date()) : new Date(valueTime), start, end);
    return { start, end, initial };
  }, [minTime, maxTime, valueTime]);

  const heading = title ?? t('components.datePicker.title');

  const picker =
    precision === 'year' ? (
      // NutUI's DatePicker has no year-only type: a one-column Picker of years does that job.
      <Picker
        visible={visible}
        title={heading}
        options={[yearOptions(range.start, range.end)]}
        defaultValue={[range.initial.getFullYear()]}
        onConfirm={(_options, selected) => onConfirm(formatPickedDate(selected.map(String), 'year'))}
        onClose={onClose}
      />
    ) : (
      <DatePicker
        visible={visible}
        title={heading}
        type={precision === 'month' ? 'year-month' : 'date'}
        startDate={range.start}
        endDate={range.end}
        defaultValue={range.initial}
        onConfirm={(_options, selected) => onConfirm(formatPickedDate(selected.map(String), precision))}
        onClose={onClose}
      />
    );

  return (
    <ConfigProvider className='date-picker-sheet' direction='ltr' locale={locale}>
      {picker}
    </ConfigProvider>
  );
}

function yearOptions(start: Date, end: Date): { label: string; value: number }[] {
  const years: { label: string; value: number }[] = [];
  for (let year = start.getFullYear(); year <= end.getFullYear(); year += 1) {
    years.push({ label: String(year), value: year });
  }
  return years;
}
