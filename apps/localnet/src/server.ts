import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { bootstrapLedger, STABLECOIN_MINTS, type Logger } from './bootstrap.ts';
import { bootstrapEscrow, type EscrowDeployment } from './bootstrap-escrow.ts';
import { LocalnetChain } from './chain/localnet-chain.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { createFaucet, type FaucetAmounts, type StablecoinMints } from './faucet.ts';
import { loadOrCreateKeypair } from './keypair-file.ts';
import { loadState, restoreAccounts, snapshotState, StateSaver, STATE_FILE_NAME } from './persistence.ts';
import { handleJsonRpc, parseErrorResponse, type RpcMethods } from './rpc/json-rpc.ts';
import { toJsonText } from './rpc/json-text.ts';
import { rpcMethods } from './rpc-methods/index.ts';
import { SubscriptionHub } from './ws-subscriptions.ts';

export const FAUCET_KEYPAIR_FILE = 'localnet-faucet-keypair.json';
const LOCK_FILE = 'localnet.lock';
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const SAVE_DEBOUNCE_MS = 100;
const DEFAULT_HISTORY_LIMIT = 5_000;
/** A cluster's slot time. */
export const SLOT_MS = 400;

/** Calls `tick` once per slot until the returned stop function is called. */
export type SlotClock = (tick: () => void) => () => void;

/** Slots that follow wall time, one every `slotMs`, as on a cluster (idle blockhashes expire after ~60 s). */
export function wallSlotClock(slotMs = SLOT_MS): SlotClock {
  return (tick) => {
    const timer = setInterval(tick, slotMs);
    timer.unref();
    return () => clearInterval(timer);
  };
}

export interface LocalnetOptions {
  /** The app's data folder; the localnet keeps its files in `<dataDir>/localnet/`. */
  dataDir: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port chosen by the OS. */
  port?: number;
  /** The fee payer and escrow admin (given by the API). */
  admin: Keypair;
  logger?: Logger;
  /** How many processed transactions getTransaction remembers (default 5,000). */
  historyLimit?: number;
  /**
   * The wall clock (ms since the epoch) the Clock sysvar and block times follow; default Date.now. Tests pass one
   * they can move forward, to pass on-chain waits such as the lock cooldown without sleeping through them.
   */
  now?: () => number;
  /**
   * What produces empty blocks while no transaction lands. Default: the wall slot clock, or none when `now` is
   * given (a test that drives the chain's time keeps its slots still too). `false`: none, a block per transaction
   * only; a function: the caller ticks (tests expire blockhashes without waiting).
   */
  slotClock?: SlotClock | false;
  /**
   * Deploy the escrow program and initialise its Config at start (default true). False gives a bare cluster, a
   * stand-in for devnet on which an operator deploys the program over RPC.
   */
  deployEscrow?: boolean;
}

export interface Localnet {
  rpcUrl: string;
  /** Same port as rpcUrl; give it to web3.js's Connection as `wsEndpoint`. */
  wsUrl: string;
  port: number;
  mints: StablecoinMints;
  /** The escrow program and its config PDA, or null while the program is not built. */
  escrow: EscrowDeployment | null;
  /** Sends SOL (lamports) and mints USDC/USDT (base units) to a wallet; resolves with the signature once final. */
  faucet(wallet: PublicKey, amounts: FaucetAmounts): Promise<string>;
  /** Open WebSocket subscriptions (tests wait for a client's subscription to be registered). */
  subscriptionCount(): number;
  close(): Promise<void>;
}

function setCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? 'content-type, solana-client');
  response.setHeader('Access-Control-Max-Age', '86400');
}

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(toJsonText(body));
}

function httpHandler(methods: RpcMethods, log: Logger) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    setCors(request, response);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'POST, GET, OPTIONS', 'Content-Type': 'text/plain' }).end('Method Not Allowed: send JSON-RPC with POST');
      return;
    }
    const body = await readBody(request);
    if (body === null) {
      sendJson(response, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } });
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      sendJson(response, 200, parseErrorResponse());
      return;
    }
    const result = await handleJsonRpc(payload, methods, log);
    if (result === undefined) response.writeHead(204).end();
    else sendJson(response, 200, result);
  };
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts a Solana JSON-RPC + WebSocket server over LiteSVM, with its state kept in `<dataDir>/localnet/`:
 * restored if present, else bootstrapped (faucet, USDC/USDT mints, funded admin, escrow program and config).
 */
export async function startLocalnet(options: LocalnetOptions): Promise<Localnet> {
  const log: Logger = options.logger ?? (() => undefined);
  const dir = path.join(options.dataDir, 'localnet');
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK_FILE);
  const unlock = await lockDataDir(
    lockFile,
    (owner) => `The localnet data folder is in use (lock ${lockFile} held by process ${owner}); give each localnet its own data folder`,
  );
  try {
    const stateFile = path.join(dir, STATE_FILE_NAME);
    const state = loadState(stateFile);
    const chain = new LocalnetChain({
      historyLimit: options.historyLimit ?? DEFAULT_HISTORY_LIMIT,
      ...(state ? { state: state.chain } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    if (state) {
      restoreAccounts(chain, state.accounts);
      log('restored localnet state', { slot: chain.ledger.slot, accounts: state.accounts.length });
    }
    const faucetKeypair = loadOrCreateKeypair(path.join(dir, FAUCET_KEYPAIR_FILE));
    const faucet = createFaucet(chain, faucetKeypair, STABLECOIN_MINTS);
    bootstrapLedger(chain, { admin: options.admin, faucetKeypair, faucet, log });
    const escrow = options.deployEscrow === false ? null : bootstrapEscrow(chain, options.admin, log);

    const saver = new StateSaver(stateFile, () => snapshotState(chain), SAVE_DEBOUNCE_MS, (error) =>
      log('could not save the localnet state', { error: error instanceof Error ? error.message : String(error) }),
    );
    chain.onProcessed(() => saver.schedule());
    await saver.flush();

    const hub = new SubscriptionHub(chain, log);
    const handle = httpHandler(rpcMethods({ chain, faucet }), log);
    const server = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        log('request failed', { error: error instanceof Error ? error.message : String(error) });
        if (!response.headersSent) sendJson(response, 500, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } });
      });
    });
    server.on('upgrade', (request, socket, head) => hub.handleUpgrade(request, socket, head));
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const slotClock = options.slotClock ?? (options.now ? false : wallSlotClock());
    const stopSlotClock = slotClock ? slotClock(() => chain.produceEmptyBlock()) : () => undefined;
    log('localnet listening', { rpcUrl: `http://${urlHost(host)}:${port}`, slot: chain.ledger.slot });

    let closing: Promise<void> | null = null;
    return {
      rpcUrl: `http://${urlHost(host)}:${port}`,
      wsUrl: `ws://${urlHost(host)}:${port}`,
      port,
      mints: STABLECOIN_MINTS,
      escrow,
      faucet: async (wallet, amounts) => faucet.fund(wallet.toBase58(), amounts),
      subscriptionCount: () => hub.subscriptionCount,
      close: () => {
        closing ??= (async () => {
          stopSlotClock();
          await hub.close();
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          try {
            await saver.flush();
          } finally {
            await unlock();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
