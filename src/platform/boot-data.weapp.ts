import type { DemoClock } from './boot-data.types';

// The mini program has no HTML page to carry answers: every call goes to the network.
export function takeBootAnswer(_url: string): unknown {
  return undefined;
}

/** The mini program has no page HTML: no demo-time notice. */
export function demoClock(): DemoClock | null {
  return null;
}

/** The mini program has no server-drawn first screen. */
export function removeFirstPaint(): void {}

export function resetBootDataForTests(): void {}
