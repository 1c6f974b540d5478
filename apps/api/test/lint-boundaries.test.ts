import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

describe('API import cycles (eslint)', () => {
  it('reports two files tied only by type imports, and nothing once the shared type moves to a leaf', async () => {
    // The cycle rule reads the imported files from disk, so the files are written under src for the test's duration.
    const dir = mkdtempSync(join(apiDir, 'src/lint-cycle-'));
    try {
      const write = (name: string, code: string) => writeFileSync(join(dir, name), code);
      write('config.ts', "import type { DealsSettings } from './deals.ts';\nexport interface Config { deals: DealsSettings; now: () => Date }\n");
      write('leaf.ts', 'export interface Clock { now: () => Date }\n');
      const lintDeals = async (code: string) => {
        write('deals.ts', code);
        const [result] = await new ESLint({ cwd: repoDir, cache: false }).lintFiles([join(dir, 'deals.ts')]);
        return result?.messages ?? [];
      };
      const knot = "import type { Config } from './config.ts';\nexport interface DealsSettings { sweepMs: number }\nexport const at = (c: Config) => c.now();\n";
      expect((await lintDeals(knot)).map((m) => m.ruleId)).toEqual(['jelly/no-cycle']);
      const untied = "import type { Clock } from './leaf.ts';\nexport interface DealsSettings { sweepMs: number }\nexport const at = (c: Clock) => c.now();\n";
      expect(await lintDeals(untied)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
