import { z } from 'zod';
import type { TransactionRecord } from '../chain/transaction-record.ts';
import { transactionAccountsJson, transactionJson } from '../encoding/transaction-json.ts';
import type { RpcMethods } from '../rpc/json-rpc.ts';
import { invalidParams, RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';
import { commitmentOrConfig, context, contextConfigSchema, parseParams } from './params.ts';
import type { RpcContext } from './rpc-context.ts';

// A node refuses getBlocks ranges and getBlocksWithLimit limits above this.
const MAX_BLOCK_RANGE = 500_000;

const slotSchema = z.number().int().nonnegative();

const blockConfigSchema = contextConfigSchema.extend({
  encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
  transactionDetails: z.enum(['full', 'accounts', 'signatures', 'none']).optional(),
  rewards: z.boolean().optional(),
  maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
});

/**
 * Blocks as explorers and indexers read them. Every slot holds a block (none is skipped); a block holds one
 * transaction or none, and the ledger keeps the latest 512 blocks.
 */
export function blockMethods({ chain }: RpcContext): RpcMethods {
  const transactionIn = (slot: number): TransactionRecord | null => {
    for (const record of chain.history.newestFirst()) {
      if (record.slot === slot) return record;
      if (record.slot < slot) break;
    }
    return null;
  };
  const keptBlock = (slot: number) => {
    const kept = chain.ledger.block(slot);
    if (kept) return kept;
    if (slot > chain.ledger.slot) throw new RpcError(RPC_ERROR.blockNotAvailable, `Block not available for slot ${slot}`);
    throw new RpcError(
      RPC_ERROR.blockCleanedUp,
      `Block ${slot} cleaned up, does not exist on node. First available block: ${chain.ledger.firstKeptSlot}`,
    );
  };
  /** The slots that hold a block in [start, end], clipped to the kept window and the current slot. */
  const blocksBetween = (start: number, end: number): number[] => {
    const from = Math.max(start, chain.ledger.firstKeptSlot);
    const to = Math.min(end, chain.ledger.slot);
    const slots: number[] = [];
    for (let slot = from; slot <= to; slot += 1) slots.push(slot);
    return slots;
  };

  return {
    getBlock: (params) => {
      const [slot, config] = parseParams(
        z.tuple([slotSchema, blockConfigSchema.or(z.enum(['json', 'jsonParsed', 'base64', 'base58']).transform((encoding) => ({ encoding }))).optional()]),
        params,
      );
      const options = config ?? {};
      const { block, previousBlockhash } = keptBlock(slot);
      const record = transactionIn(slot);
      const records = record ? [record] : [];
      const details = 'transactionDetails' in options ? options.transactionDetails ?? 'full' : 'full';
      const maxVersion = 'maxSupportedTransactionVersion' in options ? options.maxSupportedTransactionVersion : undefined;
      const showRewards = 'rewards' in options ? options.rewards ?? true : true;
      const answer: Record<string, unknown> = {
        blockhash: block.blockhash,
        // The first kept block's parent is gone from the ledger; a node answers the parent's hash, we repeat ours.
        previousBlockhash: previousBlockhash ?? block.blockhash,
        parentSlot: Math.max(slot - 1, 0),
        blockHeight: slot,
        blockTime: block.blockTime ?? record?.blockTime ?? null,
      };
      if (details === 'full') {
        answer.transactions = records.map((entry) => {
          const { slot: _slot, blockTime: _time, ...rest } = transactionJson(entry, options.encoding ?? 'json', maxVersion);
          return rest;
        });
      } else if (details === 'accounts') {
        answer.transactions = records.map((entry) => transactionAccountsJson(entry, maxVersion));
      } else if (details === 'signatures') {
        answer.signatures = records.map((entry) => entry.signature);
      }
      if (showRewards) answer.rewards = [];
      return answer;
    },

    getBlocks: (params) => {
      const [start, endOrConfig, config] = parseParams(
        z.tuple([slotSchema, slotSchema.or(commitmentOrConfig).optional(), commitmentOrConfig.optional()]),
        params,
      );
      context(chain, typeof endOrConfig === 'object' ? endOrConfig : config);
      const end = typeof endOrConfig === 'number' ? endOrConfig : chain.ledger.slot;
      if (end - start > MAX_BLOCK_RANGE) throw invalidParams(`Slot range too large; max ${MAX_BLOCK_RANGE}`);
      return blocksBetween(start, end);
    },

    getBlocksWithLimit: (params) => {
      const [start, limit, config] = parseParams(z.tuple([slotSchema, slotSchema, commitmentOrConfig.optional()]), params);
      context(chain, config);
      if (limit > MAX_BLOCK_RANGE) throw invalidParams(`Limit too large; max ${MAX_BLOCK_RANGE}`);
      if (limit === 0) return [];
      return blocksBetween(start, start + limit - 1);
    },

    getBlockTime: (params) => {
      const [slot] = parseParams(z.tuple([slotSchema]), params);
      const kept = chain.ledger.block(slot);
      const time = kept?.block.blockTime ?? transactionIn(slot)?.blockTime;
      if (time === undefined) throw new RpcError(RPC_ERROR.blockNotAvailable, `Block not available for slot ${slot}`);
      return time;
    },
  };
}
