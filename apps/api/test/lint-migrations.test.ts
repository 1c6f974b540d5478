import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The migration linter (`npm run lint:migrations`: squawk with apps/api/.squawk.toml, rules in drizzle/README.md),
 * run on small fixtures: each bad one names on its first line (`-- expect: <rule>`) the rule that must report it;
 * the clean ones are the expand/contract steps the house writes instead, and must pass.
 */
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const squawk = resolve(apiDir, '../../node_modules/.bin/squawk');
const fixturesDir = join(apiDir, 'test/fixtures/migrations');
const run = promisify(execFile);

interface Finding {
  rule_name: string;
}

/** squawk's findings for files (paths relative to apps/api), read from its JSON report; exit code 1 = findings. */
async function lint(paths: string[]): Promise<Finding[]> {
  const result = await run(squawk, ['--config', '.squawk.toml', '--reporter', 'json', ...paths], { cwd: apiDir }).catch(
    (error: { code?: number; stdout?: string }) => {
      if (error.code !== 1 || !error.stdout) throw error;
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(result.stdout) as Finding[];
}

const fixtures = (kind: 'bad' | 'clean') => readdirSync(join(fixturesDir, kind)).filter((name) => name.endsWith('.sql')).sort();

describe('migration linter (squawk)', () => {
  const bad = fixtures('bad');
  const clean = fixtures('clean');

  it('has fixtures of both kinds', () => {
    expect(bad.length).toBeGreaterThanOrEqual(8);
    expect(clean.length).toBeGreaterThanOrEqual(5);
  });

  it.each(bad)('reports %s', async (name) => {
    const expected = /^-- expect: ([a-z-]+)/.exec(readFileSync(join(fixturesDir, 'bad', name), 'utf8'))?.[1];
    expect(expected).toBeDefined();
    const findings = await lint([`test/fixtures/migrations/bad/${name}`]);
    expect(findings.map((finding) => finding.rule_name)).toContain(expected);
  });

  it.each(clean)('passes %s', async (name) => {
    expect(await lint([`test/fixtures/migrations/clean/${name}`])).toEqual([]);
  });

  it('passes every migration in drizzle/ (the old ones excluded by name, each an existing file)', async () => {
    const config = readFileSync(join(apiDir, '.squawk.toml'), 'utf8');
    const excluded = [...config.matchAll(/^\s*"(drizzle\/[^"]+\.sql)"/gm)].map((match) => match[1] ?? '');
    expect(excluded.length).toBeGreaterThan(0);
    for (const path of excluded) expect(existsSync(join(apiDir, path)), path).toBe(true);
    const linted = readdirSync(join(apiDir, 'drizzle'))
      .filter((name) => name.endsWith('.sql'))
      .map((name) => `drizzle/${name}`)
      .filter((path) => !excluded.includes(path));
    // Files after the list are linted (the list is frozen: no new file joins it).
    expect(linted.length).toBeGreaterThan(0);
    expect(await lint(['drizzle/*.sql'])).toEqual([]);
  });
});
