import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
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
  it('reports two files that import each other, and nothing once the cycle is broken', async () => {
    // The cycle rule reads the imported files from disk, so the pair is written under src for the duration of the test.
    const dir = mkdtempSync(join(webDir, 'src/lint-cycle-'));
    try {
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      writeFileSync(join(dir, 'c.ts'), 'export const c = 1;\n');
      const lintA = async (code: string) => {
        writeFileSync(join(dir, 'a.ts'), code);
        const [result] = await new ESLint({ cwd: repoDir, cache: false }).lintFiles([join(dir, 'a.ts')]);
        return result?.messages ?? [];
      };
      expect((await lintA("import { b } from './b.ts';\nexport const a = () => b;\n")).map((m) => m.ruleId)).toEqual([
        'import-x/no-cycle',
      ]);
      expect(await lintA("import { c } from './c.ts';\nexport const a = () => c;\n")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
