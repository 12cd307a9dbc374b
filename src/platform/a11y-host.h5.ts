// H5: Taro's DOM renderer writes a prop it does not know as an attribute of the same name, so NutUI's
// mini-program spelling (`ariaRole="checkbox"`, `ariaChecked`, `ariaLabel`, `ariaHidden`) became `ariarole`,
// `ariachecked`… attributes no browser reads: its checkboxes, radios and switches had no role, and axe reported their
// labels as prohibited. Those names are turned into the real attributes as they are written.

const CONTROL_ROLES = new Set(['button', 'checkbox', 'radio', 'switch', 'tab', 'option', 'link', 'menuitem', 'menuitemradio']);
const NATIVE_CONTROLS = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY']);
/** Controls without a tab stop of their own (`tabindex` absent), and Taro's page scrollers. */
const FOCUS_SELECTOR = [...CONTROL_ROLES].map((role) => `[role="${role}"]:not([tabindex])`).join(',') + ',.taro_page:not([tabindex])';

/** `ariaRole` → `role`, `ariaChecked` → `aria-checked`; other names unchanged. */
export function ariaAttributeName(name: string): string {
  if (name === 'ariaRole') return 'role';
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
  // (Taro's `.taro_page`, which scrolls the page: arrow keys scroll it once it has the focus).
  const focusable = (root: ParentNode) => {
    for (const el of root.querySelectorAll<HTMLElement>(FOCUS_SELECTOR)) {
      if (!NATIVE_CONTROLS.has(el.tagName)) el.setAttribute('tabindex', '0');
    }
  };
  focusable(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        const el = node as HTMLElement;
        if (el.matches(FOCUS_SELECTOR) && !NATIVE_CONTROLS.has(el.tagName)) el.setAttribute('tabindex', '0');
        focusable(el);
      }
      if (record.type === 'attributes') {
        const el = record.target as HTMLElement;
        if (el.matches(FOCUS_SELECTOR) && !NATIVE_CONTROLS.has(el.tagName)) el.setAttribute('tabindex', '0');
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
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
