import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Connection, Keypair, LAMPORTS_PER_SOL, type PublicKey } from '@solana/web3.js';
import { startLocalnet, type Localnet, type SlotClock } from '../src/index.ts';

export interface TestLocalnet {
  localnet: Localnet;
  connection: Connection;
  admin: Keypair;
  dataDir: string;
  /** Closes the server (keeps the data folder). */
  close(): Promise<void>;
  /** Closes the server and deletes the data folder. */
  dispose(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'jelly-localnet-test-'));
}

/** A slot clock the test ticks by hand. */
export function manualSlotClock(): { clock: SlotClock; tick: (slots?: number) => void } {
  let produce: (() => void) | null = null;
  return {
    clock: (tick) => {
      produce = tick;
      return () => {
        produce = null;
      };
    },
    tick: (slots = 1) => {
      if (!produce) throw new Error('the slot clock is not running');
      for (let i = 0; i < slots; i += 1) produce();
    },
  };
}

/** Slots move only when a test ticks them (`slotClock`) or a transaction lands: no test depends on wall time. */
export async function startTestLocalnet(
  options: { dataDir?: string; admin?: Keypair; now?: () => number; slotClock?: SlotClock } = {},
): Promise<TestLocalnet> {
  const dataDir = options.dataDir ?? tempDataDir();
  const admin = options.admin ?? Keypair.generate();
  const localnet = await startLocalnet({
    dataDir,
    admin,
    port: 0,
    slotClock: options.slotClock ?? false,
    ...(options.now ? { now: options.now } : {}),
  });
  const connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: localnet.wsUrl });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await localnet.close();
  };
  return {
    localnet,
    connection,
    admin,
    dataDir,
    close,
    dispose: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Raw JSON-RPC call, for shapes and errors that web3.js hides. */
export async function rpc(url: string, method: string, params?: unknown): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
}

export async function fundedKeypair(test: TestLocalnet, sol = 10): Promise<Keypair> {
  const keypair = Keypair.generate();
  await test.localnet.faucet(keypair.publicKey, { sol: BigInt(sol * LAMPORTS_PER_SOL) });
  return keypair;
}

export async function lamportsOf(connection: Connection, key: PublicKey): Promise<number> {
  return connection.getBalance(key, 'confirmed');
}
