import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { z } from 'zod';

// The Solana CLI's keypair file format: a JSON array of the 64 secret-key bytes.
const keypairFileSchema = z.array(z.number().int().min(0).max(255)).length(64);

export function readKeypairFile(file: string): Keypair {
  const parsed = keypairFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a keypair file (a JSON array of 64 bytes)`);
  return Keypair.fromSecretKey(Uint8Array.from(parsed.data));
}

/** Reads the keypair at `file`, or generates one and writes it there (owner-only permissions). */
export function loadOrCreateKeypair(file: string): Keypair {
  if (existsSync(file)) return readKeypairFile(file);
  const keypair = Keypair.generate();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify([...keypair.secretKey]), { mode: 0o600 });
  return keypair;
}
