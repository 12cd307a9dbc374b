import { fireEvent, render, screen } from '@testing-library/react';
import { DatePickerSheet } from '@/components/date-picker-sheet/date-picker-sheet';
import { defaultDateRange, formatPickedDate, toLocalDate } from '@/components/date-picker-sheet/date-picker-range';
import { setLocale } from '@/locales/i18n';

/** The option labels of each wheel column, in order. */
function columns(): string[][] {
  return [...document.querySelectorAll('.nut-pickerview-list')].map((list) =>
    [...list.querySelectorAll('.nut-pickerview-roller-item')].map((item) => item.textContent ?? ''),
  );
}

describe('DatePickerSheet', () => {
  afterEach(() => setLocale('zh-CN'));

  it('shows the header "Select date" and the button "OK" (en-US)', () => {
    setLocale('en-US');
    render(<DatePickerSheet visible onConfirm={jest.fn()} onClose={jest.fn()} />);
    expect(screen.getByText('Select date')).toBeInTheDocument();
    expect(screen.getByText('OK')).toBeInTheDocument();
  });

  it('defaults to day precision over ten years back to ten years forward of the current year', () => {
    render(<DatePickerSheet visible onConfirm={jest.fn()} onClose={jest.fn()} />);
    expect(screen.getByText('选择日期')).toBeInTheDocument();
    expect(screen.getByText('确定')).toBeInTheDocument();
    const [years, months, days] = columns();
    const thisYear = new Date().getFullYear();
    expect(columns()).toHaveLength(3);
    expect(years![0]).toBe(String(thisYear - 10));
    expect(years![years!.length - 1]).toBe(String(thisYear + 10));
    expect(years).toHaveLength(21);
    expect(months!.length).toBeGreaterThan(0);
    expect(days!.length).toBeGreaterThan(0);
  });

  it('confirms the selected value as YYYY-MM-DD', () => {
    const onConfirm = jest.fn();
    render(<DatePickerSheet visible value='2024-03-09' onConfirm={onConfirm} onClose={jest.fn()} />);
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('2024-03-09');
  });

  it('keeps the selection inside min and max, and starts the year wheel at min', () => {
    const onConfirm = jest.fn();
    render(<DatePickerSheet visible min='2021-01-01' max='2022-06-30' value='2019-05-05' onConfirm={onConfirm} onClose={jest.fn()} />);
    const [years] = columns();
    expect(years).toEqual(['2021', '2022']);
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('2021-01-01');
  });

  it('shows only year and month at month precision', () => {
    const onConfirm = jest.fn();
    render(<DatePickerSheet visible precision='month' value='2023-11-20' onConfirm={onConfirm} onClose={jest.fn()} />);
    expect(columns()).toHaveLength(2);
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('2023-11');
  });

  it('shows one year wheel at year precision', () => {
    const onConfirm = jest.fn();
    render(
      <DatePickerSheet
        visible
        precision='year'
        min='2020-01-01'
        max='2025-12-31'
        value='2023-02-02'
        onConfirm={onConfirm}
        onClose={jest.fn()}
      />,
    );
    expect(columns()).toEqual([['2020', '2021', '2022', '2023', '2024', '2025']]);
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('2023');
  });

  it('reports closing when cancelled', () => {
    const onClose = jest.fn();
    const onConfirm = jest.fn();
    render(<DatePickerSheet visible onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByText('取消'));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('date picker range helpers', () => {
  it('computes the default range from the current year', () => {
    const { min, max } = defaultDateRange(new Date(2026, 5, 15));
    expect([min.getFullYear(), min.getMonth(), min.getDate()]).toEqual([2016, 0, 1]);
    expect([max.getFullYear(), max.getMonth(), max.getDate()]).toEqual([2036, 11, 31]);
  });

  it('formats picked parts with zero padding at each precision', () => {
    expect(formatPickedDate(['2024', '3', '9'], 'day')).toBe('2024-03-09');
    expect(formatPickedDate([2024, 12, 31], 'month')).toBe('2024-12');
    expect(formatPickedDate([2024], 'year')).toBe('2024');
  });

  it('reads calendar strings as local dates and refuses anything else', () => {
    const date = toLocalDate('2021-01-01');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2021, 0, 1]);
    expect(() => toLocalDate('01/02/2021')).toThrow('Not a calendar date');
  });
});
