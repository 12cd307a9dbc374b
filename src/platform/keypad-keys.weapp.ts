import type { KeypadKeyHandlers, KeypadKeyOptions } from './keypad-keys.types';

export type { KeypadKeyHandlers, KeypadKeyOptions };

/** The mini program: no physical keyboard reaches a page; the on-screen keys are the only ones. */
export function usePhysicalKeypad(_active: boolean, _handlers: KeypadKeyHandlers, _options: KeypadKeyOptions = {}): void {}
