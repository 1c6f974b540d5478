// Shared by the linker's tests: compiling the C fixtures with clang-19 and running programs in LiteSVM.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import { compileToBpfObject } from '../clang.ts';

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const REPO_ROOT = resolve(FIXTURES_DIR, '../../../../..');

/** Installs clang-19 from Debian if it is missing (as root), or stops with the command to run. */
export function ensureClang(): void {
  execFileSync('bash', [join(REPO_ROOT, 'scripts/ensure-system-deps.sh'), 'clang'], { stdio: 'inherit' });
}

export class FixtureCompiler {
  private readonly dir = mkdtempSync(join(tmpdir(), 'jelly-linker-'));
  private count = 0;

  /** Compiles tools/linker/fixtures/<name>.c and returns the object's bytes. */
  compile(name: string, extraFlags: readonly string[] = []): Uint8Array {
    const output = join(this.dir, `${name}-${this.count++}.o`);
    compileToBpfObject(join(FIXTURES_DIR, `${name}.c`), output, {
      includeDirs: [FIXTURES_DIR],
      prefixMapRoot: REPO_ROOT,
      cwd: REPO_ROOT,
      extraFlags,
    });
    return new Uint8Array(readFileSync(output));
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Invocation {
  ok: boolean;
  logs: string[];
  computeUnits: bigint;
  /** The transaction error when `ok` is false. */
  error?: string;
}

/** Sends one instruction (no accounts) to `programId` and returns what happened, failed or not. */
export async function tryInvoke(svm: LiteSVM, payer: KeyPairSigner, programId: Address, data: Uint8Array): Promise<Invocation> {
  const transaction = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstruction({ programAddress: programId, accounts: [], data }, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  const result = svm.sendTransaction(transaction);
  if (result instanceof FailedTransactionMetadata) {
    const meta = result.meta();
    return { ok: false, logs: meta.logs(), computeUnits: meta.computeUnitsConsumed(), error: result.toString() };
  }
  return { ok: true, logs: result.logs(), computeUnits: result.computeUnitsConsumed() };
}

/** Like tryInvoke, but a failed transaction throws with its logs. */
export async function invoke(svm: LiteSVM, payer: KeyPairSigner, programId: Address, data: Uint8Array): Promise<Invocation> {
  const result = await tryInvoke(svm, payer, programId, data);
  if (!result.ok) throw new Error(`transaction failed: ${result.error}\n${result.logs.join('\n')}`);
  return result;
}

/** The "Program log: ..." lines of an invocation, without the prefix. */
export function programLogs(invocation: Invocation): string[] {
  return invocation.logs.filter((line) => line.startsWith('Program log: ')).map((line) => line.slice('Program log: '.length));
}

/** The line sol_log_64_ prints for five values. */
export function log64(...values: (number | bigint)[]): string {
  return values.map((v) => `0x${BigInt(v).toString(16)}`).join(', ');
}
