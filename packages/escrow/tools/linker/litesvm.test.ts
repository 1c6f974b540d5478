// Linked programs run in the real Solana runtime (LiteSVM): loaded with addProgram, and deployed through the
// upgradeable BPF loader's own instructions, whose ELF checks are the strict ones of a real cluster.
import { generateKeyPairSigner, lamports, type KeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BPF_LOADER_UPGRADEABLE_ID, UPGRADEABLE_LOADER_SIZES, deployUpgradeable } from '../deploy-upgradeable.ts';
import { OP_CALL_IMM, OP_EXIT } from './elf-constants.ts';
import { inspectProgram } from './inspect.ts';
import { link } from './link.ts';
import { FixtureCompiler, ensureClang, invoke, log64, programLogs, tryInvoke } from './test-helpers.ts';

let compiler: FixtureCompiler;
let hello: Uint8Array;
let relocations: Uint8Array;
let multi: Uint8Array;

beforeAll(() => {
  ensureClang();
  compiler = new FixtureCompiler();
  hello = link(compiler.compile('hello'));
  relocations = link(compiler.compile('relocations'));
  multi = link([
    { name: 'multi-main.o', bytes: compiler.compile('multi-main') },
    { name: 'multi-helpers.o', bytes: compiler.compile('multi-helpers') },
  ]);
}, 60_000);

afterAll(() => compiler?.dispose());

async function freshSvm(): Promise<{ svm: LiteSVM; payer: KeyPairSigner }> {
  const svm = new LiteSVM();
  const payer = await generateKeyPairSigner();
  svm.airdrop(payer.address, lamports(100_000_000_000n));
  return { svm, payer };
}

// What relocations.c computes, written independently in TypeScript.
const SQUARES = [0, 1, 4, 9, 16, 25, 36, 49];
const OPERATIONS: [string, (a: bigint, b: bigint) => bigint][] = [
  ['add', (a, b) => a + b],
  ['mul', (a, b) => a * b],
  ['sub', (a, b) => (a - b) & 0xffff_ffff_ffff_ffffn],
];
function expectedRelocationLogs(op: number, a: number, b: number): string[] {
  const weigh = (x: number) => BigInt((SQUARES[x & 7] ?? 0) * 3 + 1);
  const [name, fn] = OPERATIONS[op % 3] ?? OPERATIONS[0]!;
  const applied = (fn(BigInt(a), BigInt(b)) + weigh(a)) & 0xffff_ffff_ffff_ffffn;
  return [name, log64(op, a, b, applied, weigh(b))];
}

const RELOCATION_INPUTS: [number, number, number][] = [
  [0, 3, 4],
  [1, 9, 200],
  [2, 5, 7], // sub wraps around below zero
  [4, 255, 255],
  [8, 0, 13],
];

describe('linked programs in LiteSVM (addProgram)', () => {
  it('runs hello: the sol_log_ line appears and the compute units are the instructions run plus the syscall', async () => {
    const { svm, payer } = await freshSvm();
    const programId = (await generateKeyPairSigner()).address;
    svm.addProgram(programId, hello);
    const result = await invoke(svm, payer, programId, new Uint8Array());
    expect(programLogs(result)).toEqual(['hello from the jelly linker']);

    // hello's entrypoint is straight-line code: every instruction up to `exit` runs once (lddw counts as one),
    // and sol_log_ of a short message costs the syscall base cost of 100 units.
    const image = inspectProgram(hello);
    const entry = image.functions.get('entrypoint');
    const body = image.instructions.filter((i) => entry !== undefined && i.address >= entry);
    const exitIndex = body.findIndex((i) => i.opcode === OP_EXIT);
    expect(exitIndex).toBeGreaterThan(0);
    const straightLine = body.slice(0, exitIndex + 1);
    const isBranch = (opcode: number) => (opcode & 0x07) === 0x05 && opcode !== OP_CALL_IMM && opcode !== OP_EXIT;
    expect(straightLine.some((i) => isBranch(i.opcode))).toBe(false);
    expect(result.computeUnits).toBe(BigInt(straightLine.length + 100));
  });

  it('runs the relocation fixture: cross-section calls, lddw tables, function pointers and strings all resolve', async () => {
    const { svm, payer } = await freshSvm();
    const programId = (await generateKeyPairSigner()).address;
    svm.addProgram(programId, relocations);
    for (const [op, a, b] of RELOCATION_INPUTS) {
      const result = await invoke(svm, payer, programId, new Uint8Array([op, a, b]));
      expect(programLogs(result)).toEqual(expectedRelocationLogs(op, a, b));
    }
    const short = await tryInvoke(svm, payer, programId, new Uint8Array([1]));
    expect(short.ok).toBe(false);
    expect(short.error).toContain('Custom(1)'); // the fixture's return value reaches the runtime
    expect(programLogs(short)).toEqual(['need 3 bytes: op, a, b']);
  });

  it('runs a program linked from two objects (calls and const data across files)', async () => {
    const { svm, payer } = await freshSvm();
    const programId = (await generateKeyPairSigner()).address;
    svm.addProgram(programId, multi);
    const weights = [7n, 11n, 13n, 17n];
    for (const data of [[], [1, 2, 3], [200, 100, 50, 25, 12, 6]]) {
      let sum = 0n;
      data.forEach((byte, i) => (sum = (sum * 31n + BigInt(byte) * weights[i & 3]!) & 0xffff_ffff_ffff_ffffn));
      const result = await invoke(svm, payer, programId, new Uint8Array(data));
      expect(programLogs(result)).toEqual([log64(data.length, sum, weights[data.length & 3]!, 0, 0)]);
    }
  });
});

describe('deployment through the upgradeable BPF loader', () => {
  it('deploys hello with buffer + Write chunks + DeployWithMaxDataLen, then invokes it', async () => {
    const { svm, payer } = await freshSvm();
    const program = await generateKeyPairSigner();
    const deployment = await deployUpgradeable(svm, payer, program, hello);
    expect(deployment.programId).toBe(program.address);
    expect(deployment.transactionCount).toBe(2 + Math.ceil(hello.length / deployment.writeChunkSize));

    const programAccount = svm.getAccount(program.address);
    expect(programAccount.exists && programAccount.executable).toBe(true);
    expect(programAccount.exists && programAccount.programAddress).toBe(BPF_LOADER_UPGRADEABLE_ID);
    const programData = svm.getAccount(deployment.programDataAddress);
    expect(programData.exists).toBe(true);
    if (programData.exists) {
      const stored = programData.data.subarray(UPGRADEABLE_LOADER_SIZES.PROGRAMDATA_METADATA_SIZE);
      expect(Buffer.from(stored.subarray(0, hello.length)).equals(Buffer.from(hello))).toBe(true);
    }
    expect(svm.getAccount(deployment.bufferAddress).exists).toBe(false); // the loader drains the buffer

    const result = await invoke(svm, payer, program.address, new Uint8Array());
    expect(programLogs(result)).toEqual(['hello from the jelly linker']);
  });

  it('deploys the relocation fixture (several Write chunks) and it computes the same results', async () => {
    const { svm, payer } = await freshSvm();
    const program = await generateKeyPairSigner();
    const deployment = await deployUpgradeable(svm, payer, program, relocations, { maxDataLen: relocations.length * 2 });
    expect(deployment.transactionCount).toBeGreaterThanOrEqual(4);
    for (const [op, a, b] of RELOCATION_INPUTS) {
      const result = await invoke(svm, payer, program.address, new Uint8Array([op, a, b]));
      expect(programLogs(result)).toEqual(expectedRelocationLogs(op, a, b));
    }
  });

  it('is refused by the loader when the ELF imports a syscall that does not exist', async () => {
    const { svm, payer } = await freshSvm();
    const broken = hello.slice();
    const name = new TextEncoder().encode('sol_log_\0');
    const at = Buffer.from(broken).indexOf(Buffer.from(name));
    expect(at).toBeGreaterThan(0);
    broken.set(new TextEncoder().encode('sol_lox_'), at); // same length, unknown to the runtime
    await expect(deployUpgradeable(svm, payer, await generateKeyPairSigner(), broken)).rejects.toThrow(/Unresolved symbol \(sol_lox_\)/);
  });
});
