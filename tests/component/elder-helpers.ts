// Elder mode 关怀版 (issue 26) for component tests: switch it on for a test, and forget it afterwards.
import { ELDER_CLASS, ELDER_MODE_STORAGE_KEY, resetElderModeForTests, setElderMode } from '@/platform/elder-mode';
import { localStore } from '@/platform/storage';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Turns elder mode on (as the settings switch does). */
export function elderOn(): void {
  setElderMode(true);
}

/** Forgets the choice, what the host said and the document's class: the next test starts with the mode off. */
export function elderReset(): void {
  localStore.remove(ELDER_MODE_STORAGE_KEY);
  resetElderModeForTests();
  document.documentElement.classList.remove(ELDER_CLASS);
}

/**
 * The classes elder mode's stylesheet (src/pages/shell/elder-mode.scss) stacks in one column: the selectors
 * `.dj-elder .x` of every rule that sets `flex-direction: column`. jsdom draws no SCSS: a test checks a page's
 * rows of figures are among these.
 */
export function elderOneColumnClasses(): string[] {
  const scss = readFileSync(path.resolve(__dirname, '../../src/pages/shell/elder-mode.scss'), 'utf8').replace(/\/\/.*$/gm, '');
  const classes: string[] = [];
  for (const rule of scss.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!/flex-direction:\s*column/.test(rule[2]!)) continue;
    for (const selector of rule[1]!.split(',')) {
      const match = /^\s*\.dj-elder \.([\w-]+)\s*$/.exec(selector);
      if (match) classes.push(match[1]!);
    }
  }
  return classes;
}

/** The elements of `root` wearing `className`, which must be there (a renamed class would pass unnoticed). */
export function present(className: string, root: ParentNode = document): Element[] {
  const found = [...root.querySelectorAll(`.${className}`)];
  if (found.length === 0) throw new Error(`no .${className} on the page`);
  return found;
}
