import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds the table writes in the API's source, for test/table-owners.test.ts: drizzle's `.insert(t)`, `.update(t)`
 * and `.delete(t)` on a schema table (read from the syntax tree, so an import alias or `schema.t` counts alike), and
 * `INSERT INTO x`, `UPDATE x`, `DELETE FROM x` in SQL text (a `WITH … UPDATE` too, and `UPDATE ${t}`). Syntax only,
 * no type checker: a table reaches a write through its schema import, which keeps the scan to a second.
 */
export interface TableWrite {
  /** The file, relative to src. */
  file: string;
  line: number;
  table: string;
  how: 'insert' | 'update' | 'delete' | 'sql';
  /** The module (modules/<m>) or kernel folder (chain/gate, realtime, plugins…) the file belongs to. */
  writer: string;
}

/** `modules/orders/x.ts` → orders, `chain/gate/x.ts` → chain/gate, `realtime/x.ts` → realtime, `app.ts` → app. */
export function writerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules' || (parts[0] === 'chain' && parts[1] === 'gate')) return parts.slice(0, 2).join('/').replace('modules/', '');
  return parts.length > 1 ? (parts[0] ?? 'app') : 'app';
}

/** Product code: not a test, not a test helper (testing.ts, testing/). */
export function isProductFile(file: string): boolean {
  return file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && !/(^|\/)testing(\.ts$|\/)/.test(file);
}

/** Every product file under `srcDir`, relative to it. */
export function productFiles(srcDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(srcDir, join(dir, entry.name))],
    );
  return walk(srcDir).filter(isProductFile).sort();
}

const SQL_WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const SQL_WRITE_BEFORE_TABLE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s*$/i;
const SCHEMA_IMPORT = /(^|\/)schema(\/[\w-]+\.ts)?$/;
const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);

/**
 * The writes of one file. `tables` maps a schema export name to its SQL name; `file` is where the code stands
 * (relative to src), which names its writer.
 */
export function scanWrites(file: string, text: string, tables: ReadonlyMap<string, string>): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sqlNames = new Set(tables.values());
  const named = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!SCHEMA_IMPORT.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) named.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  // a table named by its schema import, or by its export name however it arrived (a re-export)
  const tableOf = (node: ts.Expression): string | undefined => {
    if (ts.isIdentifier(node)) return tables.get(named.get(node.text) ?? node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      return tables.get(node.name.text);
    }
    return undefined;
  };
  const writes: TableWrite[] = [];
  const record = (node: ts.Node, table: string, how: TableWrite['how']) =>
    writes.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, table, how, writer: writerOf(file) });
  const sqlText = (node: ts.Node, piece: string) => {
    for (const match of piece.matchAll(SQL_WRITE)) {
      const table = match[2]?.toLowerCase() ?? '';
      if (sqlNames.has(table)) record(node, table, 'sql');
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length === 1) {
      const method = node.expression.name.text;
      const table = node.arguments[0] && tableOf(node.arguments[0]);
      if (DRIZZLE_WRITES.has(method) && table) record(node, table, method as TableWrite['how']);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) sqlText(node, node.text);
    if (ts.isTemplateExpression(node)) {
      let before = node.head.text;
      sqlText(node, before);
      for (const span of node.templateSpans) {
        const table = SQL_WRITE_BEFORE_TABLE.test(before) ? tableOf(span.expression) : undefined;
        if (table) record(node, table, 'sql');
        before = span.literal.text;
        sqlText(node, before);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** Every write under `srcDir`'s product files. */
export function scanSource(srcDir: string, tables: ReadonlyMap<string, string>): TableWrite[] {
  return productFiles(srcDir).flatMap((file) => scanWrites(file, readFileSync(join(srcDir, file), 'utf8'), tables));
}
