import { KLINE_INDICATORS, klineModel, lastValue, type KlineBar } from '@/components/chart/kline-elements';

/** 120 bars: a rise of 1 a day from 100, high/low ±1 around the close. */
const bars: KlineBar[] = Array.from({ length: 120 }, (_, i) => ({
  date: `2024-01-${String(i).padStart(3, '0')}`,
  open: 99 + i,
  close: 100 + i,
  high: 101 + i,
  low: 99 + i,
}));

describe('K-line model', () => {
  it('shows the last `visible` bars, with indicators warmed up on the bars before them', () => {
    const model = klineModel(bars, 'MA', 30);
    expect(model.bars).toHaveLength(30);
    expect(model.bars[0]?.date).toBe(bars[90]?.date);
    // MA5 at the first visible bar (bar 90): closes 186…190 → 188, a value (not null) thanks to the warm-up.
    expect(model.overlay[0]?.name).toBe('MA5');
    expect(model.overlay[0]?.values[0]).toBeCloseTo(188, 10);
    expect(lastValue(model.overlay[0]!)).toBeCloseTo(217, 10);
    expect(model.oscillator).toEqual([]);
  });

  it('draws MA, BOLL and BBI over the prices, the others in a sub-chart with MA kept over the prices', () => {
    for (const indicator of KLINE_INDICATORS) {
      const model = klineModel(bars, indicator, 60);
      const overlayNames = model.overlay.map((l) => l.name);
      const subNames = model.oscillator.map((l) => l.name);
      if (indicator === 'BOLL') expect(overlayNames).toEqual(['MID', 'UPPER', 'LOWER']);
      else if (indicator === 'BBI') expect(overlayNames).toEqual(['BBI']);
      else expect(overlayNames).toEqual(['MA5']);
      const expectedSub: Record<string, string[]> = {
        RSI: ['RSI6', 'RSI12', 'RSI24'],
        KDJ: ['K', 'D', 'J'],
        MACD: ['DIF', 'DEA', 'MACD'],
        WR: ['WR6', 'WR10'],
        BIAS: ['BIAS6', 'BIAS12', 'BIAS24'],
        CCI: ['CCI'],
        PSY: ['PSY', 'PSYMA'],
      };
      expect(subNames).toEqual(expectedSub[indicator] ?? []);
      for (const line of [...model.overlay, ...model.oscillator]) expect(line.values).toHaveLength(60);
    }
  });

  it('reads the indicators right on a steady rise: RSI 100, WR 0 (at the top), MACD bars drawn as bars', () => {
    const rsi = klineModel(bars, 'RSI', 10).oscillator;
    for (const line of rsi) expect(lastValue(line)).toBeCloseTo(100, 10);
    const wr = klineModel(bars, 'WR', 10).oscillator;
    // WR6: HHV of highs = 220 (last high), close 219, LLV of lows 213 → (220 − 219) / 7 × 100.
    expect(lastValue(wr[0]!)).toBeCloseTo((1 / 7) * 100, 10);
    const macd = klineModel(bars, 'MACD', 10).oscillator;
    expect(macd.map((l) => !!l.bars)).toEqual([false, false, true]);
  });

  it('has nothing to read on no bars', () => {
    const model = klineModel([], 'KDJ', 90);
    expect(model.bars).toEqual([]);
    expect(model.oscillator.every((l) => lastValue(l) === null)).toBe(true);
  });
});
