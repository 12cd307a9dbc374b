import { useCallback, useMemo } from 'react';
import { Text, View } from '@tarojs/components';
import { computeDefaultIndicators } from '@/lib/indicators';
import { ChartCanvas } from './chart-canvas';
import {
  klineMainElement,
  klineModel,
  klineOscillatorElement,
  lastValue,
  type IndicatorLine,
  type KlineBar,
  type KlineIndicator,
} from './kline-elements';
import './kline-chart.scss';
import { seriesAltText } from './chart-alt';

export interface KlineChartProps {
  /** Every loaded bar, oldest first (indicators warm up on the bars before the visible window). */
  bars: readonly KlineBar[];
  indicator: KlineIndicator;
  /** Bars shown; default 90. */
  visible?: number;
  /** CSS px of the price chart; the oscillator sub-chart is 40 % of it. */
  height?: number;
  label?: string;
}

function Legend({ lines, testId }: { lines: readonly IndicatorLine[]; testId: string }) {
  return (
    <View className='kline-legend' data-testid={testId}>
      {lines.map((line) => {
        const value = lastValue(line);
        return (
          // The line's colour on a swatch, the words in the text colour: a light line colour as text was unreadable
          // (WCAG 1.4.3, issue 26).
          <Text key={line.name} className='kline-legend__item' data-line={line.name}>
            <Text className='kline-legend__swatch' style={{ background: line.color }} />
            {`${line.name} ${value === null ? '--' : value.toFixed(2)}`}
          </Text>
        );
      })}
    </View>
  );
}

/** Candlesticks with an overlay (MA/BOLL/BBI) and, for oscillators, a sub-chart; legends show the last values. */
export function KlineChart({ bars, indicator, visible = 90, height = 220, label }: KlineChartProps) {
  const all = useMemo(() => computeDefaultIndicators(bars), [bars]);
  const model = useMemo(() => klineModel(bars, indicator, visible, all), [bars, indicator, visible, all]);
  const drawMain = useCallback(() => klineMainElement(model), [model]);
  const drawSub = useCallback(() => klineOscillatorElement(model), [model]);
  // The text alternative: the visible window's closes — change, last, low, high (issue 26).
  const alt = useMemo(
    () =>
      label
        ? seriesAltText(
            label,
            model.bars.map((b) => ({ date: b.date, value: b.close })),
            (v) => v.toFixed(2),
            true,
          )
        : undefined,
    [label, model],
  );
  return (
    <View className='kline-chart' data-testid='kline-chart' data-indicator={indicator}>
      <Legend lines={model.overlay} testId='kline-legend-main' />
      <ChartCanvas height={height} draw={drawMain} label={alt} testId='kline-canvas' />
      {model.oscillator.length > 0 ? (
        <>
          <Legend lines={model.oscillator} testId='kline-legend-sub' />
          <ChartCanvas
            height={Math.round(height * 0.4)}
            draw={drawSub}
            label={label ? `${label} ${indicator}` : indicator}
            testId='kline-sub-canvas'
          />
        </>
      ) : null}
    </View>
  );
}
