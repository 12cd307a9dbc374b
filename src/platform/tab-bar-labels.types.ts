/**
 * The host's own tab bar speaks the app's language. The mini program's bar is WeChat's (app.json `tabBar`, its labels
 * fixed in Chinese at build time): `tab-bar-labels.weapp.ts` relabels it with `wx.setTabBarItem`. H5 draws its own
 * bar (components/tab-bar), which re-renders in the new language: `tab-bar-labels.h5.ts` does nothing. Imported as
 * `@/platform/tab-bar-labels`; PageShell calls it on a tab page when the page is shown and when the language changes.
 */
export type ShowTabBarLabels = (labels: readonly string[]) => void;
