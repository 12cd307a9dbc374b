/**
 * layers/import-flow: imports inside src/ flow one way (docs/ARCHITECTURE.md):
 *   lib → locales; platform → lib, locales; components → lib, platform, locales;
 *   features/<domain> → lib, platform, components, locales and its own domain (never another feature);
 *   pages (and the app's root files) → anything; locales → nothing of ours.
 * `@/…` and relative specifiers are resolved to a layer; package imports are not this rule's business.
 */
import path from 'node:path';

/** Which layers each layer may import (its own layer is always allowed, except across features). */
const ALLOWED = {
  lib: ['lib', 'locales'],
  platform: ['lib', 'platform', 'locales'],
  components: ['lib', 'platform', 'components', 'locales'],
  features: ['lib', 'platform', 'components', 'locales', 'features'],
  pages: ['lib', 'platform', 'components', 'features', 'pages', 'locales', 'app'],
  locales: ['locales'],
  app: ['lib', 'platform', 'components', 'features', 'pages', 'locales', 'app'],
};

const LAYER_DIRS = new Set(['lib', 'platform', 'components', 'features', 'pages', 'locales']);

/**
 * The layer of an absolute path under srcDir: { layer, domain } (domain for features), or null outside src.
 * @param {string} srcDir
 * @param {string} file
 */
export function layerOf(srcDir, file) {
  const relative = path.relative(srcDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, second] = relative.split(path.sep);
  if (first && LAYER_DIRS.has(first) && second !== undefined) {
    return { layer: first, domain: first === 'features' ? second : null };
  }
  return { layer: 'app', domain: null };
}

/**
 * Resolves an import specifier to an absolute path, or null for a package import.
 * @param {string} specifier
 * @param {string} fromFile
 * @param {string} srcDir
 */
export function resolveSpecifier(specifier, fromFile, srcDir) {
  if (specifier.startsWith('@/')) return path.join(srcDir, specifier.slice(2));
  if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.resolve(path.dirname(fromFile), specifier);
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const importFlow = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports inside src/ follow the layer flow of docs/ARCHITECTURE.md' },
    schema: [
      {
        type: 'object',
        properties: { srcDir: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      againstFlow:
        "{{fromLayer}} may not import '{{specifier}}' ({{toLayer}}): {{fromLayer}} may import only {{allowed}} (docs/ARCHITECTURE.md).",
      crossFeature:
        "features/{{fromDomain}} may not import features/{{toDomain}} ('{{specifier}}'): move what both need into components/, platform/ or lib/.",
      outOfSrc: "src/ may not import '{{specifier}}' from outside src/ (the app bundle cannot contain it).",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const srcDir = path.resolve(cwd, context.options[0]?.srcDir ?? 'src');
    const filename = context.filename ?? context.getFilename();
    const from = layerOf(srcDir, path.resolve(cwd, filename));
    if (!from) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      const target = resolveSpecifier(specifier, path.resolve(cwd, filename), srcDir);
      if (!target) return;
      const to = layerOf(srcDir, target);
      if (!to) {
        // types/ holds global declarations the whole app shares; anything else outside src/ is not app code.
        if (!path.relative(path.dirname(srcDir), target).startsWith(`types${path.sep}`)) {
          context.report({ node, messageId: 'outOfSrc', data: { specifier } });
        }
        return;
      }
      if (from.layer === 'features' && to.layer === 'features' && from.domain !== to.domain) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { specifier, fromDomain: from.domain, toDomain: to.domain },
        });
        return;
      }
      const allowed = ALLOWED[from.layer];
      if (!allowed.includes(to.layer)) {
        context.report({
          node,
          messageId: 'againstFlow',
          data: {
            specifier,
            fromLayer: from.layer,
            toLayer: to.layer,
            allowed: allowed.filter((layer) => layer !== from.layer && layer !== 'app').join(', ') || 'nothing of ours',
          },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression(node) {
        // require('…') and jest.mock-free CommonJS in the rare .js file under src/
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0]);
        }
      },
    };
  },
};

export default importFlow;
