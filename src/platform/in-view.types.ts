/** What to watch: a selector (both targets), or on H5 an element already at hand. */
export interface InViewTarget {
  selector?: string;
  element?: Element | null;
  /** weapp: the page or component instance the selector is scoped to (Taro.getCurrentInstance().page). */
  scope?: unknown;
}

export interface InViewOptions {
  /** Share of the element that must be visible; docs/PRODUCT.md §9: 0.8. */
  threshold?: number;
  /** Stop after the first time it is seen (default true: exposure is counted once). */
  once?: boolean;
}

export interface InView {
  /** Calls `onVisible` when the target becomes at least `threshold` visible; returns the disconnect. */
  observeInView(target: InViewTarget, onVisible: () => void, options?: InViewOptions): () => void;
}
