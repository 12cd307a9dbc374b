import { act, fireEvent } from '@testing-library/react';

/** Types into a NutUI Input the way Taro's input reports it (jsdom has no Stencil input inside). */
export function typeInto(input: Element, value: string): void {
  act(() => {
    input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }));
  });
}

export function inputNamed(name: string, root: ParentNode = document): Element {
  const input = root.querySelector(`taro-input-core[name="${name}"]`);
  if (!input) throw new Error(`no input named ${name}`);
  return input;
}

/** The NutUI button that shows this text. */
export function buttonWithText(text: string | RegExp, root: ParentNode = document): Element {
  const buttons = [...root.querySelectorAll('.nut-button')];
  const found = buttons.find((b) => (typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent ?? '')));
  if (!found) throw new Error(`no button "${String(text)}" among: ${buttons.map((b) => b.textContent).join(' | ')}`);
  return found;
}

export function isDisabled(button: Element): boolean {
  return button.className.includes('nut-button-disabled');
}

export function click(element: Element): void {
  fireEvent.click(element);
}

/** Ticks (or unticks) the agreement checkbox inside root. */
export function tickAgreement(root: ParentNode = document): void {
  const box = root.querySelector('.account-agreement .nut-checkbox');
  if (!box) throw new Error('no agreement checkbox');
  fireEvent.click(box);
}

/** Lets pending promise callbacks (a resolved send) run inside act. */
export async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}
