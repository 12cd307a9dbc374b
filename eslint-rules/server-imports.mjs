/**
 * layers/server-imports: the server's import rules (docs/ARCHITECTURE.md):
 *   - a route (server/src/routes/*) never imports another route: what two routes share lives in http/ (HTTP
 *     helpers), services/ (I/O) or domain/ (pure rules);
 *   - a pure rule module (server/src/domain/*) imports neither the web framework (fastify, @fastify/*) nor the
 *     database (kysely, pg, @electric-sql/pglite), nor the server's I/O layers (db/, services/, ledger/, routes/, plugins/,
 *     http/, jobs/, cli/): it is plain TypeScript over values, unit-tested without a server or a database.
 * Relative specifiers are resolved against the file; package specifiers are matched by name (type-only imports
 * count too: a pure module does not even name those types).
 */
import path from 'node:path';

/** Packages a domain module may not import (exact name, or name + '/…'). */
const DOMAIN_FORBIDDEN_PACKAGES = ['fastify', 'kysely', 'pg', '@electric-sql/pglite'];
/** Package scopes a domain module may not import. */
const DOMAIN_FORBIDDEN_SCOPES = ['@fastify/'];
/** Folders of server/src a domain module may not import. */
const DOMAIN_FORBIDDEN_AREAS = ['db', 'services', 'ledger', 'routes', 'plugins', 'http', 'jobs', 'cli'];

/**
 * The area of an absolute path under serverDir: its first folder ('routes', 'domain', …), '' for a file
 * directly in serverDir (app.ts, main.ts), or null outside serverDir.
 * @param {string} serverDir
 * @param {string} file
 */
export function serverAreaOf(serverDir, file) {
  const relative = path.relative(serverDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : '';
}

/** @param {string} specifier */
function forbiddenPackage(specifier) {
  if (DOMAIN_FORBIDDEN_SCOPES.some((scope) => specifier.startsWith(scope))) return true;
  return DOMAIN_FORBIDDEN_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** @type {import('eslint').Rule.RuleModule} */
const serverImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Routes never import routes; server/src/domain stays pure (docs/ARCHITECTURE.md)' },
    schema: [
      {
        type: 'object',
        properties: { serverDir: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      routeImportsRoute:
        "a route may not import another route ('{{specifier}}'): move what both need into server/src/http/ (HTTP helpers), services/ or domain/.",
      domainImportsPackage:
        "server/src/domain is pure and may not import '{{specifier}}' (web framework or database): take the values as parameters, do the I/O in a service.",
      domainImportsArea:
        "server/src/domain is pure and may not import '{{specifier}}' ({{area}}/): take the values as parameters, do the I/O in a service.",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const serverDir = path.resolve(cwd, context.options[0]?.serverDir ?? 'server/src');
    const filename = path.resolve(cwd, context.filename ?? context.getFilename());
    const from = serverAreaOf(serverDir, filename);
    if (from !== 'routes' && from !== 'domain') return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      const relative = specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
      if (!relative) {
        if (from === 'domain' && forbiddenPackage(specifier))
          context.report({ node, messageId: 'domainImportsPackage', data: { specifier } });
        return;
      }
      const to = serverAreaOf(serverDir, path.resolve(path.dirname(filename), specifier));
      if (from === 'routes' && to === 'routes') {
        context.report({ node, messageId: 'routeImportsRoute', data: { specifier } });
      } else if (from === 'domain' && to !== null && DOMAIN_FORBIDDEN_AREAS.includes(to)) {
        context.report({ node, messageId: 'domainImportsArea', data: { specifier, area: to } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0]);
        }
      },
    };
  },
};

export default serverImports;
