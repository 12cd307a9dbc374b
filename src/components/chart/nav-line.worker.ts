/// <reference lib="webworker" />
// H5: a worker that draws a fund's NAV line chart (f2 and its canvas engine, ~500 KB of script) on an
// OffscreenCanvas, so neither evaluating the library nor drawing holds the page's main thread while it starts
// (issue 17: the fund page's long tasks). The page forwards touches; f2's tooltip follows them here as on the main
// thread. Started by nav-line-chart-worker.h5.tsx; the same element tree as the main-thread chart (nav-line-elements.ts).
import { createF2Chart, type F2Chart } from './f2-canvas';
import { navLineChartElement } from './nav-line-elements';
import type { FromNavLineWorker, ToNavLineWorker } from './nav-line-worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

let chart: F2Chart | null = null;
let canvas: OffscreenCanvas | null = null;
const reply = (message: FromNavLineWorker) => self.postMessage(message);

self.onmessage = (event: MessageEvent<ToNavLineWorker>) => {
  const message = event.data;
  if (message.type === 'init') {
    canvas = message.canvas;
    const context = canvas.getContext('2d') as unknown as CanvasRenderingContext2D | null;
    if (!context) return;
    chart = createF2Chart({
      context,
      pixelRatio: message.pixelRatio,
      width: message.width,
      height: message.height,
      // Text is measured on a canvas of its own (there is no document to make one from).
      offscreenCanvas: new OffscreenCanvas(10, 10),
      requestAnimationFrame: (cb) => self.requestAnimationFrame(cb),
      cancelAnimationFrame: (id) => self.cancelAnimationFrame(id),
      isTouchEvent: (e) => typeof e.type === 'string' && e.type.startsWith('touch'),
    });
    return;
  }
  if (message.type === 'draw') {
    const { seq } = message;
    if (!chart) return reply({ type: 'failed', seq, message: 'no canvas' });
    chart
      .draw(navLineChartElement(message.options))
      .then((ms) => reply({ type: 'drawn', seq, ms }))
      .catch((error: unknown) => reply({ type: 'failed', seq, message: String(error) }));
    return;
  }
  if (message.type === 'touch') {
    const target = chart?.eventTarget();
    if (!target) return;
    // The engine takes an event for its canvas when the event names that canvas as its target.
    target.dispatchEvent({
      type: message.eventType,
      touches: message.eventType === 'touchend' ? [] : message.touches,
      changedTouches: message.touches,
      target,
      composedPath: () => [target, canvas],
      preventDefault: () => undefined,
    });
  }
};
