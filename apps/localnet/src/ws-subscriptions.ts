import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import { SYSTEM_PROGRAM_ID, type LedgerAccount } from './chain/account.ts';
import type { LocalnetChain, ProcessedTransaction, ProducedBlock } from './chain/localnet-chain.ts';
import { checkSliceAndEncoding, encodeAccount, type AccountEncoding } from './encoding/account-encoding.ts';
import { accountFiltersSchema, matchesFilters, type AccountFilter } from './encoding/account-filters.ts';
import { handleJsonRpc, parseErrorResponse, type RpcLogger, type RpcMethods } from './rpc/json-rpc.ts';
import { toJsonText } from './rpc/json-text.ts';
import { invalidParams } from './rpc/rpc-error.ts';
import {
  accountEncodingSchema,
  commitmentSchema,
  dataSliceSchema,
  parseParams,
  pubkeySchema,
  signatureSchema,
} from './rpc-methods/params.ts';

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'account'; socket: WebSocket; pubkey: string; encoding: AccountEncoding; dataSlice?: { offset: number; length: number } }
  | { kind: 'program'; socket: WebSocket; programId: string; encoding: AccountEncoding; filters: AccountFilter[]; dataSlice?: { offset: number; length: number } }
  | { kind: 'logs'; socket: WebSocket; mentions: string | null }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'root'; socket: WebSocket };

const NOTIFICATION_METHOD: Record<Subscription['kind'], string> = {
  signature: 'signatureNotification',
  account: 'accountNotification',
  program: 'programNotification',
  logs: 'logsNotification',
  slot: 'slotNotification',
  root: 'rootNotification',
};

const accountSubscribeConfig = z.object({
  commitment: commitmentSchema.optional(),
  encoding: accountEncodingSchema.optional(),
  dataSlice: dataSliceSchema.optional(),
});
// What accountNotification reports for an account that was closed.
const CLOSED_ACCOUNT: LedgerAccount = { lamports: 0n, owner: SYSTEM_PROGRAM_ID, executable: false, rentEpoch: 0n, data: new Uint8Array() };

/**
 * Solana PubSub over WebSocket (the protocol web3.js's Connection speaks): signature, account, program,
 * logs, slot and root subscriptions, notified as each transaction is processed.
 */
export class SubscriptionHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly subscriptions = new Map<number, Subscription>();
  private nextId = 1;
  private readonly unsubscribeChain: () => void;
  private readonly unsubscribeBlocks: () => void;

  constructor(
    private readonly chain: LocalnetChain,
    private readonly log?: RpcLogger,
  ) {
    this.unsubscribeChain = chain.onProcessed((processed) => this.notifyProcessed(processed));
    this.unsubscribeBlocks = chain.onBlock((block) => this.notifyBlock(block));
    this.wss.on('connection', (socket) => this.accept(socket));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  async close(): Promise<void> {
    this.unsubscribeChain();
    this.unsubscribeBlocks();
    for (const client of this.wss.clients) client.terminate();
    this.subscriptions.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    const methods = this.methodsFor(socket);
    socket.on('message', (raw: RawData) => {
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString());
      } catch {
        socket.send(toJsonText(parseErrorResponse()));
        return;
      }
      void handleJsonRpc(payload, methods, this.log).then((response) => {
        if (response && socket.readyState === socket.OPEN) socket.send(toJsonText(response));
      });
    });
    socket.on('close', () => {
      for (const [id, subscription] of this.subscriptions) {
        if (subscription.socket === socket) this.subscriptions.delete(id);
      }
    });
  }

  private add(subscription: Subscription): number {
    const id = this.nextId;
    this.nextId += 1;
    this.subscriptions.set(id, subscription);
    return id;
  }

  private remover(kind: Subscription['kind'], socket: WebSocket) {
    return (params: unknown): boolean => {
      const [id] = parseParams(z.tuple([z.number().int()]), params);
      const subscription = this.subscriptions.get(id);
      if (!subscription || subscription.kind !== kind || subscription.socket !== socket) {
        throw invalidParams('Invalid subscription id.');
      }
      this.subscriptions.delete(id);
      return true;
    };
  }

  private methodsFor(socket: WebSocket): RpcMethods {
    return {
      signatureSubscribe: (params) => {
        const config = z.object({ commitment: commitmentSchema.optional(), enableReceivedNotification: z.boolean().optional() });
        const [signature, options] = parseParams(z.tuple([signatureSchema, config.optional()]), params);
        const id = this.add({ kind: 'signature', socket, signature });
        if (options?.enableReceivedNotification) {
          setImmediate(() => this.send(socket, 'signatureNotification', id, { context: { slot: this.chain.ledger.slot }, value: 'receivedSignature' }));
        }
        // Already processed: everything is final here, so notify now (after the subscription id is sent).
        const record = this.chain.history.get(signature);
        if (record) setImmediate(() => this.notifySignature(id, record.slot, record.err));
        return id;
      },
      signatureUnsubscribe: this.remover('signature', socket),
      accountSubscribe: (params) => {
        const [pubkey, config] = parseParams(z.tuple([pubkeySchema, accountSubscribeConfig.optional()]), params);
        checkSliceAndEncoding(config?.encoding, config?.dataSlice);
        const subscription: Subscription = { kind: 'account', socket, pubkey, encoding: config?.encoding ?? 'binary' };
        if (config?.dataSlice) subscription.dataSlice = config.dataSlice;
        return this.add(subscription);
      },
      accountUnsubscribe: this.remover('account', socket),
      programSubscribe: (params) => {
        const config = accountSubscribeConfig.extend({ filters: accountFiltersSchema.optional() });
        const [programId, options] = parseParams(z.tuple([pubkeySchema, config.optional()]), params);
        checkSliceAndEncoding(options?.encoding, options?.dataSlice);
        return this.add({
          kind: 'program',
          socket,
          programId,
          encoding: options?.encoding ?? 'binary',
          filters: options?.filters ?? [],
          ...(options?.dataSlice ? { dataSlice: options.dataSlice } : {}),
        });
      },
      programUnsubscribe: this.remover('program', socket),
      logsSubscribe: (params) => {
        const filter = z.union([
          z.enum(['all', 'allWithVotes']).transform(() => null),
          z.object({ mentions: z.array(pubkeySchema).length(1, 'Invalid Request: Only 1 address supported') }).transform(({ mentions }) => mentions[0] as string),
        ]);
        const [mentions] = parseParams(z.tuple([filter, z.object({ commitment: commitmentSchema.optional() }).optional()]), params);
        return this.add({ kind: 'logs', socket, mentions });
      },
      logsUnsubscribe: this.remover('logs', socket),
      slotSubscribe: () => this.add({ kind: 'slot', socket }),
      slotUnsubscribe: this.remover('slot', socket),
      rootSubscribe: () => this.add({ kind: 'root', socket }),
      rootUnsubscribe: this.remover('root', socket),
    };
  }

  private send(socket: WebSocket, method: string, subscription: number, result: unknown): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(toJsonText({ jsonrpc: '2.0', method, params: { result, subscription } }));
  }

  private notifySignature(id: number, slot: number, err: unknown): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription || subscription.kind !== 'signature') return;
    // A signature subscription ends with its notification, as on a real node.
    this.subscriptions.delete(id);
    this.send(subscription.socket, NOTIFICATION_METHOD.signature, id, { context: { slot }, value: { err } });
  }

  private encode(account: LedgerAccount | null, encoding: AccountEncoding, dataSlice?: { offset: number; length: number }) {
    const read = (pubkey: string) => this.chain.getAccount(pubkey);
    try {
      return encodeAccount(account ?? CLOSED_ACCOUNT, encoding, dataSlice, read);
    } catch {
      // e.g. base58 asked for a large account: fall back to base64 rather than dropping the notification
      return encodeAccount(account ?? CLOSED_ACCOUNT, 'base64', dataSlice, read);
    }
  }

  /** Every block, with or without a transaction, moves slot and root subscribers on (everything is final here). */
  private notifyBlock({ slot, parentSlot }: ProducedBlock): void {
    for (const [id, subscription] of this.subscriptions) {
      if (subscription.kind === 'slot') {
        this.send(subscription.socket, NOTIFICATION_METHOD.slot, id, { parent: parentSlot, root: slot, slot });
      } else if (subscription.kind === 'root') {
        this.send(subscription.socket, NOTIFICATION_METHOD.root, id, slot);
      }
    }
  }

  private notifyProcessed({ record, writableKeys }: ProcessedTransaction): void {
    const slot = record.slot;
    const context = { slot };
    const writable = new Set(writableKeys);
    for (const [id, subscription] of this.subscriptions) {
      switch (subscription.kind) {
        case 'signature':
          if (subscription.signature === record.signature) this.notifySignature(id, slot, record.err);
          break;
        case 'logs':
          if (subscription.mentions === null || record.accountKeys.includes(subscription.mentions)) {
            this.send(subscription.socket, NOTIFICATION_METHOD.logs, id, {
              context,
              value: { signature: record.signature, err: record.err, logs: record.logs },
            });
          }
          break;
        case 'account':
          if (writable.has(subscription.pubkey)) {
            const account = this.chain.getAccount(subscription.pubkey);
            this.send(subscription.socket, NOTIFICATION_METHOD.account, id, {
              context,
              value: this.encode(account, subscription.encoding, subscription.dataSlice),
            });
          }
          break;
        case 'program':
          for (const pubkey of writable) {
            const account = this.chain.getAccount(pubkey);
            if (!account || account.owner !== subscription.programId || !matchesFilters(account, subscription.filters)) continue;
            this.send(subscription.socket, NOTIFICATION_METHOD.program, id, {
              context,
              value: { pubkey, account: this.encode(account, subscription.encoding, subscription.dataSlice) },
            });
          }
          break;
      }
    }
  }
}
