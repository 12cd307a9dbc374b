// webpack loader: removes the @font-face rules of the named families from a style sheet.
// NutUI's default theme inlines two digit fonts (JDZH-Regular, JDZH-Bold: ~17 KB of base64, ~9 KB gzip) that only
// its Price, Badge, CountDown and Rate widgets name; an inlined font is downloaded with the sheet whether or not a
// page ever draws with it. We use none of those widgets (config/index.ts applies this loader to the theme only), so
// every first load carried them for nothing. A widget that named a dropped family would draw in the system font.
module.exports = function dropFontFaces(source) {
  const { families = [] } = this.getOptions ? this.getOptions() : {};
  const dropped = new Set(families.map((family) => family.toLowerCase()));
  return String(source).replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
    const match = /font-family\s*:\s*(['"]?)([^;'"}]+)\1/i.exec(rule);
    return match && dropped.has(match[2].trim().toLowerCase()) ? '' : rule;
  });
};
