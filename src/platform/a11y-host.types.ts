/** What each target does for accessibility beyond the markup (issue 26, docs/PRODUCT.md §Accessibility). */
export interface A11yHost {
  /**
   * H5: makes the ARIA props NutUI gives in the mini program's spelling (`ariaRole`, `ariaLabel`, `ariaChecked`…) real
   * ARIA attributes (`role`, `aria-label`, `aria-checked`), and lets Enter and Space activate an element that acts as
   * a control (`role="button"`, checkbox, radio, switch, tab, option, link, menuitem) without being a native one.
   * The mini program: the keys of NutUI's number keypad get `aria-role="button"` and an `aria-label` as Taro hands
   * them to WeChat (NutUI gives them none); WeChat reads `aria-role`/`aria-label` on a view itself (weapp-aria.ts).
   */
  installAccessibility(): void;
  /**
   * Whether the host asks for large, simple pages: WeChat's care mode (关怀模式) or a large font setting in the mini
   * program; on H5 a `care=1` query from the link that opened the app. `null`: the host says nothing.
   */
  hostCareMode(): boolean | null;
  /** The names of NutUI's number keypad's icon keys (delete, close) and its decimal point, in the language of now. */
  setKeypadLabels(labels: { delete: string; close: string; decimal: string }): void;
  /** H5: elder mode's class on `<html>` (sheets and toasts live outside the pages); the mini program: nothing. */
  applyElderClass(on: boolean): void;
}
