import type { F2Element } from './f2-canvas';

export interface ChartSize {
  /** CSS pixels. */
  width: number;
  height: number;
}

export interface ChartCanvasProps {
  /** Height in CSS px; the width is the container's. */
  height: number;
  /**
   * Builds the f2 element tree (a `Chart` made with f2's `jsx()`, see nav-line-elements.ts) for the canvas size.
   * The chart is redrawn whenever this function changes identity: memoise it on the data.
   */
  draw: (size: ChartSize) => F2Element;
  className?: string;
  /** Accessible name of the chart (H5 `aria-label`). */
  label?: string;
  testId?: string;
  /** Called after each draw with the time it took in ms (benchmarks, tests). */
  onDrawn?: (ms: number) => void;
}
