// The H5 build swaps some libraries for small stand-ins (config/stubs/, aliased in config/index.ts): each must
// answer like the library for what the app and NutUI ask of it.
const lodashKebabCase = require('lodash.kebabcase') as (value: unknown) => string;

const kebabCase = require('../../config/stubs/kebab-case.js') as (value: unknown) => string;

it('kebab-cases NutUI theme keys exactly as lodash.kebabcase does', () => {
  const keys = [
    'nutuiColorPrimary',
    'nutuiColorPrimary2',
    'nutuiBrand6',
    'nutuiButtonDefaultHeight',
    'nutuiSearchbarInputBackground',
    'tabsTitleFontSize',
    'XMLHttpRequest',
    'HTMLElement2x',
    '__FOO_BAR__',
    'nutui-brand-6',
    'a1b2',
    'ABC',
    'already-kebab',
    '',
  ];
  for (const key of keys) expect([key, kebabCase(key)]).toEqual([key, lodashKebabCase(key)]);
  expect(kebabCase(undefined)).toBe('');
});
