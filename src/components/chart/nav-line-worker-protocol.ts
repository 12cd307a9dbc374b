// Messages between the page and the worker that draws a NAV line chart off the main thread
// (nav-line-chart-worker.h5.tsx ↔ nav-line.worker.ts). Plain data only: they cross postMessage.
import type { NavLineChartOptions } from './nav-line-elements';

/** A pointer on the chart, in CSS px from the canvas's top-left corner. */
export interface ForwardedTouch {
  identifier: number;
  x: number;
  y: number;
  clientX: number;
  clientY: number;
}

export type ToNavLineWorker =
  | { type: 'init'; canvas: OffscreenCanvas; pixelRatio: number; width: number; height: number }
  | { type: 'draw'; seq: number; options: NavLineChartOptions }
  | { type: 'touch'; eventType: 'touchstart' | 'touchmove' | 'touchend'; touches: ForwardedTouch[] };

export type FromNavLineWorker = { type: 'drawn'; seq: number; ms: number } | { type: 'failed'; seq: number; message: string };
