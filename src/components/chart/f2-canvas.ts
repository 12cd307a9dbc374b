// The one place that talks to f2's Canvas: both platform variants of ChartCanvas hand it a 2D context.
// f2 elements are built with its `jsx()` function in plain .ts files, so its JSX pragma never meets React's.
import { Canvas, jsx } from '@antv/f2';
import type { ChartSize } from './chart-canvas.types';

/** An f2 element tree as returned by f2's `jsx()`. */
export type F2Element = ReturnType<typeof import('@antv/f2').jsx>;

/**
 * `jsx()` for f2 components: f2's generic class components do not satisfy its own `ElementType`
 * under strict variance, so the type is widened here, once.
 */
export function f2El(type: unknown, props: object, ...children: F2Element[]): F2Element {
  return jsx(type as Parameters<typeof jsx>[0], props, ...children);
}

export interface F2Surface extends ChartSize {
  context: CanvasRenderingContext2D;
  pixelRatio: number;
  /** weapp: text measuring canvas and animation frames come from the canvas node (no DOM there). */
  offscreenCanvas?: unknown;
  requestAnimationFrame?: (cb: () => void) => number;
  cancelAnimationFrame?: (id: number) => void;
  /**
   * H5 worker: which forwarded events are touches. The engine's default asks `instanceof TouchEvent`, which a worker
   * does not have (nor are forwarded events real ones).
   */
  isTouchEvent?: (event: { type?: string }) => boolean;
}

export interface F2Chart {
  /** Draws (first call) or redraws with a new element tree; resolves with the time taken in ms. */
  draw(element: F2Element): Promise<number>;
  /** f2's event target: weapp forwards touch events to it (the tooltip follows the finger). */
  eventTarget(): { dispatchEvent(event: unknown): unknown } | null;
  destroy(): void;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function createF2Chart(surface: F2Surface): F2Chart {
  let canvas: Canvas | null = null;
  // The engine renders in a requestAnimationFrame loop; a frame that fires after destroy() would render a torn-down
  // tree and throw. Frames go through this gate, shut at destroy.
  let stopped = false;
  const frame =
    surface.requestAnimationFrame ?? (typeof requestAnimationFrame === 'function' ? requestAnimationFrame.bind(globalThis) : null);
  const cancelFrame =
    surface.cancelAnimationFrame ?? (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame.bind(globalThis) : null);
  const baseProps = {
    context: surface.context,
    pixelRatio: surface.pixelRatio,
    width: surface.width,
    height: surface.height,
    // A finance chart is read, not watched: no entry animation (also keeps redraws on period switch instant).
    animate: false,
    ...(surface.offscreenCanvas ? { offscreenCanvas: surface.offscreenCanvas } : {}),
    ...(frame ? { requestAnimationFrame: (cb: () => void) => frame(() => !stopped && cb()) } : {}),
    ...(cancelFrame ? { cancelAnimationFrame: cancelFrame } : {}),
    ...(surface.isTouchEvent ? { isTouchEvent: surface.isTouchEvent } : {}),
  };
  return {
    async draw(element) {
      const started = now();
      const props = { ...baseProps, children: element } as ConstructorParameters<typeof Canvas>[0];
      if (!canvas) {
        canvas = new Canvas(props);
        await canvas.render();
      } else {
        await canvas.update(props);
      }
      return now() - started;
    },
    eventTarget() {
      return (canvas?.getCanvasEl() as unknown as { dispatchEvent(event: unknown): unknown } | undefined) ?? null;
    },
    destroy() {
      stopped = true;
      canvas?.destroy();
      canvas = null;
    },
  };
}
