// CLI: tsx tools/link.ts --out <out.so> <in.o> [more.o ...]
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { LinkError, link } from './linker/link.ts';

const USAGE = 'usage: tsx tools/link.ts --out <out.so> <in.o> [more.o ...]';

function main(args: string[]): number {
  let output: string | undefined;
  let inputs: string[];
  try {
    const parsed = parseArgs({ args, options: { out: { type: 'string', short: 'o' } }, allowPositionals: true });
    output = parsed.values.out;
    inputs = parsed.positionals;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!output || inputs.length === 0) {
    console.error(USAGE);
    return 2;
  }
  try {
    const bytes = link(inputs.map((path) => ({ name: basename(path), bytes: readFileSync(path) })));
    writeFileSync(output, bytes);
    console.log(`${output}: ${bytes.length} bytes`);
    return 0;
  } catch (error) {
    if (error instanceof LinkError) {
      console.error(`link error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
