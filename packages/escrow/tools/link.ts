// CLI: tsx tools/link.ts <out.so> <in.o> [more.o ...]   (or the two-argument form <in.o> <out.so>)
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { LinkError, link } from './linker/link.ts';

function main(args: string[]): number {
  if (args.length < 2) {
    console.error('usage: tsx tools/link.ts <in.o> <out.so>\n       tsx tools/link.ts <out.so> <in.o> [more.o ...]');
    return 2;
  }
  // <in.o> <out.so> when the second argument is the .so; otherwise the first is the output.
  const [output, inputs] = args.length === 2 && args[1]?.endsWith('.so') ? [args[1], [args[0] as string]] : [args[0] as string, args.slice(1)];
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
