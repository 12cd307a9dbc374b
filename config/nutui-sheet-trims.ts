// What every page paid for in NutUI's packaging, trimmed at build time (both platforms, by config/index.ts with
// config/loaders/trim-css.js; tests/unit/config-loaders.test.ts runs these very entries on the installed sheets):
// - its default theme inlines two digit fonts that only its Price, Badge, CountDown and Rate widgets name (we use
//   none): ~9 KB gzip in every first load and in the mini program's main package;
// - the icon package's barrel (`import { Search } from '@nutui/icons-react-taro'`) is declared side-effectful for the
//   one style sheet it imports: webpack then keeps it as one module every icon hangs from, so every icon that any two
//   pages use landed in one chunk that each page loads (home paid for checkboxes' and dialogs' icons). Declared pure,
//   each import links straight to its icon's module and an icon travels with the pages that draw it; the sheet is
//   imported once by src/app.ts, without its eight `nut-icon-am-*` animation classes (we animate no icon; the
//   loading spinner's rotation stays);
// - every widget sheet's right-to-left rules (`.nut-rtl …`, `[dir=rtl] …`): the app speaks Chinese and English only.
export interface SheetTrim {
  name: string;
  test: RegExp;
  options: { fontFamilies?: string[]; selectors?: string[]; keyframes?: string[] };
}

export const NUTUI_SHEET_TRIMS: readonly SheetTrim[] = [
  {
    name: 'nutui-theme-unused-fonts',
    test: /[\\/]@nutui[\\/]nutui-react-taro[\\/]dist[\\/]styles[\\/]themes[\\/]default\.css$/,
    options: { fontFamilies: ['JDZH-Regular', 'JDZH-Bold'] },
  },
  {
    name: 'nutui-icon-animations',
    test: /[\\/]@nutui[\\/]icons-react-taro[\\/]dist[\\/]style_icon\.css$/,
    options: {
      selectors: ['\\.nut-icon-am-'],
      keyframes: ['nutJump', 'nutJumpOne', 'nutBlink', 'nutBreathe', 'nutFlash', 'nutBounce', 'nutShake'],
    },
  },
  {
    name: 'nutui-rtl-rules',
    test: /[\\/]@nutui[\\/]nutui-react-taro[\\/]dist[\\/]es[\\/]packages[\\/][^\\/]+[\\/]style[\\/]style\.css$/,
    options: { selectors: ['^\\s*(\\.nut-rtl|\\[dir=["\']?rtl["\']?\\])(\\s|$)'] },
  },
];

/** The icon package's barrel module, declared side-effect free (see above). */
export const NUTUI_ICONS_BARREL = /[\\/]@nutui[\\/]icons-react-taro[\\/]dist[\\/]es[\\/]index\.es\.js$/;
