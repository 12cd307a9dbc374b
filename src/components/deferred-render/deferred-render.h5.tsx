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

/**
 * Below the first screen: drawn in a transition of its own one task after the rest of the page has committed, so a
 * long page's first commit (DOM, style and layout of every section at once: one long task on a phone) comes in
 * two smaller ones. What it holds appears under the fold a frame later; nothing above it moves.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
