// The charts' text alternatives (issue 26, WCAG 1.1.1): besides the fund page's growth chart, every chart a page draws
// — an index's PE/PB history and its candlesticks, 现金宝's yield line, the 定投 backtest — is named by what a sighted
// reader takes from it: its dates, where it ends, its lowest and highest, and for a price its change.
import { render, screen } from '@testing-library/react';
import { changeText, seriesAltText } from '@/components/chart/chart-alt';
import { CashLineChart } from '@/features/cash/cash-line-chart';
import * as discoverApi from '@/features/discover/api';
import { IndexValuation } from '@/features/discover/index-valuation';
import { setLocale } from '@/locales/i18n';
import { until } from './trade-helpers';

beforeEach(() => {
  // jsdom has no 2D canvas: nothing is drawn, the canvas and its name are there.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  setLocale('zh-CN');
});
afterEach(() => {
  jest.restoreAllMocks();
  setLocale('zh-CN');
});

const name = (testId: string) => screen.getByTestId(testId).getAttribute('aria-label');

describe('seriesAltText', () => {
  const points = [
    { date: '2026-01-05', value: 10 },
    { date: '2026-02-05', value: 8 },
    { date: '2026-03-05', value: 12.5 },
  ];

  it('says the dates, the last value, the low and the high; with the change for a price', () => {
    const two = (v: number) => v.toFixed(2);
    expect(seriesAltText('市盈率', points, two)).toBe('市盈率（2026-01-05至2026-03-05）：最新12.50，最低8.00，最高12.50');
    expect(seriesAltText('沪深300', points, two, true)).toBe(
      '沪深300（2026-01-05至2026-03-05）：涨跌+25.00%，最新12.50，最低8.00，最高12.50',
    );
    setLocale('en-US');
    expect(seriesAltText('CSI 300', points, two, true)).toBe(
      'CSI 300 (2026-01-05 to 2026-03-05): change +25.00%, latest 12.50, low 8.00, high 12.50',
    );
  });

  it('no points: just the name; a fall is signed; no base, no change', () => {
    expect(seriesAltText('市盈率', [], String)).toBe('市盈率');
    expect(changeText(10, 9)).toBe('-10.00%');
    expect(changeText(0, 9)).toBeNull();
  });
});

describe('the charts', () => {
  it("现金宝's yield line: the days shown, the latest yield and its range", () => {
    render(
      <CashLineChart
        rows={[
          { date: '2026-03-04', value: 2.3 },
          { date: '2026-03-05', value: 2.41 },
          { date: '2026-03-06', value: 2.345 },
        ]}
        figure='yield'
        label='近30天七日年化收益率走势'
        testId='cash-canvas'
      />,
    );
    expect(name('cash-canvas')).toBe('近30天七日年化收益率走势（2026-03-04至2026-03-06）：最新2.345%，最低2.300%，最高2.410%');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(name('cash-canvas'));
  });

  it("an index's PE history and its candlesticks say their period, change and range", async () => {
    jest.spyOn(discoverApi, 'getIndexDetail').mockResolvedValue({
      index_code: 'SH000300',
      name: '沪深300',
      description: '',
      has_valuation: true,
      valuation: null,
      funds: [],
    } as unknown as Awaited<ReturnType<typeof discoverApi.getIndexDetail>>);
    jest.spyOn(discoverApi, 'getValuationHistory').mockResolvedValue({
      points: [
        { date: '2021-03-01', value: 15.2 },
        { date: '2023-03-01', value: 11.04 },
        { date: '2026-03-01', value: 12.6 },
      ],
      lines: [],
    });
    const bar = (date: string, close: string) => ({ date, open: close, high: close, low: close, close, volume: 1, percent: null });
    jest.spyOn(discoverApi, 'getKline').mockResolvedValue({
      items: [bar('2026-03-02', '4000.00'), bar('2026-03-03', '3900.00'), bar('2026-03-04', '4100.00')],
    } as unknown as Awaited<ReturnType<typeof discoverApi.getKline>>);
    render(<IndexValuation indexCode='SH000300' />);
    await until(() => expect(screen.getByTestId('history-canvas')).toBeInTheDocument());
    expect(name('history-canvas')).toContain('（2021-03-01至2026-03-01）：最新12.60，最低11.04，最高15.20');
    expect(name('history-canvas')).toContain('沪深300');
    await until(() => expect(screen.getByTestId('kline-canvas')).toBeInTheDocument());
    expect(name('kline-canvas')).toContain('（2026-03-02至2026-03-04）：涨跌+2.50%，最新4100.00，最低3900.00，最高4100.00');
  });
});
