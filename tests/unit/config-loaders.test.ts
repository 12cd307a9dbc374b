// Build-time loaders (config/loaders/, applied in config/index.ts): they change what ships, so what they keep matters.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Loader = (this: { getOptions(): object }, source: string) => string;
const dropFontFaces = require('../../config/loaders/drop-font-faces.js') as Loader;
const run = (source: string, families: string[]): string => dropFontFaces.call({ getOptions: () => ({ families }) }, source);

it('drops the named font families and keeps every other rule and font', () => {
  const sheet =
    '@font-face{font-family:JDZH-Regular;src:url(data:font/ttf;base64,AAAA)}' +
    "@font-face{font-family:'JDZH-Bold';font-weight:700;src:url(data:font/ttf;base64,BBBB)}" +
    '@font-face{font-family:"Our Digits";src:url(/static/digits.woff2)}' +
    ':root{--nutui-color-primary:#ff6d00}.price{font-family:JDZH-Bold}';
  const out = run(sheet, ['JDZH-Regular', 'jdzh-bold']);
  expect(out).not.toContain('AAAA');
  expect(out).not.toContain('BBBB');
  expect(out).toContain('@font-face{font-family:"Our Digits";src:url(/static/digits.woff2)}');
  expect(out).toContain(':root{--nutui-color-primary:#ff6d00}.price{font-family:JDZH-Bold}');
  expect(run(sheet, [])).toBe(sheet);
});

it("leaves NutUI's installed theme with its variables and without the two fonts", () => {
  const theme = readFileSync(path.join(__dirname, '../../node_modules/@nutui/nutui-react-taro/dist/styles/themes/default.css'), 'utf8');
  expect(theme).toContain('JDZH-Regular'); // if NutUI stops inlining them, the loader (and this test) can go
  const out = run(theme, ['JDZH-Regular', 'JDZH-Bold']);
  expect(out).not.toMatch(/@font-face/);
  expect(out).toContain('--nutui-color-primary:');
  expect(theme.length - out.length).toBeGreaterThan(15_000);
});
