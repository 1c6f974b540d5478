import type { RpcMethods } from '../rpc/json-rpc.ts';
import { accountMethods } from './accounts.ts';
import { blockMethods } from './blocks.ts';
import { clusterMethods } from './cluster.ts';
import { faucetMethods } from './faucet-methods.ts';
import type { RpcContext } from './rpc-context.ts';
import { tokenMethods } from './tokens.ts';
import { transactionMethods } from './transactions.ts';

export type { RpcContext } from './rpc-context.ts';

/** Every HTTP JSON-RPC method the localnet answers. */
export function rpcMethods(context: RpcContext): RpcMethods {
  return {
    ...clusterMethods(context),
    ...blockMethods(context),
    ...accountMethods(context),
    ...tokenMethods(context),
    ...transactionMethods(context),
    ...faucetMethods(context),
  };
}
