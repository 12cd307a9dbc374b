// Elder mode 关怀版 (issue 26) for component tests: switch it on for a test, and forget it afterwards.
import { ELDER_CLASS, ELDER_MODE_STORAGE_KEY, resetElderModeForTests, setElderMode } from '@/platform/elder-mode';
import { localStore } from '@/platform/storage';

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
