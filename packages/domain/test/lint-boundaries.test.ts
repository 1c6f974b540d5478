import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The packages' boundary rules (eslint.config.js, packageBoundaries), run with the repository's own ESLint config on
 * small snippets linted as if they stood at `at` (from the repository root). The rule resolves each import, so every
 * snippet names a file that exists; the importing file need not.
 */
const repoDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'import-x/no-restricted-paths';
const APP = 'A package never imports an app';
const DOMAIN = 'packages/domain imports nothing of ours but @jelly/escrow/errors';

async function lintAt(at: string, code: string) {
  const eslint = new ESLint({ cwd: repoDir });
  const [result] = await eslint.lintText(code, { filePath: join(repoDir, at) });
  return result?.messages ?? [];
}

const breaking: { at: string; code: string; reported: string }[] = [
  { at: 'packages/contracts/src/uses-the-api.ts', code: "import { buildApp } from '../../../apps/api/src/app.ts';\nexport const y = buildApp;\n", reported: APP },
  { at: 'packages/escrow/tools/loads-the-api.ts', code: "export const load = () => import('@jelly/api/src/config.ts');\n", reported: APP },
  { at: 'packages/domain/src/uses-the-web.ts', code: "import { x } from '../../../apps/web/src/lib/storage.ts';\nexport const y = x;\n", reported: APP },
  { at: 'packages/domain/src/reads-contracts.ts', code: "import { swapStatus } from '@jelly/contracts';\nexport const y = swapStatus;\n", reported: DOMAIN },
  { at: 'packages/domain/src/loads-contracts.ts', code: "export const load = () => import('../../contracts/src/swap.ts');\n", reported: DOMAIN },
  { at: 'packages/domain/src/reads-the-escrow-client.ts', code: "import { PROGRAM_ID } from '@jelly/escrow';\nexport const y = PROGRAM_ID;\n", reported: DOMAIN },
];

const allowed: { at: string; code: string }[] = [
  { at: 'packages/domain/src/escrow-errors.ts', code: "import { EscrowError } from '@jelly/escrow/errors';\nexport const y = EscrowError;\n" },
  { at: 'packages/contracts/src/uses-domain.ts', code: "import { SwapStatus } from '@jelly/domain';\nexport const y = SwapStatus;\n" },
  { at: 'packages/escrow/src/client/uses-errors.ts', code: "import { EscrowError } from './errors.ts';\nexport const y = EscrowError;\n" },
];

describe('package boundaries (eslint)', () => {
  it.each(breaking)('reports $at', async ({ at, code, reported }) => {
    const messages = await lintAt(at, code);
    expect(messages.filter((m) => m.ruleId === RULE)).toEqual([expect.objectContaining({ message: expect.stringContaining(reported) })]);
  }, 30_000);

  it.each(allowed)('reports nothing for $at', async ({ at, code }) => {
    expect(await lintAt(at, code)).toEqual([]);
  }, 30_000);
});
