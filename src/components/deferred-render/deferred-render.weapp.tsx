import type { ReactNode } from 'react';

// The mini program renders through setData in its own thread: nothing to slice.
export function DeferredRender({ children }: { children: ReactNode }) {
  return children;
}

/** weapp: drawn with the rest (see the H5 variant). */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  return children;
}
