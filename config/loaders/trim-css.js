// webpack loader: removes from a vendor style sheet what this app can never use, before anything else reads it.
// Options (config/index.ts says, per sheet, what and why):
//   fontFamilies: the @font-face rules of these families (inlined fonts are downloaded whether drawn with or not);
//   selectors:    regular expressions; a selector matching one is removed from its rule, a rule left without
//                 selectors goes;
//   keyframes:    these @keyframes (and -webkit-keyframes) blocks.
// Everything else is passed on as it was (formatting included).
const postcss = require('postcss');

module.exports = function trimCss(source) {
  const { fontFamilies = [], selectors = [], keyframes = [] } = this.getOptions ? this.getOptions() : {};
  const families = new Set(fontFamilies.map((family) => family.toLowerCase()));
  const patterns = selectors.map((pattern) => new RegExp(pattern));
  const frames = new Set(keyframes);
  const root = postcss.parse(String(source), { from: this.resourcePath });

  root.walkAtRules((rule) => {
    if (rule.name === 'font-face') {
      let family = '';
      rule.walkDecls(
        'font-family',
        (decl) =>
          void (family = decl.value
            .replace(/^['"]|['"]$/g, '')
            .trim()
            .toLowerCase()),
      );
      if (families.has(family)) rule.remove();
    } else if (/^(-webkit-)?keyframes$/.test(rule.name) && frames.has(rule.params.trim())) {
      rule.remove();
    }
  });
  if (patterns.length > 0) {
    root.walkRules((rule) => {
      if (rule.parent && rule.parent.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
      const kept = rule.selectors.filter((selector) => !patterns.some((pattern) => pattern.test(selector)));
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    });
  }
  return root.toString();
};
