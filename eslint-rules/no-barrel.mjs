/**
 * layers/no-barrel: no `index.ts` file that only re-exports a folder (docs/ARCHITECTURE.md: import the file you mean).
 * Taro page files `pages/x/index.tsx` hold a component, so they are not barrels.
 */
import path from 'node:path';

/** @type {import('eslint').Rule.RuleModule} */
const noBarrel = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No barrel index files that only re-export' },
    schema: [],
    messages: {
      barrel: 'This index file only re-exports other modules: import the files you mean instead (docs/ARCHITECTURE.md).',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    if (!/^index\.(ts|tsx|js|mjs)$/.test(path.basename(filename))) return {};
    return {
      Program(program) {
        const statements = program.body;
        const reExport = (node) => (node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source;
        if (statements.length > 0 && statements.every(reExport)) {
          context.report({ node: program, messageId: 'barrel' });
        }
      },
    };
  },
};

export default noBarrel;
