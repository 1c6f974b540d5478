// npm run build:program -w @jelly/escrow [-- --out <file.so>]
// Compiles every program/src/*.c separately with clang-19 (-I program/include) and links the objects, in
// file-name order, with our SBF linker into program/jelly_escrow.so. The build is reproducible: objects go
// to a temporary folder, sources are named by their path relative to packages/escrow, clang records no
// absolute paths (-ffile-prefix-map, no -g), and the linker output depends only on the object bytes.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { programSha256 } from '../src/program-hash.ts';
import { clangVersion, compileToBpfObject } from './clang.ts';
import { LinkError, link } from './linker/link.ts';

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROGRAM_SOURCES_DIR = 'program/src';
export const PROGRAM_INCLUDE_DIR = 'program/include';
export const PROGRAM_OUTPUT = 'program/jelly_escrow.so';

export interface BuildOptions {
  /** Folder the build runs in and whose path is mapped to "." (default: packages/escrow). */
  rootDir?: string;
  /** C sources folder, relative to rootDir. */
  sourcesDir?: string;
  /** Header folder, relative to rootDir. */
  includeDir?: string;
}

/** The program's C sources, relative to the root folder, in a locale-independent order. */
export function programSources(options: BuildOptions = {}): string[] {
  const rootDir = options.rootDir ?? PACKAGE_DIR;
  const sourcesDir = options.sourcesDir ?? PROGRAM_SOURCES_DIR;
  return readdirSync(join(rootDir, sourcesDir))
    .filter((name) => name.endsWith('.c'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${sourcesDir}/${name}`);
}

/** Compiles every source into its own object and links them; returns the shared object's bytes. */
export function buildProgram(options: BuildOptions = {}): Uint8Array {
  const rootDir = options.rootDir ?? PACKAGE_DIR;
  const sources = programSources(options);
  if (sources.length === 0) throw new Error(`no C sources in ${options.sourcesDir ?? PROGRAM_SOURCES_DIR}`);
  const objectsDir = mkdtempSync(join(tmpdir(), 'jelly-escrow-build-'));
  try {
    const objects = sources.map((source, i) => {
      const output = join(objectsDir, `${i}.o`);
      compileToBpfObject(source, output, {
        includeDirs: [options.includeDir ?? PROGRAM_INCLUDE_DIR],
        prefixMapRoot: rootDir,
        cwd: rootDir,
      });
      return { name: source, bytes: new Uint8Array(readFileSync(output)) };
    });
    return link(objects);
  } finally {
    rmSync(objectsDir, { recursive: true, force: true });
  }
}

function main(args: string[]): number {
  const outIndex = args.indexOf('--out');
  const output = outIndex >= 0 && args[outIndex + 1] ? resolve(args[outIndex + 1] as string) : join(PACKAGE_DIR, PROGRAM_OUTPUT);
  try {
    console.log(`${clangVersion()}; sources: ${programSources().join(' ')}`);
    const bytes = buildProgram();
    writeFileSync(output, bytes);
    const sha256 = programSha256(bytes);
    console.log(`${output}: ${bytes.length} bytes, sha256 ${sha256}`);
    return 0;
  } catch (error) {
    console.error(error instanceof LinkError ? `link error: ${error.message}` : error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
