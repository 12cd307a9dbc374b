import type { ReactNode } from 'react';

// The mini program renders through setData in its own thread: nothing to slice.
export function DeferredRender({ children }: { children: ReactNode }) {
  return children;
}
