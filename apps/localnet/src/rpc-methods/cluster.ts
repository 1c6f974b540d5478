import { createHash } from 'node:crypto';
import { VersionedMessage } from '@solana/web3.js';
import { z } from 'zod';
import { SLOTS_PER_EPOCH } from '../chain/localnet-chain.ts';
import { feeForMessage } from '../chain/fees.ts';
import { FeatureSet } from '../chain/svm.ts';
import type { RpcMethods } from '../rpc/json-rpc.ts';
import { invalidParams } from '../rpc/rpc-error.ts';
import { commitmentOrConfig, context, contextConfigSchema, parseParams, pubkeySchema, SOLANA_CORE_VERSION } from './params.ts';
import type { RpcContext } from './rpc-context.ts';

const noParams = z.tuple([commitmentOrConfig.optional()]);

/**
 * getVersion's feature-set: the first four bytes (little-endian) of the sha256 over every feature id the runtime
 * knows, sorted, which is how a validator names the feature set it was built with.
 */
function featureSetId(): number {
  const all = FeatureSet.allEnabled();
  const ids = [...all.getActiveFeatures(), ...all.getInactiveFeatures()].sort(Buffer.compare);
  const hash = createHash('sha256');
  for (const id of ids) hash.update(id);
  return hash.digest().readUInt32LE(0);
}

/** Cluster and block-level methods: health, version, slots, blockhashes, fees, rent. */
export function clusterMethods({ chain, faucet }: RpcContext): RpcMethods {
  const featureSet = featureSetId();
  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': featureSet }),
    getGenesisHash: () => chain.genesisHash,
    getIdentity: () => ({ identity: faucet.publicKey }),
    // The oldest block the ledger still serves.
    getFirstAvailableBlock: () => chain.ledger.firstKeptSlot,
    minimumLedgerSlot: () => chain.ledger.firstKeptSlot,
    // Every lamport is circulating: no stake or locked accounts on a single-user ledger. The total is the sum
    // over the accounts the ledger holds, an exact u64 (bigint on the wire).
    getSupply: (params) => {
      const configSchema = contextConfigSchema.extend({ excludeNonCirculatingAccountsList: z.boolean().optional() });
      const [config] = parseParams(z.tuple([configSchema.optional()]), params);
      const ctx = context(chain, config);
      let total = 0n;
      for (const pubkey of chain.touched) total += chain.getAccount(pubkey)?.lamports ?? 0n;
      return { context: ctx, value: { total, circulating: total, nonCirculating: 0n, nonCirculatingAccounts: [] } };
    },
    getSlot: (params) => {
      const [config] = parseParams(noParams, params);
      return context(chain, config).slot;
    },
    getBlockHeight: (params) => {
      const [config] = parseParams(noParams, params);
      context(chain, config);
      return chain.ledger.blockHeight;
    },
    getTransactionCount: (params) => {
      const [config] = parseParams(noParams, params);
      context(chain, config);
      return chain.history.transactionCount;
    },
    getEpochInfo: (params) => {
      const [config] = parseParams(noParams, params);
      const { slot } = context(chain, config);
      return {
        absoluteSlot: slot,
        blockHeight: chain.ledger.blockHeight,
        epoch: Math.floor(slot / SLOTS_PER_EPOCH),
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: chain.history.transactionCount,
      };
    },
    getEpochSchedule: () => ({
      slotsPerEpoch: SLOTS_PER_EPOCH,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      warmup: false,
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
    }),
    getLatestBlockhash: (params) => {
      const [config] = parseParams(noParams, params);
      return {
        context: context(chain, config),
        value: { blockhash: chain.ledger.latest.blockhash, lastValidBlockHeight: chain.ledger.lastValidBlockHeight },
      };
    },
    isBlockhashValid: (params) => {
      const [blockhash, config] = parseParams(z.tuple([pubkeySchema, contextConfigSchema.optional()]), params);
      return { context: context(chain, config), value: chain.ledger.slotOfValidBlockhash(blockhash) !== null };
    },
    getFeeForMessage: (params) => {
      const [encoded, config] = parseParams(z.tuple([z.string(), contextConfigSchema.optional()]), params);
      let message: VersionedMessage;
      try {
        message = VersionedMessage.deserialize(Buffer.from(encoded, 'base64'));
      } catch (error) {
        throw invalidParams(`Invalid params: invalid message: ${error instanceof Error ? error.message : String(error)}`);
      }
      const valid = chain.ledger.slotOfValidBlockhash(message.recentBlockhash) !== null;
      return { context: context(chain, config), value: valid ? feeForMessage(message) : null };
    },
    getMinimumBalanceForRentExemption: (params) => {
      const [size] = parseParams(z.tuple([z.number().int().nonnegative().max(10 * 1024 * 1024), commitmentOrConfig.optional()]), params);
      return Number(chain.svm.minimumBalanceForRentExemption(BigInt(size)));
    },
    // No fee market on a single-user ledger: there are no recent priority fees to report.
    getRecentPrioritizationFees: (params) => {
      parseParams(z.tuple([z.array(pubkeySchema).max(128).optional()]), params);
      return [];
    },
  };
}
