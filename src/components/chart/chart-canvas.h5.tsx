import { useEffect, useRef } from 'react';
import { View } from '@tarojs/components';
import { createF2Chart, type F2Chart } from './f2-canvas';
import type { ChartCanvasProps } from './chart-canvas.types';
import './chart.scss';

/** H5: a real <canvas> sized to its container at the device pixel ratio; f2 binds its own pointer events. */
export function ChartCanvas({ height, draw, className, label, testId, onDrawn }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<F2Chart | null>(null);

  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const width = Math.max(1, Math.floor(el.parentElement?.clientWidth || el.clientWidth || 320));
    if (!chartRef.current) {
      const pixelRatio = window.devicePixelRatio || 1;
      el.width = Math.round(width * pixelRatio);
      el.height = Math.round(height * pixelRatio);
      el.style.width = `${width}px`;
      el.style.height = `${height}px`;
      const context = el.getContext('2d');
      if (!context) return;
      chartRef.current = createF2Chart({ context, pixelRatio, width, height });
    }
    let live = true;
    void chartRef.current
      .draw(draw({ width, height }))
      .then((ms) => {
        if (live) onDrawn?.(ms);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // onDrawn is a report hook, not an input of the drawing.
  }, [draw, height]);

  useEffect(
    () => () => {
      chartRef.current?.destroy();
      chartRef.current = null;
    },
    [],
  );

  return (
    <View className={`chart-canvas ${className ?? ''}`} style={{ height: `${height}px` }}>
      <canvas ref={canvasRef} className='chart-canvas__el' role='img' aria-label={label} data-testid={testId} />
    </View>
  );
}
