import type { LocalnetChain } from '../chain/localnet-chain.ts';
import type { Faucet } from '../faucet.ts';

/** What the RPC method handlers work on. */
export interface RpcContext {
  readonly chain: LocalnetChain;
  readonly faucet: Faucet;
}
