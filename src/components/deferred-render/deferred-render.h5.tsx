import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { removeFirstPaint } from '@/platform/boot-data';

// H5: a page's body is rendered as a React transition right after the shell has drawn, so React builds it in
// slices of a few milliseconds instead of one long task that holds the phone's main thread (and its first taps).
export function DeferredRender({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  // The body is drawn: the first screen the server drew over it (a shared fund link's) gives way.
  useEffect(() => {
    if (ready) removeFirstPaint();
  }, [ready]);
  return ready ? children : null;
}
