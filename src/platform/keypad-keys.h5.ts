import { useEffect, useRef } from 'react';
import type { KeypadKeyHandlers, KeypadKeyOptions } from './keypad-keys.types';

export type { KeypadKeyHandlers, KeypadKeyOptions };

// H5 (issue 26: everything works with a keyboard on a desktop): while an on-screen number keypad is up, the
// keyboard's digits, Backspace, '.' (amount keypads only) and Enter act as its keys. The keypads (NutUI's
// NumberKeyboard) draw their keys as views a keyboard cannot type on; the system keyboard is never used for them.

/** A key typed in a field of its own (an input, a text area, an editable box) is that field's, not the keypad's. */
function typedInAField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** The keypad key a keyboard event stands for, or null: digits, '.', Backspace, Enter — without Ctrl, Alt or ⌘. */
function keypadKeyOf(event: KeyboardEvent, options: KeypadKeyOptions = {}): string | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
  const key = event.key;
  if (/^[0-9]$/.test(key)) return key;
  if ((key === '.' || key === 'Decimal') && options.decimal) return '.';
  if (key === 'Backspace' || key === 'Enter') return key;
  return null;
}

/** While `active`, the document's keydown of a keypad key calls the matching handler (and the browser does nothing else). */
export function usePhysicalKeypad(active: boolean, handlers: KeypadKeyHandlers, options: KeypadKeyOptions = {}): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const decimal = options.decimal ?? false;
  useEffect(() => {
    if (!active) return undefined;
    const listener = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || typedInAField(event.target)) return;
      const key = keypadKeyOf(event, { decimal });
      if (key === null) return;
      const { onKey, onDelete, onEnter } = latest.current;
      if (key === 'Enter') {
        if (!onEnter) return;
        onEnter();
      } else if (key === 'Backspace') {
        onDelete();
      } else {
        onKey(key);
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [active, decimal]);
}
