// Compiling C to a BPF relocatable object with Debian's clang-19 (see shared/notes/toolchain-facts.md):
// -mcpu=v2 because v3 emits 32-bit jumps SBPFv0 rejects; 4 KiB stack frames like the Solana VM;
// no -g and a file-prefix map, so nothing about the machine or the checkout path ends up in the output.
import { execFileSync } from 'node:child_process';

export const CLANG = 'clang-19';

export const SBF_CLANG_FLAGS: readonly string[] = [
  '-target',
  'bpfel',
  '-mcpu=v2',
  '-O2',
  '-ffreestanding',
  '-nostdlib',
  '-fno-builtin',
  '-fno-stack-protector',
  '-mllvm',
  '-bpf-stack-size=4096',
];

export interface CompileOptions {
  includeDirs: readonly string[];
  /** Directory whose path is mapped to "." in anything clang records (the project root). */
  prefixMapRoot: string;
  /** Working directory for clang; source and output paths may be relative to it. */
  cwd: string;
  extraFlags?: readonly string[];
}

/** Compiles one C file into a BPF object; throws with clang's diagnostics on failure. */
export function compileToBpfObject(source: string, output: string, options: CompileOptions): void {
  const args = [
    ...SBF_CLANG_FLAGS,
    ...(options.extraFlags ?? []),
    `-ffile-prefix-map=${options.prefixMapRoot}=.`,
    ...options.includeDirs.flatMap((dir) => ['-I', dir]),
    '-c',
    source,
    '-o',
    output,
  ];
  try {
    execFileSync(CLANG, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`${CLANG} failed on ${source}:\n${stderr || String(error)}`);
  }
}

export function clangVersion(): string {
  return execFileSync(CLANG, ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? 'unknown';
}
