// Build-time loaders (config/loaders/, applied in config/index.ts): they change what ships, so what they keep matters.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface TrimOptions { fontFamilies?: string[]; selectors?: string[]; keyframes?: string[] }
type Loader = (this: { getOptions(): TrimOptions; resourcePath: string }, source: string) => string;
const trimCss = require('../../config/loaders/trim-css.js') as Loader;
const trim = (source: string, options: TrimOptions): string => trimCss.call({ getOptions: () => options, resourcePath: 'sheet.css' }, source);
const nutui = (file: string): string => readFileSync(path.join(__dirname, '../../node_modules/@nutui', file), 'utf8');
// The patterns config/index.ts gives (NUTUI_SHEET_TRIMS).
const RTL = '^\\s*(\\.nut-rtl|\\[dir=["\']?rtl["\']?\\])(\\s|$)';

it('drops the named font families and keeps every other rule and font', () => {
  const sheet =
    '@font-face{font-family:JDZH-Regular;src:url(data:font/ttf;base64,AAAA)}' +
    "@font-face{font-family:'JDZH-Bold';font-weight:700;src:url(data:font/ttf;base64,BBBB)}" +
    '@font-face{font-family:"Our Digits";src:url(/static/digits.woff2)}' +
    ':root{--nutui-color-primary:#ff6d00}.price{font-family:JDZH-Bold}';
  const out = trim(sheet, { fontFamilies: ['JDZH-Regular', 'jdzh-bold'] });
  expect(out).not.toContain('AAAA');
  expect(out).not.toContain('BBBB');
  expect(out).toContain('@font-face{font-family:"Our Digits";src:url(/static/digits.woff2)}');
  expect(out).toContain(':root{--nutui-color-primary:#ff6d00}.price{font-family:JDZH-Bold}');
  expect(trim(sheet, {})).toBe(sheet);
});

it('drops matching selectors, a rule left with none, and the named keyframes; keeps the rest of a selector list', () => {
  const sheet =
    '.a{color:red}.nut-rtl .a{margin-left:0}[dir=rtl] .b,.b{padding:0}.a-rtl{order:1}' +
    '@keyframes spin{to{transform:rotate(1turn)}}@keyframes jump{to{top:0}}@-webkit-keyframes jump{to{top:0}}';
  const out = trim(sheet, { selectors: [RTL], keyframes: ['jump'] });
  expect(out).toBe('.a{color:red}.b{padding:0}.a-rtl{order:1}@keyframes spin{to{transform:rotate(1turn)}}');
});

it("leaves NutUI's installed sheets with what the app draws", () => {
  const theme = nutui('nutui-react-taro/dist/styles/themes/default.css');
  expect(theme).toContain('JDZH-Regular'); // if NutUI stops inlining them, this trim (and this check) can go
  const lean = trim(theme, { fontFamilies: ['JDZH-Regular', 'JDZH-Bold'] });
  expect(lean).not.toMatch(/@font-face/);
  expect(lean).toContain('--nutui-color-primary:');
  expect(theme.length - lean.length).toBeGreaterThan(15_000);

  const icons = trim(nutui('icons-react-taro/dist/style_icon.css'), {
    selectors: ['\\.nut-icon-am-'],
    keyframes: ['nutJump', 'nutJumpOne', 'nutBlink', 'nutBreathe', 'nutFlash', 'nutBounce', 'nutShake'],
  });
  expect(icons).not.toContain('nut-icon-am-');
  expect(icons).toMatch(/\.nut-icon\s*\{[^}]*width/);
  expect(icons).toMatch(/\.nut-icon-loading[^{]*\{[^}]*animation:\s*rotation/);
  expect(icons).toMatch(/@keyframes rotation/);

  const searchbar = nutui('nutui-react-taro/dist/es/packages/searchbar/style/style.css');
  const ltr = trim(searchbar, { selectors: [RTL] });
  expect(searchbar).toContain('.nut-rtl');
  expect(ltr).not.toContain('.nut-rtl');
  expect(ltr).toMatch(/\.nut-searchbar\s*\{/);
});
