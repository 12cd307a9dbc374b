// H5: Taro's DOM renderer writes a prop it does not know as an attribute of the same name, so NutUI's
// mini-program spelling (`ariaRole="checkbox"`, `ariaChecked`, `ariaLabel`, `ariaHidden`) became `ariarole`,
// `ariachecked`… attributes no browser reads: its checkboxes, radios and switches had no role, and axe reported their
// labels as prohibited. Those names are turned into the real attributes as they are written.

const CONTROL_ROLES = new Set(['button', 'checkbox', 'radio', 'switch', 'tab', 'option', 'link', 'menuitem', 'menuitemradio']);
const NATIVE_CONTROLS = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY']);
/**
 * Controls without a tab stop of their own (`tabindex` absent), Taro's page scrollers, and named regions (the app marks
 * a box that scrolls sideways, such as a wide table, `role="region"`: a keyboard scrolls it once it has the focus).
 */
const FOCUS_SELECTOR =
  [...CONTROL_ROLES].map((role) => `[role="${role}"]:not([tabindex])`).join(',') +
  ',.taro_page:not([tabindex]),[role="region"]:not([tabindex])';

/** NutUI widgets whose state is read from their classes (and the keys of its number keypad). */
const NUT_WIDGETS = '.nut-button,.nut-switch,.nut-checkbox,.nut-radio,.nut-numberkeyboard .key';
const KEYPAD_KEY = '.nut-numberkeyboard .key';
const keypadLabels = { delete: '', close: '', decimal: '' };

export function setKeypadLabels(labels: { delete: string; close: string; decimal: string }): void {
  keypadLabels.delete = labels.delete;
  keypadLabels.close = labels.close;
  keypadLabels.decimal = labels.decimal;
}

function setIfChanged(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** aria-checked / aria-disabled of a NutUI button, switch, checkbox or radio, from its classes. */
export function syncNutState(el: Element): void {
  const cls = el.classList;
  if (!cls || cls.length === 0) return;
  // A key of the number keypad: a button, the icon keys and the decimal point named (the digits name themselves).
  if (cls.contains('key') && el.closest('.nut-numberkeyboard')) {
    setIfChanged(el, 'role', 'button');
    if (el.getAttribute('tabindex') === null) el.setAttribute('tabindex', '0');
    const decimal = el.textContent?.trim() === '.' ? keypadLabels.decimal : '';
    const name = cls.contains('delete') ? keypadLabels.delete : cls.contains('close') ? keypadLabels.close : decimal;
    if (name) setIfChanged(el, 'aria-label', name);
    return;
  }
  if (cls.contains('nut-button')) setIfChanged(el, 'aria-disabled', String(cls.contains('nut-button-disabled')));
  else if (cls.contains('nut-switch')) setIfChanged(el, 'aria-checked', String(!cls.contains('nut-switch-close')));
  else if (cls.contains('nut-checkbox')) setIfChanged(el, 'aria-checked', String(cls.contains('nut-checkbox-active')));
  else if (cls.contains('nut-radio'))
    setIfChanged(el, 'aria-checked', String(el.querySelector('.nut-radio-button-active, .nut-radio-icon-checked') !== null));
}

/** `ariaRole` (or `aria-role`) → `role`, `ariaChecked` → `aria-checked`; other names unchanged. */
export function ariaAttributeName(name: string): string {
  // (Taro's web-component wrappers spell it `aria-role`, the mini program's attribute.)
  if (name === 'ariaRole' || name === 'aria-role') return 'role';
  if (/^aria[A-Z]/.test(name)) return `aria-${name.slice(4).toLowerCase()}`;
  return name;
}

let installed = false;

export function installAccessibility(): void {
  if (installed || typeof Element === 'undefined') return;
  installed = true;
  const setAttribute = Element.prototype.setAttribute;
  const removeAttribute = Element.prototype.removeAttribute;
  Element.prototype.setAttribute = function setAriaAttribute(this: Element, name: string, value: string) {
    setAttribute.call(this, ariaAttributeName(name), value);
  };
  Element.prototype.removeAttribute = function removeAriaAttribute(this: Element, name: string) {
    removeAttribute.call(this, ariaAttributeName(name));
  };
  // Keyboard (desktop): every element that acts as a control can take the focus, and so can a page's own scroller
  // (Taro's `.taro_page`, which scrolls the page: arrow keys scroll it once it has the focus). NutUI's widgets get the
  // state their ARIA props would have said (React drops a boolean on an attribute it does not know, so
  // `ariaChecked={false}` never reached the page): checked or not, and a disabled button is disabled for a reader too
  // (NutUI only greys it and ignores the tap).
  const visit = (el: Element) => {
    if (el.matches(FOCUS_SELECTOR) && !NATIVE_CONTROLS.has(el.tagName)) el.setAttribute('tabindex', '0');
    syncNutState(el);
  };
  const visitTree = (root: Element) => {
    visit(root);
    for (const el of root.querySelectorAll(`${FOCUS_SELECTOR},${NUT_WIDGETS}`)) visit(el);
  };
  visitTree(document.documentElement);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') {
        for (const node of record.addedNodes) if (node.nodeType === 1) visitTree(node as Element);
        // A radio's chosen mark is a child of it: its change says the radio's state changed.
        const owner = (record.target as Element).closest?.('.nut-radio');
        if (owner) syncNutState(owner);
      } else {
        const el = record.target as Element;
        visit(el);
        const owner = el.parentElement?.closest('.nut-radio');
        if (owner) syncNutState(owner);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'class'] });
  // Keyboard (desktop): Enter and Space activate an element that acts as a control, as they do a native button.
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || (event.key !== 'Enter' && event.key !== ' ')) return;
    const target = event.target as HTMLElement | null;
    if (!target || NATIVE_CONTROLS.has(target.tagName) || target.isContentEditable) return;
    const role = target.getAttribute('role');
    if (!role || !CONTROL_ROLES.has(role) || target.getAttribute('aria-disabled') === 'true') return;
    // A link activates on Enter only (as a native one does).
    if (role === 'link' && event.key === ' ') return;
    event.preventDefault();
    // The keypad's keys answer touches only (NutUI): a key pressed from the keyboard is touched.
    if (target.matches(KEYPAD_KEY) && typeof TouchEvent === 'function') {
      target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true }));
      target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, cancelable: true }));
      return;
    }
    target.click();
  });
}

export function hostCareMode(): boolean | null {
  try {
    const care = new URLSearchParams(window.location.search).get('care');
    if (care === '1') return true;
    if (care === '0') return false;
    return null;
  } catch {
    return null;
  }
}

/** Puts elder mode's class on `<html>` too, so the body, the header and NutUI's sheets and toasts (drawn outside a page) follow it. */
export function applyElderClass(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('dj-elder', on);
}
