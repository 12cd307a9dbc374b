// Jest transform for node_modules: their ES modules into CommonJS with esbuild. Taro and NutUI ship ESM deep in their
// trees, so jest must transform them; Babel (our own sources' transform, jest.config.js) parsed and printed every
// such file — the largest part of a cold run's CPU (a fresh clone has no transform cache). Syntax is left as it is
// (Node runs it); only the module format changes.
const { transformSync } = require('esbuild');
const { createHash } = require('crypto');

const version = require('esbuild/package.json').version;

module.exports = {
  getCacheKey(source, filename) {
    return createHash('sha1').update(version).update('\0').update(filename).update('\0').update(source).digest('hex');
  },
  process(source, filename) {
    const loader = filename.endsWith('.jsx') ? 'jsx' : 'js';
    const { code, map } = transformSync(source, {
      loader,
      format: 'cjs',
      target: `node${process.versions.node.split('.')[0]}`,
      sourcemap: 'external',
      sourcefile: filename,
      // React's automatic runtime, as Babel's preset-react gives our sources.
      jsx: 'automatic',
      logLevel: 'silent',
    });
    return { code, map };
  },
};
