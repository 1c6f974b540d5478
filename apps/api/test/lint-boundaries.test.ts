import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's lint boundaries, run with the repository's own ESLint config on small fixtures. Each fixture is linted as
 * if it stood at its path under apps/api (fixtures/boundaries/bad/src/modules/orders/x.ts is linted as
 * apps/api/src/modules/orders/x.ts), because the rules depend on where the file sits. Two sets: the module boundaries
 * (another module only through its index.ts) and outbound HTTP (only through lib/outbound-http.ts).
 */
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(apiDir, '../..');

interface FixtureSet {
  name: string;
  folder: string;
  /** The rules that report a bad fixture, and the words of their message. */
  rules: string[];
  message: RegExp;
}

const SETS: FixtureSet[] = [
  // the kernel's fixture is told by its own sentence: a module's index.ts is no way into a module from chain/
  { name: 'API module boundaries', folder: 'boundaries', rules: ['import-x/no-restricted-paths'], message: /only through its public file \(index\.ts\)|imports no module/ },
  {
    name: 'outbound HTTP only through lib/outbound-http.ts',
    folder: 'outbound',
    rules: ['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax'],
    message: /Outbound HTTP goes through lib\/outbound-http\.ts/,
  },
];

function fixtures(set: FixtureSet, kind: 'bad' | 'clean'): string[] {
  const root = join(apiDir, 'test/fixtures', set.folder, kind);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
    );
  return walk(root).sort();
}

async function lintAt(set: FixtureSet, kind: 'bad' | 'clean', fixture: string) {
  const eslint = new ESLint({ cwd: repoDir });
  const code = readFileSync(join(apiDir, 'test/fixtures', set.folder, kind, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(apiDir, fixture) });
  return result?.messages ?? [];
}

describe.each(SETS)('$name (eslint)', (set) => {
  const bad = fixtures(set, 'bad');
  const clean = fixtures(set, 'clean');

  it('has fixtures of both kinds', () => {
    expect(bad.length).toBeGreaterThanOrEqual(8);
    expect(clean.length).toBeGreaterThanOrEqual(5);
  });

  it.each(bad)('reports %s', async (fixture) => {
    const messages = await lintAt(set, 'bad', fixture);
    expect(messages.filter((m) => m.ruleId !== null && set.rules.includes(m.ruleId))).toEqual([
      expect.objectContaining({ message: expect.stringMatching(set.message) }),
    ]);
  }, 30_000);

  it.each(clean)('reports nothing for %s', async (fixture) => {
    expect(await lintAt(set, 'clean', fixture)).toEqual([]);
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
