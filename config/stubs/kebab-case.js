// NutUI's ConfigProvider imports lodash.kebabcase (14 KB: Unicode word tables) to turn theme keys such as
// `nutuiColorPrimary2` into CSS variable names (`--nutui-color-primary-2`). Theme keys are ASCII identifiers, so
// this does the same for them: camel humps, runs of capitals and digits are words; anything else separates.
module.exports = function kebabCase(value) {
  const words = String(value == null ? '' : value)
    .replace(/['\u2019]/g, '')
    .match(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g);
  return words ? words.map((word) => word.toLowerCase()).join('-') : '';
};
