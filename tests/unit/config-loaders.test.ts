// Build-time loaders (config/loaders/, applied in config/index.ts): they change what ships, so what they keep matters.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NUTUI_ICONS_BARREL, NUTUI_SHEET_TRIMS, type SheetTrim } from '../../config/nutui-sheet-trims';

type TrimOptions = SheetTrim['options'];
type Loader = (this: { getOptions(): TrimOptions; resourcePath: string }, source: string) => string;
const trimCss = require('../../config/loaders/trim-css.js') as Loader;
const trim = (source: string, options: TrimOptions): string =>
  trimCss.call({ getOptions: () => options, resourcePath: 'sheet.css' }, source);
const nutuiFile = (file: string): string => path.join(__dirname, '../../node_modules/@nutui', file);
/** A sheet of the installed NutUI as the build ships it: through the entry of NUTUI_SHEET_TRIMS whose test it matches. */
function shipped(file: string, name: string): { original: string; trimmed: string } {
  const entry = NUTUI_SHEET_TRIMS.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no trim named ${name}`);
  expect(entry.test.test(nutuiFile(file))).toBe(true);
  const original = readFileSync(nutuiFile(file), 'utf8');
  return { original, trimmed: trim(original, entry.options) };
}
const RTL = NUTUI_SHEET_TRIMS.find((entry) => entry.name === 'nutui-rtl-rules')?.options.selectors ?? [];

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
  const out = trim(sheet, { selectors: RTL, keyframes: ['jump'] });
  expect(out).toBe('.a{color:red}.b{padding:0}.a-rtl{order:1}@keyframes spin{to{transform:rotate(1turn)}}');
});

it("leaves NutUI's installed sheets with what the app draws", () => {
  const theme = shipped('nutui-react-taro/dist/styles/themes/default.css', 'nutui-theme-unused-fonts');
  expect(theme.original).toContain('JDZH-Regular'); // if NutUI stops inlining them, this trim (and this check) can go
  expect(theme.trimmed).not.toMatch(/@font-face/);
  expect(theme.trimmed).toContain('--nutui-color-primary:');
  expect(theme.original.length - theme.trimmed.length).toBeGreaterThan(15_000);

  const icons = shipped('icons-react-taro/dist/style_icon.css', 'nutui-icon-animations').trimmed;
  expect(icons).not.toContain('nut-icon-am-');
  expect(icons).toMatch(/\.nut-icon\s*\{[^}]*width/);
  expect(icons).toMatch(/\.nut-icon-loading[^{]*\{[^}]*animation:\s*rotation/);
  expect(icons).toMatch(/@keyframes rotation/);

  const searchbar = shipped('nutui-react-taro/dist/es/packages/searchbar/style/style.css', 'nutui-rtl-rules');
  expect(searchbar.original).toContain('.nut-rtl');
  expect(searchbar.trimmed).not.toContain('.nut-rtl');
  expect(searchbar.trimmed).toMatch(/\.nut-searchbar\s*\{/);

  expect(NUTUI_ICONS_BARREL.test(nutuiFile('icons-react-taro/dist/es/index.es.js'))).toBe(true);
});
