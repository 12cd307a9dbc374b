import { navLineRows, percentText, thinPoints, type NavLinePoint } from '@/components/chart/nav-line-elements';
import { toneColor, CHART_FALL, CHART_RISE } from '@/components/chart/chart-colors';

const series = (n: number): NavLinePoint[] =>
  Array.from({ length: n }, (_, i) => ({
    date: `d${String(i).padStart(5, '0')}`,
    fund: Math.sin(i / 37) + i / 1000,
    benchmark: i % 2 ? null : i / 2000,
  }));

describe('nav line chart data', () => {
  it('keeps short series whole and thins long ones to the budget, keeping first, last, the extremes and date order', () => {
    expect(thinPoints(series(300), 600)).toHaveLength(300);
    const long = series(2500);
    const thin = thinPoints(long, 600);
    expect(thin.length).toBeLessThanOrEqual(600);
    expect(thin.length).toBeGreaterThan(400);
    expect(thin[0]).toBe(long[0]);
    expect(thin[thin.length - 1]).toBe(long[2499]);
    const max = long.reduce((a, b) => (b.fund > a.fund ? b : a));
    const min = long.reduce((a, b) => (b.fund < a.fund ? b : a));
    expect(thin).toContain(max);
    expect(thin).toContain(min);
    expect(thin.map((p) => p.date)).toEqual([...thin.map((p) => p.date)].sort());
  });

  it('emits one row per point and series; the benchmark leaves gaps where it has no value', () => {
    const rows = navLineRows({ points: series(10), fundName: 'F', benchmarkName: 'B' });
    expect(rows.filter((r) => r.series === 'F')).toHaveLength(10);
    expect(rows.filter((r) => r.series === 'B')).toHaveLength(5);
    expect(
      navLineRows({ points: series(10).map((p) => ({ ...p, benchmark: null })), fundName: 'F', benchmarkName: 'B' }).every(
        (r) => r.series === 'F',
      ),
    ).toBe(true);
  });

  it('labels percentages with a sign and colours them red up, green down', () => {
    expect([percentText(0.0523), percentText(-0.012), percentText(0), percentText(0.00001)]).toEqual([
      '+5.23%',
      '-1.20%',
      '0.00%',
      '0.00%',
    ]);
    expect([toneColor(0.1), toneColor(-0.1)]).toEqual([CHART_RISE, CHART_FALL]);
  });
});
