import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module-boundary lint rule, run with the repository's own ESLint config on small fixtures. Each fixture is
 * linted as if it stood at its path under apps/api (fixtures/boundaries/bad/src/modules/orders/x.ts is linted as
 * apps/api/src/modules/orders/x.ts), because the rule depends on where the importing file sits.
 */
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(apiDir, '../..');
const fixturesDir = join(apiDir, 'test/fixtures/boundaries');
const RULE = 'no-restricted-imports';

function fixtures(kind: 'bad' | 'clean'): string[] {
  const root = join(fixturesDir, kind);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
    );
  return walk(root).sort();
}

async function lintAt(kind: 'bad' | 'clean', fixture: string) {
  const eslint = new ESLint({ cwd: repoDir });
  const code = readFileSync(join(fixturesDir, kind, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(apiDir, fixture) });
  return result?.messages ?? [];
}

describe('API module boundaries (eslint)', () => {
  const bad = fixtures('bad');
  const clean = fixtures('clean');

  it('has fixtures of both kinds', () => {
    expect(bad.length).toBeGreaterThanOrEqual(8);
    expect(clean.length).toBeGreaterThanOrEqual(5);
  });

  it.each(bad)('reports %s', async (fixture) => {
    const messages = await lintAt('bad', fixture);
    expect(messages.filter((m) => m.ruleId === RULE)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('through its public file (index.ts)') }),
    ]);
  }, 30_000);

  it.each(clean)('reports nothing for %s', async (fixture) => {
    expect(await lintAt('clean', fixture)).toEqual([]);
  }, 30_000);
});
