// npx tsx tools/program-sha256.ts FILE… — prints each program file's sha256 by the one rule of src/program-hash.ts
// (the hash the proof of escrow and `npm run escrow -- deploy | upgrade` print), its size, and its name.
import { readFileSync } from 'node:fs';
import { programSha256 } from '../src/program-hash.ts';

for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(file);
  console.log(`${programSha256(bytes)}  ${bytes.length} bytes  ${file}`);
}
