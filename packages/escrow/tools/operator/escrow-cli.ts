// The operator's command for a real cluster (or any RPC URL):
//   npm run escrow -- <command> [--url URL] [--keypair FILE] [...] [--yes]     (npm run escrow -- --help lists them)
// Every spending step prints what it will do and its cost, then asks (unless --yes); each is idempotent: a deploy
// of the bytes already deployed and an init-config of an existing Config change nothing.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { decodeConfig } from '../../src/client/accounts.ts';
import { DEFAULT_CONFIG, PROGRAM_ID } from '../../src/client/constants.ts';
import { initializeConfigInstruction, setEscapeAfterInstruction, updateConfigInstruction } from '../../src/client/instructions/index.ts';
import { findConfigPda } from '../../src/client/pda.ts';
import { deployCommand, reclaimBuffersCommand, sol, upgradeCommand, type ProgramStep } from './program-commands.ts';
import { sendAndConfirm } from './send.ts';
import { escapeCommand } from './escape-command.ts';

export { READY } from './escape-command.ts';

export interface CliIo {
  out: (line: string) => void;
  /** Asks a yes/no question; resolves true only on an explicit yes. */
  confirm: (question: string) => Promise<boolean>;
}

const COMMANDS = ['deploy', 'upgrade', 'reclaim-buffers', 'init-config', 'show-config', 'set-fee', 'set-escape-after', 'escape'] as const;

export const USAGE = `usage: npm run escrow -- <command> [options]

commands:
  deploy           deploy the program at a new address through the upgradeable BPF loader
                   --program-keypair FILE (the program address's key) [--so FILE] [--max-len BYTES (default 2x the program)]
  upgrade          write a new build to a buffer and upgrade the program at the same address, then check that the
                   deployed bytes' sha256 equals the file's   [--so FILE (default the committed program)]
  reclaim-buffers  close the loader buffers whose authority is the signer (left by an interrupted deploy or
                   upgrade) and return their rent to it
  init-config      create the escrow's Config: --treasury ADDRESS [--fee-bps N] [--daily-fill-limit N] [--cooldown-seconds N]
  show-config      print the Config (admin, treasury, fee, limits); needs no keypair
  set-fee          change the fee: --fee-bps N
  set-escape-after change the escape deadline: --seconds N (at least 172800; signer: the upgrade authority)
  escape           for any wallet, no Jelly server needed: lists its deals and offers from the chain, says what it
                   may take back alone and from when; --do ADDRESS sends that one (signed and paid by --keypair)

options:
  --url URL              JSON-RPC endpoint (default $SOLANA_RPC_URL)
  --keypair FILE         upgrade authority = escrow admin = fee payer (default $ADMIN_KEYPAIR)
  --program-id ADDRESS   the program (default $ESCROW_PROGRAM_ID, else the id in the IDL)
  --yes                  do not ask before spending
  -h, --help             this text`;

function readKeypair(file: string): Keypair {
  const bytes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(bytes) || bytes.length !== 64) throw new Error(`${file} is not a keypair file (a JSON array of 64 bytes)`);
  return Keypair.fromSecretKey(Uint8Array.from(bytes as number[]));
}

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number`);
  return Number(value);
}

/** Runs one command; resolves with the process exit code. */
export async function runEscrowCli(argv: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      keypair: { type: 'string' },
      'program-id': { type: 'string' },
      'program-keypair': { type: 'string' },
      so: { type: 'string' },
      'max-len': { type: 'string' },
      treasury: { type: 'string' },
      'fee-bps': { type: 'string' },
      'daily-fill-limit': { type: 'string' },
      'cooldown-seconds': { type: 'string' },
      seconds: { type: 'string' },
      do: { type: 'string' },
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  const url = values.url ?? env.SOLANA_RPC_URL;
  const keypairFile = values.keypair ?? env.ADMIN_KEYPAIR;
  if (values.help || command === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (!command || !(COMMANDS as readonly string[]).includes(command)) {
    io.out(command ? `unknown command '${command}'\n\n${USAGE}` : USAGE);
    return 2;
  }
  if (!url) {
    io.out(`no cluster: pass --url or set SOLANA_RPC_URL\n\n${USAGE}`);
    return 2;
  }
  const connection = new Connection(url, 'confirmed');
  const programKeypair = values['program-keypair'] ? readKeypair(values['program-keypair']) : null;
  const programIdText = values['program-id'] ?? env.ESCROW_PROGRAM_ID;
  const programId = programKeypair?.publicKey ?? (programIdText ? new PublicKey(programIdText) : PROGRAM_ID);
  const [configAddress] = findConfigPda(programId);
  const ask = async (question: string) => values.yes || (await io.confirm(question));
  io.out(`cluster ${url}, program ${programId.toBase58()}`);

  if (command === 'show-config') {
    const account = await connection.getAccountInfo(configAddress, 'confirmed');
    if (!account) {
      io.out(`no Config at ${configAddress.toBase58()} (run init-config)`);
      return 1;
    }
    const c = decodeConfig(account.data);
    io.out(`Config ${configAddress.toBase58()}`);
    io.out(`  admin ${c.admin.toBase58()}\n  treasury ${c.treasury.toBase58()}\n  fee ${c.feeBps} bps`);
    io.out(`  daily fill limit ${c.dailyFillLimit}\n  cooldown ${c.cooldownSeconds} s`);
    io.out(`  escape after ${c.escapeAfterSeconds} s (${(c.escapeAfterSeconds / 86_400).toFixed(1)} days) without the admin`);
    return 0;
  }

  if (!keypairFile) throw new Error('--keypair (or ADMIN_KEYPAIR) is required to sign');
  const authority = readKeypair(keypairFile);
  const balance = BigInt(await connection.getBalance(authority.publicKey, 'confirmed'));
  io.out(`signer ${authority.publicKey.toBase58()} holds ${sol(balance)}`);

  if (command === 'escape') return escapeCommand({ connection, wallet: authority, programId, out: io.out, ask, target: values.do });
  const step: ProgramStep = { connection, authority, programId, out: io.out, ask };
  if (command === 'deploy') {
    const maxLen = values['max-len'] === undefined ? undefined : integer(values['max-len'], 'max-len', 0);
    return deployCommand(step, programKeypair, { so: values.so, maxLen });
  }
  if (command === 'upgrade') return upgradeCommand(step, { so: values.so });
  if (command === 'reclaim-buffers') return reclaimBuffersCommand(step);

  const existing = await connection.getAccountInfo(configAddress, 'confirmed');
  const send = (tx: Transaction) => sendAndConfirm(connection, tx, [authority]);
  if (command === 'init-config') {
    if (existing) {
      io.out(`Config ${configAddress.toBase58()} already exists; nothing to do (show-config shows it, set-fee changes the fee)`);
      return 0;
    }
    if (!values.treasury) throw new Error('init-config needs --treasury (the wallet that receives the fees)');
    const settings = {
      treasury: new PublicKey(values.treasury),
      feeBps: integer(values['fee-bps'], 'fee-bps', DEFAULT_CONFIG.feeBps),
      dailyFillLimit: integer(values['daily-fill-limit'], 'daily-fill-limit', DEFAULT_CONFIG.dailyFillLimit),
      cooldownSeconds: integer(values['cooldown-seconds'], 'cooldown-seconds', DEFAULT_CONFIG.cooldownSeconds),
    };
    io.out(
      `will create Config ${configAddress.toBase58()}: admin ${authority.publicKey.toBase58()}, treasury ${settings.treasury.toBase58()}, ` +
        `fee ${settings.feeBps} bps, daily fill limit ${settings.dailyFillLimit}, cooldown ${settings.cooldownSeconds} s`,
    );
    if (!(await ask('Initialise the Config?'))) return 1;
    const signature = await send(new Transaction().add(initializeConfigInstruction({ admin: authority.publicKey, ...settings, programId })));
    io.out(`initialised: ${signature}`);
    return 0;
  }

  if (!existing) throw new Error(`no Config at ${configAddress.toBase58()}: run init-config first`);
  const current = decodeConfig(existing.data);
  if (command === 'set-escape-after') {
    const seconds = integer(values.seconds, 'seconds', -1);
    if (seconds < 0) throw new Error('set-escape-after needs --seconds');
    io.out(`will change the escape deadline from ${current.escapeAfterSeconds} to ${seconds} s`);
    if (!(await ask('Change the escape deadline?'))) return 1;
    const ix = setEscapeAfterInstruction({ authority: authority.publicKey, escapeAfterSeconds: seconds, programId });
    io.out(`escape deadline changed: ${await send(new Transaction().add(ix))}`);
    return 0;
  }

  // set-fee
  const feeBps = integer(values['fee-bps'], 'fee-bps', -1);
  if (feeBps < 0) throw new Error('set-fee needs --fee-bps');
  if (feeBps === current.feeBps) {
    io.out(`the fee is already ${feeBps} bps; nothing to do`);
    return 0;
  }
  io.out(`will change the fee from ${current.feeBps} to ${feeBps} bps (treasury, limits and admin unchanged)`);
  if (!(await ask('Change the fee?'))) return 1;
  const { treasury, dailyFillLimit, cooldownSeconds } = current;
  const ix = updateConfigInstruction({ admin: authority.publicKey, treasury, dailyFillLimit, cooldownSeconds, feeBps, programId });
  io.out(`fee changed: ${await send(new Transaction().add(ix))}`);
  return 0;
}

async function terminalConfirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runEscrowCli(process.argv.slice(2), { out: (line) => console.log(line), confirm: terminalConfirm }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
