import { useEffect, useRef } from 'react';
import type { NavLineChartProps } from './nav-line-chart';
import type { ForwardedTouch, FromNavLineWorker, ToNavLineWorker } from './nav-line-worker-protocol';
import './chart.scss';

// H5: the NAV line chart drawn by a worker (nav-line.worker.ts) on the canvas handed to it with
// transferControlToOffscreen(). The page keeps only this component: no chart library is evaluated and nothing is
// drawn on the main thread, so the fund page's start has no long chart tasks (issue 17). Browsers without
// OffscreenCanvas get the main-thread chart (`canDrawChartsInWorker`).

/** Whether this browser can hand a canvas to a worker (Chrome 69+, Safari 16.4+, Firefox 105+). */
export function canDrawChartsInWorker(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
  );
}

interface Drawing {
  worker: Worker;
  canvas: HTMLCanvasElement;
  seq: number;
}

/** Same props and same DOM as the main-thread NavLineChart (a `.chart-canvas` view holding one canvas). */
export function NavLineChartInWorker({ height = 200, label, testId, onDrawn, ...options }: NavLineChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const drawingRef = useRef<Drawing | null>(null);
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;

  // The canvas is made here, not by React: a canvas can be handed to a worker once, and a remount needs a fresh one.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const width = Math.max(1, Math.floor(box.clientWidth || 320));
    const pixelRatio = window.devicePixelRatio || 1;
    const canvas = document.createElement('canvas');
    canvas.className = 'chart-canvas__el';
    canvas.setAttribute('role', 'img');
    if (label) canvas.setAttribute('aria-label', label);
    if (testId) canvas.setAttribute('data-testid', testId);
    canvas.width = Math.round(width * pixelRatio);
    canvas.height = Math.round(height * pixelRatio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    box.appendChild(canvas);
    const worker = new Worker(new URL('./nav-line.worker.ts', import.meta.url), { name: 'lib-chart-worker' });
    const drawing: Drawing = { worker, canvas, seq: 0 };
    drawingRef.current = drawing;
    worker.onmessage = (event: MessageEvent<FromNavLineWorker>) => {
      if (event.data.type === 'drawn' && event.data.seq === drawing.seq) onDrawnRef.current?.(event.data.ms);
    };
    const offscreen = canvas.transferControlToOffscreen();
    const init: ToNavLineWorker = { type: 'init', canvas: offscreen, pixelRatio, width, height };
    worker.postMessage(init, [offscreen]);

    // Pointers (finger, mouse, pen) reach the worker as touches in canvas px: f2's tooltip follows a press there.
    let down: number | null = null;
    const send = (eventType: 'touchstart' | 'touchmove' | 'touchend', e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      const x = e.clientX - rect.left;
      const y = e.clientY - rect.top;
      const touches: ForwardedTouch[] = [{ identifier: 0, x, y, clientX: x, clientY: y }];
      const message: ToNavLineWorker = { type: 'touch', eventType, touches };
      worker.postMessage(message);
    };
    const onDown = (e: PointerEvent) => {
      down = e.pointerId;
      send('touchstart', e);
    };
    const onMove = (e: PointerEvent) => {
      if (down === e.pointerId) send('touchmove', e);
    };
    const onUp = (e: PointerEvent) => {
      if (down !== e.pointerId) return;
      down = null;
      send('touchend', e);
    };
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    canvas.addEventListener('pointercancel', onUp);
    canvas.addEventListener('pointerleave', onUp);
    return () => {
      worker.terminate();
      canvas.remove();
      drawingRef.current = null;
    };
    // Size and names are fixed for the canvas's life, as with the main-thread chart (a new height remounts it).
  }, [height, label, testId]);

  const { points, fundName, benchmarkName, fundColor, benchmarkColor, padding, valueFormat, maxPoints } = options;
  useEffect(() => {
    const drawing = drawingRef.current;
    if (!drawing) return;
    drawing.seq += 1;
    const message: ToNavLineWorker = {
      type: 'draw',
      seq: drawing.seq,
      options: { points, fundName, benchmarkName, fundColor, benchmarkColor, padding, valueFormat, maxPoints },
    };
    drawing.worker.postMessage(message);
  }, [points, fundName, benchmarkName, fundColor, benchmarkColor, padding, valueFormat, maxPoints, height, label, testId]);

  return <div ref={boxRef} className='chart-canvas' style={{ height: `${height}px` }} />;
}
