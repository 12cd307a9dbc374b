import { startTransition, useEffect, useState, type ReactNode } from 'react';

// H5: a page's body is rendered as a React transition right after the shell has drawn, so React builds it in
// slices of a few milliseconds instead of one long task that holds the phone's main thread (and its first taps).
export function DeferredRender({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : null;
}
