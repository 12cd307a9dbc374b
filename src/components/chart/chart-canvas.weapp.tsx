import { useEffect, useRef, useState } from 'react';
import Taro from '@tarojs/taro';
import { Canvas, View } from '@tarojs/components';
import { createF2Chart, type F2Chart } from './f2-canvas';
import type { ChartCanvasProps } from './chart-canvas.types';
import './chart.scss';

let nextId = 0;

/**
 * f2 measures text on an offscreen canvas; there is no DOM to make one here. wx.createOffscreenCanvas where the
 * base library has it, else a stand-in that measures on the chart's own context (f2 only sets `font` and calls
 * `measureText` on it; its width/height writes must not resize the real canvas).
 */
function textMeasuringCanvas(context: CanvasRenderingContext2D): unknown {
  try {
    if (typeof Taro.createOffscreenCanvas === 'function') {
      const offscreen = Taro.createOffscreenCanvas({ type: '2d', width: 10, height: 10 });
      if (offscreen) return offscreen;
    }
  } catch {
    // an older base library: fall through to the stand-in
  }
  return { width: 10, height: 10, getContext: () => context };
}

interface CanvasNode {
  width: number;
  height: number;
  getContext(kind: '2d'): CanvasRenderingContext2D;
  requestAnimationFrame?: (cb: () => void) => number;
  cancelAnimationFrame?: (id: number) => void;
}

interface TouchLike {
  type?: string;
  touches?: unknown[];
  changedTouches?: unknown[];
  preventDefault?: () => void;
}

/**
 * weapp: `Canvas type="2d"`; its node comes from a selector query once rendered, sized at the device pixel ratio.
 * Touches are forwarded to f2 (it has no DOM to listen on here), so the tooltip follows the finger.
 */
export function ChartCanvas({ height, draw, className, label, testId, onDrawn }: ChartCanvasProps) {
  const [id] = useState(() => `chart-canvas-${(nextId += 1)}`);
  const chartRef = useRef<F2Chart | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    let live = true;
    Taro.nextTick(() => {
      Taro.createSelectorQuery()
        .select(`#${id}`)
        .fields({ node: true, size: true })
        .exec((res: unknown[]) => {
          const hit = res?.[0] as { node?: CanvasNode; width?: number; height?: number } | undefined;
          const node = hit?.node;
          if (!live || !node || typeof node.getContext !== 'function') return;
          const width = Math.max(1, Math.floor(hit?.width || 320));
          const cssHeight = Math.max(1, Math.floor(hit?.height || height));
          const pixelRatio = Taro.getWindowInfo?.().pixelRatio || Taro.getSystemInfoSync().pixelRatio || 2;
          node.width = Math.round(width * pixelRatio);
          node.height = Math.round(cssHeight * pixelRatio);
          const context = node.getContext('2d');
          chartRef.current = createF2Chart({
            context,
            pixelRatio,
            width,
            height: cssHeight,
            offscreenCanvas: textMeasuringCanvas(context),
            requestAnimationFrame: node.requestAnimationFrame?.bind(node),
            cancelAnimationFrame: node.cancelAnimationFrame?.bind(node),
          });
          setSize({ width, height: cssHeight });
        });
    });
    return () => {
      live = false;
      chartRef.current?.destroy();
      chartRef.current = null;
    };
    // The node is looked up once; later height changes only restyle the view.
  }, [id]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !size) return;
    let live = true;
    void chart
      .draw(draw(size))
      .then((ms) => {
        if (live) onDrawn?.(ms);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // onDrawn is a report hook, not an input of the drawing.
  }, [draw, size]);

  const forward = (type: string) => (event: TouchLike) => {
    const target = chartRef.current?.eventTarget();
    if (!target) return;
    target.dispatchEvent({ ...event, type, preventDefault: event.preventDefault ?? (() => undefined) });
  };

  return (
    <View className={`chart-canvas ${className ?? ''}`} style={{ height: `${height}px` }} data-testid={testId}>
      <Canvas
        id={id}
        type='2d'
        className='chart-canvas__el'
        aria-label={label}
        onTouchStart={forward('touchstart')}
        onTouchMove={forward('touchmove')}
        onTouchEnd={forward('touchend')}
      />
    </View>
  );
}
