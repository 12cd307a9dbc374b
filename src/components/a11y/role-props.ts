// A role for both builds (issue 26): H5 reads `role`, WeChat reads `aria-role` (Taro's `ariaRole`), so an element
// that acts as a control says so in both. (On H5 the second spelling lands on the same attribute: platform/a11y-host.)
export type ControlRole = 'link' | 'button' | 'tab' | 'switch' | 'radio' | 'checkbox' | 'textbox';

export function roleProps(role: ControlRole): { role: string; ariaRole: string } {
  return { role, ariaRole: role };
}
