import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SMOKE_BENCHES } from '../smoke.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { name: string; workspaces?: string[]; scripts?: Record<string, string> };

/** Every `bench:*` script of the root and the workspaces, as `name (workspace)`; bench:smoke is the runner itself. */
function benchScripts(): string[] {
  const rootPackage = readJson(join(root, 'package.json'));
  const packages = [{ workspace: null as string | null, json: rootPackage }].concat(
    (rootPackage.workspaces ?? []).map((dir) => {
      const json = readJson(join(root, dir, 'package.json'));
      return { workspace: json.name, json };
    }),
  );
  return packages.flatMap(({ workspace, json }) =>
    Object.keys(json.scripts ?? {})
      .filter((script) => script.startsWith('bench:') && script !== 'bench:smoke')
      .map((script) => `${script} (${workspace ?? 'root'})`),
  );
}

describe('bench:smoke', () => {
  it('runs every bench of the repository, each through its own npm script', () => {
    const smoked = SMOKE_BENCHES.map(({ name, command }) => {
      const workspace = command[command.indexOf('-w') + 1];
      expect(command.slice(0, 4)).toEqual(['npm', 'run', '--silent', name]);
      return `${name} (${command.includes('-w') ? workspace : 'root'})`;
    });
    expect(smoked.sort()).toEqual(benchScripts().sort());
  });
});
