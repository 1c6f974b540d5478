import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The platform-key rule, run with the repository's own ESLint config: each fixture is linted as if it stood at its
 * path under apps/api (fixtures/gate/bad/src/modules/coin-jelly/x.ts as apps/api/src/modules/coin-jelly/x.ts).
 */
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(apiDir, '../..');
const fixturesDir = join(apiDir, 'test/fixtures/gate');
const RULE = 'import-x/no-restricted-paths';

async function lintAt(kind: 'bad' | 'clean', fixture: string) {
  const eslint = new ESLint({ cwd: repoDir });
  const code = readFileSync(join(fixturesDir, kind, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(apiDir, fixture) });
  return result?.messages ?? [];
}

describe('only the platform gate signs with a platform key (eslint)', () => {
  it.each(['src/modules/coin-jelly/sign-alone.ts', 'src/chain/transactions/lazy-vault.ts'])('reports %s', async (fixture) => {
    const messages = await lintAt('bad', fixture);
    expect(messages.filter((m) => m.ruleId === RULE)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Only the platform gate') }),
    ]);
  }, 30_000);

  it('reports nothing for the gate itself', async () => {
    expect(await lintAt('clean', 'src/chain/gate/sign-here.ts')).toEqual([]);
  }, 30_000);
});
