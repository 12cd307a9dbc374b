// The ARIA attributes the mini program's `view` template carries (issue 26). WeChat reads `aria-role`, `aria-label`…
// on a view (basic library ≥ 2.7.1, "aria-component" in WeChat's docs), but Taro's generated templates (base.wxml)
// list only the attributes Taro knows, and no `aria-*` is among them: a view's `ariaRole`/`aria-label` props never
// reached WeChat. The build adds these to the view templates (config/index.ts) and the app adds the same to Taro's
// runtime table (a11y-host.weapp.ts): the two must agree, since Taro numbers a component's attributes alphabetically
// (`p0`, `p1`…) on both sides. No imports: config/index.ts loads this file on its own.

/** The attributes, as WeChat spells them; the ones the app's views use (docs/PRODUCT.md §13). */
export const WEAPP_VIEW_ARIA_ATTRIBUTES = [
  'aria-role',
  'aria-label',
  'aria-hidden',
  'aria-checked',
  'aria-disabled',
  'aria-selected',
] as const;

/** Taro's component table patch: the view with those attributes, no default value (absent = not written). */
export function weappAriaComponents(): { View: Record<string, string> } {
  const view: Record<string, string> = {};
  for (const name of WEAPP_VIEW_ARIA_ATTRIBUTES) view[name] = '';
  return { View: view };
}
