// Technical indicators against values worked by hand (fractions in the comments) and against naive,
// window-by-window definitions written here, never against the code under test.
import { INDICATOR_DEFAULTS } from '@/lib/constants';
import {
  bbi,
  bias,
  boll,
  cci,
  computeDefaultIndicators,
  kdj,
  ma,
  macd,
  psy,
  rsi,
  seriesToNullable,
  seriesValue,
  wr,
  type Bar,
  type Series,
} from '@/lib/indicators';

/** A bar where only the close matters (open = high = low = close). */
const flatBar = (close: number): Bar => ({ open: close, high: close, low: close, close });
const closes = (...values: number[]): Bar[] => values.map(flatBar);
const hlc = (high: number, low: number, close: number): Bar => ({ open: close, high, low, close });

/** Compares a line with expected values: null where there is none, numbers to 10 decimals. */
function expectLine(series: Series, expected: (number | null)[]): void {
  const actual = seriesToNullable(series);
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (value === null) expect({ i, v: actual[i] }).toEqual({ i, v: null });
    else expect([i, actual[i]]).toEqual([i, expect.closeTo(value, 10)]);
  });
}

/** Every value a chart would read: null or a finite number, never NaN/Infinity. */
function expectDrawable(series: Series): void {
  for (const v of seriesToNullable(series)) if (v !== null) expect(Number.isFinite(v)).toBe(true);
}

describe('moving averages', () => {
  test('MA(3): null until the window is full, then the mean of the last three closes', () => {
    expectLine(ma(closes(1, 2, 3, 4, 8), 3), [null, null, 2, 3, 5]);
  });
  test('MA defaults to docs/PRODUCT.md §9 period 5', () => {
    expect(INDICATOR_DEFAULTS.ma[0]).toBe(5);
    expectLine(ma(closes(1, 2, 3, 4, 5, 6)), [null, null, null, null, 3, 4]);
  });
  test('fewer bars than the window: every bar is null, start = bar count', () => {
    const line = ma(closes(1, 2, 3), 5);
    expect(line.start).toBe(3);
    expectLine(line, [null, null, null]);
    expectLine(ma([], 5), []);
  });
});

describe('BOLL (population standard deviation)', () => {
  test('BOLL(3, 2) worked by hand', () => {
    // window 1,2,3: mean 2, squared deviations 1+0+1 = 2, variance 2/3 (÷ N, not ÷ N − 1)
    // window 2,3,4: mean 3, variance 2/3;  window 3,4,8: mean 5, deviations −2,−1,3 → 14/3
    const { mid, upper, lower } = boll(closes(1, 2, 3, 4, 8), 3, 2);
    expectLine(mid, [null, null, 2, 3, 5]);
    expectLine(upper, [null, null, 2 + 2 * Math.sqrt(2 / 3), 3 + 2 * Math.sqrt(2 / 3), 5 + 2 * Math.sqrt(14 / 3)]);
    expectLine(lower, [null, null, 2 - 2 * Math.sqrt(2 / 3), 3 - 2 * Math.sqrt(2 / 3), 5 - 2 * Math.sqrt(14 / 3)]);
    // The sample deviation of 1,2,3 would be exactly 1, giving an upper band of 4.
    expect(seriesValue(upper, 2)).not.toBeCloseTo(4, 3);
  });
  test('a flat series has zero width: upper = mid = lower exactly', () => {
    const { mid, upper, lower } = boll(closes(...Array<number>(25).fill(1.1)));
    expect(mid.start).toBe(INDICATOR_DEFAULTS.boll.period - 1);
    for (let i = mid.start; i < 25; i++) {
      expect(seriesValue(upper, i)).toBe(seriesValue(mid, i));
      expect(seriesValue(lower, i)).toBe(seriesValue(mid, i));
    }
  });
});

describe('RSI with SMA(X, N, 1) smoothing', () => {
  test('RSI(3) worked by hand', () => {
    // changes +1, −0.5, +1.5, 0; gains 1, 0, 1.5, 0; |changes| 1, 0.5, 1.5, 0; Y = (X + 2Y′)/3 seeded at bar 1
    // bar 1: 1/1 → 100
    // bar 2: gain (0 + 2·1)/3 = 2/3, move (0.5 + 2·1)/3 = 5/6 → 80
    // bar 3: gain (1.5 + 4/3)/3 = 17/18, move (1.5 + 5/3)/3 = 19/18 → 1700/19
    // bar 4: both shrink by 2/3 → still 1700/19
    expectLine(rsi(closes(10, 11, 10.5, 12, 12), 3), [null, 100, 80, 1700 / 19, 1700 / 19]);
  });
  test('only falls → 0; flat → 50 (no 0 ÷ 0); one bar → null', () => {
    expectLine(rsi(closes(5, 4, 3), 6), [null, 0, 0]);
    expectLine(rsi(closes(5, 5, 5, 5), 6), [null, 50, 50, 50]);
    expectLine(rsi(closes(5), 6), [null]);
    expectLine(rsi([], 6), []);
  });
});

describe('KDJ', () => {
  // high, low, close
  const bars = [hlc(10, 8, 9), hlc(11, 9, 10), hlc(12, 9, 11), hlc(12, 10, 10), hlc(13, 11, 13)];
  test('KDJ(3, 3, 3) worked by hand, K and D seeded with 50', () => {
    // bar 2: HHV 12, LLV 8, RSV = 3/4 → 75; K = (75 + 2·50)/3 = 175/3; D = (175/3 + 100)/3 = 475/9
    // bar 3: HHV 12, LLV 9, RSV = 1/3 → 100/3; K = (100/3 + 350/3)/3 = 50; D = (50 + 950/9)/3 = 1400/27
    // bar 4: HHV 13, LLV 9, RSV = 4/4 → 100; K = (100 + 100)/3 = 200/3; D = (200/3 + 2800/27)/3 = 4600/81
    const { k, d, j } = kdj(bars, 3, 3, 3);
    expectLine(k, [null, null, 175 / 3, 50, 200 / 3]);
    expectLine(d, [null, null, 475 / 9, 1400 / 27, 4600 / 81]);
    // J = 3K − 2D
    expectLine(j, [null, null, 625 / 9, 1250 / 27, 7000 / 81]);
  });
  test('a zero range (flat bars) gives RSV 50, so K = D = J = 50', () => {
    const { k, d, j } = kdj(closes(...Array<number>(12).fill(7)));
    const expected = [...Array<null>(8).fill(null), 50, 50, 50, 50];
    expectLine(k, expected);
    expectLine(d, expected);
    expectLine(j, expected);
  });
  test('fewer bars than N = 9: all null', () => {
    expect(kdj(bars).k.start).toBe(5);
    expectLine(kdj(bars).j, [null, null, null, null, null]);
  });
});

describe('MACD', () => {
  test('MACD(2, 3, 2) worked by hand, EMAs seeded with the first close', () => {
    // EMA2 (α 2/3): 10, (24 + 10)/3 = 34/3, (22 + 34/3)/3 = 100/9
    // EMA3 (α 2/4): 10, (24 + 20)/4 = 11, (22 + 22)/4 = 11
    // DIF: 0, 1/3, 1/9;  DEA (α 2/3): 0, (2/3)/3 = 2/9, (2/9 + 2/9)/3 = 4/27
    const { dif, dea, histogram } = macd(closes(10, 12, 11), 2, 3, 2);
    expectLine(dif, [0, 1 / 3, 1 / 9]);
    expectLine(dea, [0, 2 / 9, 4 / 27]);
    // bar = 2 × (DIF − DEA)
    expectLine(histogram, [0, 2 / 9, -2 / 27]);
  });
  test('a flat series is all zeros with the 12/26/9 defaults', () => {
    const { dif, dea, histogram } = macd(closes(...Array<number>(40).fill(3.3)));
    expectLine(dif, Array<number>(40).fill(0));
    expectLine(dea, Array<number>(40).fill(0));
    expectLine(histogram, Array<number>(40).fill(0));
  });
});

describe('WR, BIAS, BBI', () => {
  test('WR(3) = (HHV − C) / (HHV − LLV) × 100, positive, 0 at the top', () => {
    const bars = [hlc(10, 8, 9), hlc(11, 9, 10), hlc(12, 9, 11), hlc(12, 10, 10), hlc(13, 11, 13)];
    // bar 2: (12 − 11)/(12 − 8) = 1/4; bar 3: (12 − 10)/(12 − 9) = 2/3; bar 4: (13 − 13)/(13 − 9) = 0
    expectLine(wr(bars, 3), [null, null, 25, 200 / 3, 0]);
  });
  test('WR on a zero range is 50', () => {
    expectLine(wr(closes(4, 4, 4, 4, 4, 4, 4), 6), [null, null, null, null, null, 50, 50]);
  });
  test('BIAS(3) = (C − MA3) / MA3 × 100', () => {
    // MA3: 2, 3, 5 → (3 − 2)/2, (4 − 3)/3, (8 − 5)/5
    expectLine(bias(closes(1, 2, 3, 4, 8), 3), [null, null, 50, 100 / 3, 60]);
  });
  test('BBI with custom periods 2 and 3, and with the 3/6/12/24 defaults', () => {
    // MA2: 1.5, 2.5, 3.5, 6; MA3: 2, 3, 5 → (2.5 + 2)/2, (3.5 + 3)/2, (6 + 5)/2
    expectLine(bbi(closes(1, 2, 3, 4, 8), [2, 3]), [null, null, 2.25, 3.25, 5.5]);
    // closes 1…24: MA3 23, MA6 21.5, MA12 18.5, MA24 12.5 → 75.5/4
    const line = bbi(closes(...Array.from({ length: 24 }, (_, i) => i + 1)));
    expect(line.start).toBe(23);
    expect(seriesValue(line, 23)).toBeCloseTo(18.875, 10);
    expect(seriesValue(line, 22)).toBeNull();
  });
});

describe('CCI', () => {
  test('CCI(3, 0.015) with TP = (H + L + C)/3 and mean absolute deviation', () => {
    // TPs 3, 6, 9 (bar 2 is H 12, L 6, C 9), 6
    // bar 2: mean 6, AVEDEV (3 + 0 + 3)/3 = 2 → (9 − 6)/(0.015 · 2) = 100
    // bar 3: mean 7, AVEDEV (1 + 2 + 1)/3 = 4/3 → (6 − 7)/(0.015 · 4/3) = −50
    const bars = [flatBar(3), flatBar(6), hlc(12, 6, 9), flatBar(6)];
    expectLine(cci(bars, 3, 0.015), [null, null, 100, -50]);
  });
  test('a flat window is 0, not rounding noise divided by rounding noise', () => {
    // 1.1 is not exact in binary: a running mean of 1.1s drifts by an ulp, which must not read as ±66.7.
    const line = cci(closes(...Array<number>(30).fill(1.1)));
    expectLine(line, [...Array<null>(13).fill(null), ...Array<number>(17).fill(0)]);
  });
});

describe('PSY', () => {
  test('PSY(3) counts rises over the last 3 changes; PSYMA(2) averages it', () => {
    // changes: up, up, up, down, equal (not a rise), down
    // PSY from bar 3: 3/3, 2/3, 1/3, 0/3
    const { psy: line, psyma } = psy(closes(1, 2, 3, 4, 3, 3, 2), 3, 2);
    expectLine(line, [null, null, null, 100, 200 / 3, 100 / 3, 0]);
    expectLine(psyma, [null, null, null, null, 250 / 3, 50, 50 / 3]);
  });
  test('defaults 12 and 6: PSY from bar 12, PSYMA from bar 17', () => {
    const rising = psy(closes(...Array.from({ length: 20 }, (_, i) => i)));
    expect(rising.psy.start).toBe(12);
    expect(rising.psyma.start).toBe(17);
    expect(seriesValue(rising.psyma, 19)).toBe(100);
  });
});

// ---- Naive definitions (window by window, straight from the formulas) for the default parameters ----------

function pseudoRandomBars(count: number): Bar[] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const bars: Bar[] = [];
  let close = 10;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.round(close * (1 + (next() - 0.5) * 0.06) * 1000) / 1000;
    const high = Math.max(open, close) + Math.round(next() * 200) / 1000;
    const low = Math.min(open, close) - Math.round(next() * 200) / 1000;
    bars.push({ open, high, low, close, volume: 1000 });
  }
  return bars;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const lastN = <T>(xs: T[], i: number, n: number) => xs.slice(i - n + 1, i + 1);
/** TDX SMA(X, N, M) from the first element of xs. */
const tdxSma = (xs: number[], n: number, m: number, seed?: number) => {
  const out: number[] = [];
  xs.forEach((x, i) => {
    const prev = i === 0 ? seed : out[i - 1];
    out.push(prev === undefined ? x : (m * x + (n - m) * prev) / n);
  });
  return out;
};

describe('the defaults match naive per-window definitions on 120 pseudo-random bars', () => {
  const bars = pseudoRandomBars(120);
  const c = bars.map((b) => b.close);
  const h = bars.map((b) => b.high);
  const l = bars.map((b) => b.low);
  const all = computeDefaultIndicators(bars);
  const at = (series: Series, i: number) => seriesValue(series, i);

  test('MA5, BOLL, BIAS, BBI', () => {
    for (let i = 0; i < bars.length; i++) {
      expect(at(all.ma[0], i)).toEqual(i < 4 ? null : expect.closeTo(mean(lastN(c, i, 5)), 9));
      if (i >= 19) {
        const w = lastN(c, i, 20);
        const sd = Math.sqrt(mean(w.map((x) => (x - mean(w)) ** 2)));
        expect(at(all.boll.upper, i)).toBeCloseTo(mean(w) + 2 * sd, 9);
        expect(at(all.boll.lower, i)).toBeCloseTo(mean(w) - 2 * sd, 9);
      } else expect(at(all.boll.mid, i)).toBeNull();
      INDICATOR_DEFAULTS.bias.forEach((n, k) => {
        const m = mean(lastN(c, i, n));
        expect(at(all.bias[k], i)).toEqual(i < n - 1 ? null : expect.closeTo(((c[i] - m) / m) * 100, 9));
      });
      const bbiExpected = i < 23 ? null : mean([3, 6, 12, 24].map((n) => mean(lastN(c, i, n))));
      expect(at(all.bbi, i)).toEqual(bbiExpected === null ? null : expect.closeTo(bbiExpected, 9));
    }
  });

  test('RSI 6/12/24 and MACD 12/26/9', () => {
    const changes = c.slice(1).map((x, i) => x - c[i]);
    INDICATOR_DEFAULTS.rsi.forEach((n, k) => {
      const up = tdxSma(
        changes.map((d) => Math.max(d, 0)),
        n,
        1,
      );
      const move = tdxSma(
        changes.map((d) => Math.abs(d)),
        n,
        1,
      );
      expect(at(all.rsi[k], 0)).toBeNull();
      for (let i = 1; i < bars.length; i++) expect(at(all.rsi[k], i)).toBeCloseTo((up[i - 1] / move[i - 1]) * 100, 9);
    });
    const ema = (xs: number[], n: number) => tdxSma(xs, n + 1, 2);
    const slow = ema(c, 26);
    const dif = ema(c, 12).map((x, i) => x - slow[i]);
    const dea = ema(dif, 9);
    for (let i = 0; i < bars.length; i++) {
      expect(at(all.macd.dif, i)).toBeCloseTo(dif[i], 9);
      expect(at(all.macd.dea, i)).toBeCloseTo(dea[i], 9);
      expect(at(all.macd.histogram, i)).toBeCloseTo(2 * (dif[i] - dea[i]), 9);
    }
  });

  test('KDJ 9/3/3, WR 6/10, CCI 14, PSY 12/6', () => {
    const rsv = c.slice(8).map((x, k) => {
      const i = k + 8;
      const hh = Math.max(...lastN(h, i, 9));
      const ll = Math.min(...lastN(l, i, 9));
      return ((x - ll) / (hh - ll)) * 100;
    });
    const k = tdxSma(rsv, 3, 1, 50);
    const d = tdxSma(k, 3, 1, 50);
    for (let i = 8; i < bars.length; i++) {
      expect(at(all.kdj.k, i)).toBeCloseTo(k[i - 8], 9);
      expect(at(all.kdj.d, i)).toBeCloseTo(d[i - 8], 9);
      expect(at(all.kdj.j, i)).toBeCloseTo(3 * k[i - 8] - 2 * d[i - 8], 9);
    }
    INDICATOR_DEFAULTS.wr.forEach((n, s) => {
      for (let i = n - 1; i < bars.length; i++) {
        const hh = Math.max(...lastN(h, i, n));
        const ll = Math.min(...lastN(l, i, n));
        expect(at(all.wr[s], i)).toBeCloseTo(((hh - c[i]) / (hh - ll)) * 100, 9);
      }
    });
    const tp = bars.map((b) => (b.high + b.low + b.close) / 3);
    for (let i = 13; i < bars.length; i++) {
      const w = lastN(tp, i, 14);
      const avedev = mean(w.map((x) => Math.abs(x - mean(w))));
      expect(at(all.cci, i)).toBeCloseTo((tp[i] - mean(w)) / (0.015 * avedev), 7);
    }
    const rises = c.map((x, i): number => (i > 0 && x > c[i - 1] ? 1 : 0));
    const psyAt = (i: number) => (lastN(rises, i, 12).reduce((a, b) => a + b, 0) / 12) * 100;
    for (let i = 12; i < bars.length; i++) expect(at(all.psy.psy, i)).toBeCloseTo(psyAt(i), 9);
    for (let i = 17; i < bars.length; i++) {
      expect(at(all.psy.psyma, i)).toBeCloseTo(mean([0, 1, 2, 3, 4, 5].map((back) => psyAt(i - back))), 9);
    }
  });

  test('the shortcut computes the same lines as the single-indicator functions', () => {
    expect(Array.from(all.kdj.j.values)).toEqual(Array.from(kdj(bars).j.values));
    expect(Array.from(all.wr[1].values)).toEqual(Array.from(wr(bars, 10).values));
    expect(Array.from(all.bbi.values)).toEqual(Array.from(bbi(bars).values));
    // The three RSIs run in one fused loop in the shortcut: still the same bits as one RSI alone.
    INDICATOR_DEFAULTS.rsi.forEach((p, k) => expect(Array.from(all.rsi[k].values)).toEqual(Array.from(rsi(bars, p).values)));
    expect(Array.from(all.boll.upper.values)).toEqual(Array.from(boll(bars).upper.values));
    expect(Array.from(all.cci.values)).toEqual(Array.from(cci(bars).values));
  });

  test('every one of the 22 lines has the same bits as its single-indicator function', () => {
    const d = INDICATOR_DEFAULTS;
    const pairs: [string, Series, Series][] = [
      ...d.ma.map((p, k): [string, Series, Series] => [`MA${p}`, all.ma[k] as Series, ma(bars, p)]),
      ...(['mid', 'upper', 'lower'] as const).map((key): [string, Series, Series] => [`BOLL ${key}`, all.boll[key], boll(bars)[key]]),
      ...d.rsi.map((p, k): [string, Series, Series] => [`RSI${p}`, all.rsi[k] as Series, rsi(bars, p)]),
      ...(['k', 'd', 'j'] as const).map((key): [string, Series, Series] => [`KDJ ${key}`, all.kdj[key], kdj(bars)[key]]),
      ...(['dif', 'dea', 'histogram'] as const).map((key): [string, Series, Series] => [`MACD ${key}`, all.macd[key], macd(bars)[key]]),
      ...d.wr.map((p, k): [string, Series, Series] => [`WR${p}`, all.wr[k] as Series, wr(bars, p)]),
      ...d.bias.map((p, k): [string, Series, Series] => [`BIAS${p}`, all.bias[k] as Series, bias(bars, p)]),
      ['BBI', all.bbi, bbi(bars)],
      ['CCI', all.cci, cci(bars)],
      ['PSY', all.psy.psy, psy(bars).psy],
      ['PSYMA', all.psy.psyma, psy(bars).psyma],
    ];
    expect(pairs).toHaveLength(22);
    for (const [name, combined, single] of pairs) {
      expect([name, combined.start]).toEqual([name, single.start]);
      expect([name, Array.from(combined.values)]).toEqual([name, Array.from(single.values)]);
    }
  });
});

describe('computeDefaultIndicators writing into an earlier result', () => {
  const lines = (r: ReturnType<typeof computeDefaultIndicators>) => [
    ...r.ma,
    r.boll.mid,
    r.boll.upper,
    r.boll.lower,
    ...r.rsi,
    r.kdj.k,
    r.kdj.d,
    r.kdj.j,
    r.macd.dif,
    r.macd.dea,
    r.macd.histogram,
    ...r.wr,
    ...r.bias,
    r.bbi,
    r.cci,
    r.psy.psy,
    r.psy.psyma,
  ];
  test('overwrites it in place with the same bits as a fresh result, for other bars of the same count', () => {
    const first = computeDefaultIndicators(pseudoRandomBars(90));
    const other = pseudoRandomBars(120).slice(30);
    const fresh = computeDefaultIndicators(other);
    const reused = computeDefaultIndicators(other, first);
    expect(reused).toBe(first);
    const [a, b] = [lines(fresh), lines(reused)];
    expect(b).toHaveLength(22);
    a.forEach((line, k) => {
      expect(b[k]?.start).toBe(line.start);
      expect(Array.from(b[k]?.values ?? [])).toEqual(Array.from(line.values));
    });
  });
  test('a result for another bar count, or one it did not make, is left alone', () => {
    const short = computeDefaultIndicators(pseudoRandomBars(40));
    const before = Array.from(short.cci.values);
    const longer = computeDefaultIndicators(pseudoRandomBars(60), short);
    expect(longer).not.toBe(short);
    expect(Array.from(short.cci.values)).toEqual(before);
    const copy = { ...longer };
    expect(computeDefaultIndicators(pseudoRandomBars(60), copy)).not.toBe(copy);
  });
});

describe('reading lines safely', () => {
  test('no NaN or Infinity reaches a chart, on flat, tiny and random series', () => {
    for (const bars of [closes(...Array<number>(40).fill(2)), closes(1), [], pseudoRandomBars(60)]) {
      const all = computeDefaultIndicators(bars);
      const lines = [
        ...all.ma,
        all.boll.mid,
        all.boll.upper,
        all.boll.lower,
        ...all.rsi,
        all.kdj.k,
        all.kdj.d,
        all.kdj.j,
        all.macd.dif,
        all.macd.dea,
        all.macd.histogram,
        ...all.wr,
        ...all.bias,
        all.bbi,
        all.cci,
        all.psy.psy,
        all.psy.psyma,
      ];
      expect(lines).toHaveLength(22);
      lines.forEach(expectDrawable);
    }
  });
  test('seriesValue and seriesToNullable: null before start and out of range; a window slice', () => {
    const line = ma(closes(1, 2, 3, 4, 8), 3);
    expect(seriesValue(line, 1)).toBeNull();
    expect(seriesValue(line, 2)).toBe(2);
    expect(seriesValue(line, 5)).toBeNull();
    expect(seriesValue(line, -1)).toBeNull();
    expect(seriesToNullable(line, 1, 4)).toEqual([null, 2, 3]);
  });
  test('a period that is not a positive integer is a programming error', () => {
    expect(() => ma(closes(1, 2), 0)).toThrow(RangeError);
    expect(() => rsi(closes(1, 2), 2.5)).toThrow(RangeError);
    expect(() => bbi(closes(1, 2), [])).toThrow(RangeError);
  });
});
