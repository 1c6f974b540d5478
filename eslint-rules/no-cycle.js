/**
 * `jelly/no-cycle`: no file reaches itself through its imports — type-only imports included.
 *
 * Why our own rule: import-x/no-cycle skips every `import type` (and `import { type X }`) both where it starts and
 * on its way through the other files, with no option to count them (checked in eslint-plugin-import-x 4.18.1, the
 * newest). A type cycle costs nothing at run time but ties the files together all the same: a low file such as
 * db/connect.ts that names a type of config.ts depends on every module config.ts reads. So this rule counts every
 * import a file makes: static, type-only, re-exports (`export … from`) and dynamic `import()`.
 *
 * How: the current file's imports come from its syntax tree (so a fixture linted from text works); every other
 * file's from TypeScript's pre-processor scan of the file on disk (cached by modification time and size). Imports
 * resolve as TypeScript resolves them (Bundler resolution, so workspace packages lead to their sources); a file in
 * node_modules ends the walk. Each import whose file leads back to this one is reported with one such path.
 */
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  allowJs: true,
};
const resolutionCache = ts.createModuleResolutionCache(process.cwd(), (name) => name, COMPILER_OPTIONS);
/** path → { stamp, imports } of the files read from disk. */
const scanned = new Map();

/** The file an import names, or null when it is outside the walk (a library, an unresolved name, not code). */
function resolveImport(specifier, fromFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, COMPILER_OPTIONS, ts.sys, resolutionCache);
  const file = resolvedModule?.resolvedFileName;
  if (!file || file.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(file) || file.endsWith('.d.ts')) return null;
  return file;
}

/** The resolved files a file on disk imports (any kind of import). */
function importsOnDisk(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return [];
  }
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const cached = scanned.get(file);
  if (cached?.stamp === stamp) return cached.imports;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map((i) => resolveImport(i.fileName, file)).filter(Boolean))];
  scanned.set(file, { stamp, imports });
  return imports;
}

/** A shortest import path from `start` to `goal` (both included), or null. */
function pathBetween(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOnDisk(file)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === goal) {
        const path = [goal];
        for (let at = file; at !== null; at = cameFrom.get(at)) path.unshift(at);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** The module names a file's syntax tree imports, each with the node to report at. */
function importsInTree(node, found) {
  const source = (literal) => (literal?.type === 'Literal' && typeof literal.value === 'string' ? literal.value : null);
  if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') {
    const name = source(node.source);
    if (name) found.push({ name, node: node.source });
  } else if (node.type === 'ImportExpression') {
    const name = source(node.source);
    if (name) found.push({ name, node: node.source });
  } else if (node.type === 'TSImportType') {
    const name = source(node.argument?.literal);
    if (name) found.push({ name, node: node.argument });
  }
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, counting type-only imports, re-exports and dynamic imports.' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports count too): {{path}}. Move what both sides need to a file that imports neither.' },
  },
  create(context) {
    const file = context.physicalFilename;
    const imports = [];
    return {
      ImportDeclaration: (node) => importsInTree(node, imports),
      ExportAllDeclaration: (node) => importsInTree(node, imports),
      ExportNamedDeclaration: (node) => importsInTree(node, imports),
      ImportExpression: (node) => importsInTree(node, imports),
      TSImportType: (node) => importsInTree(node, imports),
      'Program:exit'() {
        const root = context.cwd;
        for (const { name, node } of imports) {
          const target = resolveImport(name, file);
          if (!target || target === file) continue;
          const back = pathBetween(target, file);
          if (!back) continue;
          const shown = [file, ...back].map((f) => relative(root, f) || f).join(' → ');
          context.report({ node, messageId: 'cycle', data: { path: shown } });
        }
      },
    };
  },
};

export default { meta: { name: 'jelly' }, rules: { 'no-cycle': noCycle } };
