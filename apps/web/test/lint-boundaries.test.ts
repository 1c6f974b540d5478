import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's boundary rules, run with the repository's own ESLint config on small snippets. Each snippet is linted
 * as if it stood at `at` (under apps/web), because the rules depend on where the importing file sits.
 */
const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(webDir, '../..');

async function lintAt(at: string, code: string) {
  const eslint = new ESLint({ cwd: repoDir });
  const [result] = await eslint.lintText(code, { filePath: join(webDir, at) });
  return result?.messages ?? [];
}

const FEATURE = 'A feature never imports another feature';
const APP = 'A feature never imports src/app';
const SHARED = 'src/lib and src/components import no feature';
const RULE = 'import-x/no-restricted-paths';

// The rule resolves each import, so every snippet names a file that exists; the importing file need not.
const breaking: { at: string; code: string; reported: string }[] = [
  { at: 'src/features/market/MarketThing.ts', code: "import { x } from '../deal/api/dealApi.ts';\nexport const y = x;\n", reported: FEATURE },
  { at: 'src/features/market/pages/MarketPage.tsx', code: "import { x } from '../../deal/api/dealApi.ts';\nexport const y = x;\n", reported: FEATURE },
  {
    at: 'src/features/deal/components/parts/Part.tsx',
    code: "import { x } from '../../../market/state/listingState.ts';\nexport const y = x;\n",
    reported: FEATURE,
  },
  { at: 'src/features/deal-chat/components/DealChat.tsx', code: "import { x } from '../../../app/hooks.ts';\nexport const y = x;\n", reported: APP },
  { at: 'src/features/deal-chat/index.ts', code: "export { x } from '../../app/store.ts';\n", reported: APP },
  { at: 'src/features/market/pages/MarketPage.test.tsx', code: "import { x } from '../../deal/api/dealApi.ts';\nexport const y = x;\n", reported: FEATURE },
  { at: 'src/features/market/testing/harness.tsx', code: "import { x } from '../../deal/testing/dealTestKit.tsx';\nexport const y = x;\n", reported: FEATURE },
  { at: 'src/lib/session/session.ts', code: "import { x } from '../../features/auth/state/userSlice.ts';\nexport const y = x;\n", reported: SHARED },
  { at: 'src/lib/storage.ts', code: "import { x } from '../features/auth/api/authApi.ts';\nexport const y = x;\n", reported: SHARED },
  { at: 'src/components/ui/Button.tsx', code: "import { x } from '../../features/market/state/listingState.ts';\nexport const y = x;\n", reported: SHARED },
  // lazy loading: a dynamic import() across a boundary is the same import (no-restricted-imports never saw these)
  { at: 'src/features/market/pages/MarketPage.tsx', code: "export const load = () => import('../../deal/pages/DealChatPage.tsx');\n", reported: FEATURE },
  { at: 'src/features/swap/hooks/useRoutes.ts', code: "export const load = () => import('../../../app/router.tsx');\n", reported: APP },
  { at: 'src/lib/lazy/pages.ts', code: "export const load = () => import('../../features/swap/pages/SwapPage.tsx');\n", reported: SHARED },
];

const allowed: { at: string; code: string }[] = [
  { at: 'src/features/market/pages/MarketPage.tsx', code: "import { x } from '../api/marketApi.ts';\nimport { y } from '../../../lib/session/session.ts';\nexport const z = [x, y];\n" },
  { at: 'src/features/market/pages/MarketPage.test.tsx', code: "import { x } from '../../../app/layout/Toasts.tsx';\nexport const y = x;\n" },
  { at: 'src/features/deal/hooks/useActions.ts', code: "export const load = () => import('../actions/prepareLock.ts');\n" },
  { at: 'src/app/routes.tsx', code: "import { x } from '../features/market/pages/MarketPage.tsx';\nexport const load = () => import('../features/swap/pages/SwapPage.tsx');\nexport const y = x;\n" },
  { at: 'src/lib/api/api.ts', code: "import { x } from '../storage.ts';\nimport { y } from '../../components/ui/Button.tsx';\nexport const z = [x, y];\n" },
];

describe('web app boundaries (eslint)', () => {
  it.each(breaking)('reports $at importing across a boundary', async ({ at, code, reported }) => {
    const messages = await lintAt(at, code);
    expect(messages.filter((m) => m.ruleId === RULE)).toEqual([expect.objectContaining({ message: expect.stringContaining(reported) })]);
  }, 30_000);

  it.each(allowed)('reports nothing for $at', async ({ at, code }) => {
    expect(await lintAt(at, code)).toEqual([]);
  }, 30_000);
});

describe('web app import cycles (eslint)', () => {
  // The cycle rule reads the imported files from disk, so each case writes its files under src for its duration.
  async function inTempSrc(run: (write: (name: string, code: string) => void, lint: (name: string) => Promise<Linter.LintMessage[]>) => Promise<void>) {
    const dir = mkdtempSync(join(webDir, 'src/lint-cycle-'));
    try {
      const write = (name: string, code: string) => writeFileSync(join(dir, name), code);
      const lint = async (name: string) => {
        const [result] = await new ESLint({ cwd: repoDir, cache: false }).lintFiles([join(dir, name)]);
        return result?.messages ?? [];
      };
      await run(write, lint);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('reports two files that import each other, and nothing once the cycle is broken', async () => {
    await inTempSrc(async (write, lint) => {
      write('b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
      write('c.ts', 'export const c = 1;\n');
      write('a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
      expect((await lint('a.ts')).map((m) => m.ruleId)).toEqual(['jelly/no-cycle']);
      write('a.ts', "import { c } from './c.ts';\nexport const a = () => c;\n");
      expect(await lint('a.ts')).toEqual([]);
    });
  }, 30_000);

  it('reports a cycle made only of type imports through a component, and nothing once the shared type moves to a leaf', async () => {
    // The shape of the cycle auth/state had: a state shape kept beside its slice, a root type built from it, and a
    // file typed by the root that the slice names. import-x/no-cycle skips type imports, so it never saw it.
    await inTempSrc(async (write, lint) => {
      write('state.ts', "import type { PanelProps } from './Panel.tsx';\nexport interface PanelState { open: boolean; last?: PanelProps }\n");
      write('root.ts', "import type { PanelState } from './state.ts';\nexport interface RootState { panel: PanelState }\n");
      write('leaf.ts', 'export interface PanelView { open: boolean }\n');
      const panel = (typeImport: string, type: string) =>
        `${typeImport}\nexport interface PanelProps { state: ${type} }\nexport const Panel = ({ state }: PanelProps) => <p>{String(state.open)}</p>;\n`;
      write('Panel.tsx', panel("import type { RootState } from './root.ts';", "RootState['panel']"));
      expect((await lint('Panel.tsx')).map((m) => m.ruleId)).toEqual(['jelly/no-cycle']);
      write('Panel.tsx', panel("import type { PanelView } from './leaf.ts';", 'PanelView'));
      expect(await lint('Panel.tsx')).toEqual([]);
    });
  }, 30_000);
});
